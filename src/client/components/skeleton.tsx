import { cn } from '../lib/cn';

/** A grey placeholder block with the shape of content still loading. Size it with classes. */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)} />;
}
