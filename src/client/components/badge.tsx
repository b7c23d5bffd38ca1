import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

/** neutral: categories, Scheduled; success: Active; muted: Ended; accent: highlights; admin/user: roles (docs/rules/screens.md). */
type BadgeTone = 'neutral' | 'accent' | 'success' | 'muted' | 'danger' | 'admin' | 'user';

const tones: Record<BadgeTone, string> = {
  neutral: 'bg-slate-100 text-slate-700 ring-slate-200',
  accent: 'bg-accent-50 text-accent-800 ring-accent-200',
  success: 'bg-green-50 text-green-800 ring-green-200',
  muted: 'bg-slate-100 text-slate-600 ring-slate-200',
  danger: 'bg-red-50 text-red-800 ring-red-200',
  admin: 'bg-purple-50 text-purple-800 ring-purple-200',
  user: 'bg-green-50 text-green-800 ring-green-200',
};

export function Badge({ tone = 'neutral', className, children }: { tone?: BadgeTone; className?: string; children: ReactNode }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tones[tone], className)}
    >
      {children}
    </span>
  );
}
