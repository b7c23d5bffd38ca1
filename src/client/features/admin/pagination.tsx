import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link, type To } from 'react-router-dom';
import { cn } from '../../lib/cn';

const WINDOW = 5;

/** Up to five page numbers centred on the current page, shifted to stay within 1..totalPages. */
function pageWindow(page: number, totalPages: number, size = WINDOW): number[] {
  const count = Math.min(size, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(size / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

interface PaginationProps {
  page: number;
  totalPages: number;
  total: number;
  pageSize: number;
  /** Where each page lives (a link, so a page can be opened in a new tab and Back works). */
  linkTo: (page: number) => To;
  className?: string;
}

const item =
  'inline-flex h-9 min-w-9 items-center justify-center gap-1 rounded-lg border px-3 text-sm font-medium tabular-nums transition-colors';
const enabled = 'border-slate-300 bg-white text-slate-700 hover:border-slate-400 hover:bg-slate-50';
const disabled = 'cursor-not-allowed border-slate-200 bg-slate-50 text-slate-400';

/** Shown only when there is more than one page: a single page needs no way to another. */
export function Pagination({ page, totalPages, total, pageSize, linkTo, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);

  const edge = (target: number, label: 'Previous' | 'Next', available: boolean) => {
    const content =
      label === 'Previous' ? (
        <>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Previous</span>
        </>
      ) : (
        <>
          <span className="sr-only sm:not-sr-only">Next</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </>
      );
    return available ? (
      <Link to={linkTo(target)} className={cn(item, 'max-sm:px-2', enabled)}>
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={cn(item, 'max-sm:px-2', disabled)}>
        {content}
      </span>
    );
  };

  return (
    <div className={cn('flex flex-col items-center gap-3 sm:flex-row sm:justify-between', className)}>
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing <span className="font-medium text-slate-900 tabular-nums">{first}</span> to{' '}
        <span className="font-medium text-slate-900 tabular-nums">{last}</span> of{' '}
        <span className="font-medium text-slate-900 tabular-nums">{total}</span> results
      </p>
      <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-1.5">
        {edge(page - 1, 'Previous', page > 1)}
        {pageWindow(page, totalPages).map((n) =>
          n === page ? (
            <span key={n} aria-current="page" aria-label={`Page ${n}`} className={cn(item, 'border-accent-700 bg-accent-700 text-white')}>
              {n}
            </span>
          ) : (
            <Link key={n} to={linkTo(n)} aria-label={`Page ${n}`} className={cn(item, enabled)}>
              {n}
            </Link>
          ),
        )}
        {edge(page + 1, 'Next', page < totalPages)}
      </nav>
    </div>
  );
}
