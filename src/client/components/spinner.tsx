import { LoaderCircle } from 'lucide-react';
import { cn } from '../lib/cn';

interface SpinnerProps {
  /** Read by screen readers; also shown when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
  className?: string;
}

export function Spinner({ label = 'Loading…', showLabel = false, className }: SpinnerProps) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2 text-slate-600', className)}>
      <LoaderCircle aria-hidden="true" className="size-5 animate-spin motion-reduce:animate-none" />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </span>
  );
}

/** A centred spinner that holds a page's place while its data or the session loads. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center py-16">
      <Spinner label={label} showLabel className="text-slate-500" />
    </div>
  );
}
