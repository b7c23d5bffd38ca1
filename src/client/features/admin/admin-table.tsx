// The table frame of the admin console: scrolls sideways inside its card on narrow screens.
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useRef, type ReactNode, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { Skeleton } from '../../components/skeleton';
import { cn } from '../../lib/cn';
import { useOverflowsSideways } from '../../lib/use-overflows-sideways';

interface AdminTableProps {
  /** Read by screen readers as the table's name. */
  caption: string;
  head: ReactNode;
  children: ReactNode;
  busy?: boolean;
  minWidth?: string;
}

export function AdminTable({ caption, head, children, busy = false, minWidth = 'min-w-[720px]' }: AdminTableProps) {
  const captionId = useId();
  const scroller = useRef<HTMLDivElement>(null);
  const scrolls = useOverflowsSideways(scroller);
  return (
    <div
      ref={scroller}
      // Only while the table is wider than its card: then the keyboard can reach the hidden columns
      // (focus, then the arrow keys), and a screen reader names the region it lands in.
      {...(scrolls && { role: 'region', 'aria-labelledby': captionId, tabIndex: 0 })}
      className="scroll-shadows-x overflow-x-auto focus-visible:-outline-offset-2"
    >
      <table aria-busy={busy || undefined} className={cn('w-full border-collapse text-left text-sm', minWidth)}>
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr>{head}</tr>
        </thead>
        <tbody className={cn('divide-y divide-slate-100 transition-opacity', busy && 'opacity-60')}>{children}</tbody>
      </table>
    </div>
  );
}

const thText = 'text-xs font-semibold tracking-wide whitespace-nowrap uppercase';

export function Th({ className, ...rest }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th scope="col" className={cn('px-4 py-3 text-slate-600', thText, className)} {...rest} />;
}

export function Td({ className, ...rest }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('px-4 py-3 align-middle text-slate-700', className)} {...rest} />;
}

export type SortOrder = 'asc' | 'desc';

interface SortableThProps {
  label: string;
  /** This column's sort order, or null when the list is sorted by another column. */
  order: SortOrder | null;
  onSort: () => void;
}

/** A column header that sorts the list; aria-sort tells screen readers which way. */
export function SortableTh({ label, order, onSort }: SortableThProps) {
  const Icon = order === 'asc' ? ArrowUp : order === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'} className="p-0">
      <button
        type="button"
        onClick={onSort}
        className={cn(
          'inline-flex w-full items-center gap-1.5 px-4 py-3 hover:bg-slate-100 hover:text-slate-900 focus-visible:-outline-offset-2',
          thText,
          order ? 'text-slate-900' : 'text-slate-600',
        )}
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-3.5', order ? 'text-accent-700' : 'text-slate-400')} />
      </button>
    </th>
  );
}

/** Placeholder rows with the shape of a user row while a table loads. */
export function SkeletonRows({ rows, columns }: { rows: number; columns: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, r) => (
        <tr key={r} aria-hidden="true">
          {Array.from({ length: columns }, (_, c) => (
            <td key={c} className="px-4 py-3">
              {c === 0 ? (
                <div className="flex items-center gap-3">
                  <Skeleton className="size-10 rounded-full" />
                  <div className="space-y-1.5">
                    <Skeleton className="h-4 w-32" />
                    <Skeleton className="h-3 w-40" />
                  </div>
                </div>
              ) : (
                <Skeleton className="h-4 w-20" />
              )}
            </td>
          ))}
        </tr>
      ))}
    </>
  );
}
