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

/** One of the four counters on the admin dashboard (a group of its <dl>); a missing value shows 0. */
export function StatCard({ label, value, loading, icon: Icon, tone }: StatCardProps) {
  return (
    // A list's group holds only its term and value, so the icon sits inside the term: above the
    // label on phones, placed beside both lines by position on wider screens.
    <div className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:py-5 sm:pr-5 sm:pl-20">
      <dt className="text-sm text-slate-600">
        <span
          className={cn(
            'mb-3 flex size-11 items-center justify-center rounded-lg sm:absolute sm:top-1/2 sm:left-5 sm:mb-0 sm:-translate-y-1/2',
            tone,
          )}
        >
          <Icon aria-hidden="true" className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold text-slate-900 tabular-nums">
        {loading ? <Skeleton className="mt-1 h-7 w-12" /> : (value ?? 0).toLocaleString()}
      </dd>
    </div>
  );
}
