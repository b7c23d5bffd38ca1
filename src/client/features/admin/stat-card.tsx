import type { LucideIcon } from 'lucide-react';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';

interface StatCardProps {
  label: string;
  value: number | undefined;
  loading: boolean;
  icon: LucideIcon;
  tone: string;
}

/** One of the four counters on the admin dashboard; a missing value shows 0 (SPEC §2). */
export function StatCard({ label, value, loading, icon: Icon, tone }: StatCardProps) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5">
      <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <dt className="text-sm text-slate-600">{label}</dt>
        <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
          {loading ? <Skeleton className="mt-1 h-7 w-12" /> : (value ?? 0).toLocaleString()}
        </dd>
      </div>
    </div>
  );
}
