import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';

interface EmptyStateProps {
  icon?: LucideIcon;
  title: string;
  /** The title's element: a heading when the empty state is the whole page. */
  titleAs?: 'p' | 'h1' | 'h2';
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ icon: Icon, title, titleAs: Title = 'p', description, action, className }: EmptyStateProps) {
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center',
        className,
      )}
    >
      {Icon && (
        <span className="mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <Icon aria-hidden="true" className="size-6" />
        </span>
      )}
      <Title className="text-base font-medium text-slate-900">{title}</Title>
      {description && <div className="mt-1 max-w-md text-sm text-slate-600">{description}</div>}
      {action && <div className="mt-6">{action}</div>}
    </div>
  );
}
