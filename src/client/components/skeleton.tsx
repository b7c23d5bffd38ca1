import { cn } from '../lib/cn';

/**
 * A grey placeholder block with the shape of content still loading. Size it with classes; a
 * `rounded-*` class of the caller replaces the default rounding (cn joins, it does not merge).
 */
export function Skeleton({ className = '' }: { className?: string }) {
  const rounding = /(^|\s)rounded(-|\s|$)/.test(className) ? null : 'rounded-md';
  return <div aria-hidden="true" className={cn('animate-pulse bg-slate-200 motion-reduce:animate-none', rounding, className)} />;
}
