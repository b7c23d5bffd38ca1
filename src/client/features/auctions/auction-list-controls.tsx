// The /auction list's search box and its status and sort choices. The box answers every keystroke;
// the list follows once typing pauses, so a word typed fast costs one request, not one per letter.
import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  AUCTION_SEARCH_MAX,
  AUCTION_SORTS,
  AUCTION_STATUS_FILTERS,
  type AuctionSort,
  type AuctionStatusFilter,
} from '../../../shared/constants';
import { inputClasses } from '../../components/field';
import { Spinner } from '../../components/spinner';
import { cn } from '../../lib/cn';
import { SORT_LABELS, STATUS_LABELS, type AuctionListParams } from './list-params';

const SEARCH_DEBOUNCE_MS = 300;

interface AuctionListControlsProps {
  params: AuctionListParams;
  onChange: (changes: Partial<AuctionListParams>) => void;
  /** Results for another choice are on their way: the current ones stay until they come. */
  refreshing: boolean;
  /** Drawn under the controls with the box's text as typed (the address follows it after a pause). */
  below?: (draft: string) => ReactNode;
}

export function AuctionListControls({ params, onChange, refreshing, below }: AuctionListControlsProps) {
  const searchId = useId();
  const statusId = useId();
  const sortId = useId();
  const box = useRef<HTMLInputElement>(null);

  const [draft, setDraft] = useState(params.q);
  const pushed = useRef(params.q);
  useEffect(() => {
    // The address changed from outside the box (Back, a shared link): show what it says.
    if (params.q !== pushed.current) {
      pushed.current = params.q;
      setDraft(params.q);
    }
  }, [params.q]);
  useEffect(() => {
    if (draft.trim() === params.q.trim()) return;
    const timer = setTimeout(() => {
      pushed.current = draft.trim();
      onChange({ q: draft });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, params.q, onChange]);

  const clear = () => {
    setDraft('');
    pushed.current = '';
    onChange({ q: '' });
    box.current?.focus();
  };

  return (
    <div className="mb-4 space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="w-full sm:max-w-md sm:flex-1">
          <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-800">
            Search auctions
          </label>
          <div className="relative">
            {/* The magnifier turns into a spinner while the results of a new choice load. */}
            <span className="pointer-events-none absolute top-1/2 left-3 flex -translate-y-1/2">
              {refreshing ? (
                <Spinner label="Updating the list…" className="[&_svg]:size-4" />
              ) : (
                <Search aria-hidden="true" className="size-4 text-slate-400" />
              )}
            </span>
            <input
              ref={box}
              id={searchId}
              type="search"
              value={draft}
              maxLength={AUCTION_SEARCH_MAX}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Name or description"
              autoComplete="off"
              enterKeyHint="search"
              className={cn(inputClasses, 'h-11 border-slate-300 pr-11 pl-9 [&::-webkit-search-cancel-button]:hidden')}
            />
            {draft && (
              <button
                type="button"
                onClick={clear}
                aria-label="Clear search"
                className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-accent-600"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </div>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          <div className="sm:w-44">
            <label htmlFor={statusId} className="mb-1.5 block text-sm font-medium text-slate-800">
              Show
            </label>
            <select
              id={statusId}
              value={params.status}
              onChange={(event) => onChange({ status: event.target.value as AuctionStatusFilter })}
              className={cn(inputClasses, 'h-11 border-slate-300')}
            >
              {AUCTION_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:w-48">
            <label htmlFor={sortId} className="mb-1.5 block text-sm font-medium text-slate-800">
              Sort by
            </label>
            <select
              id={sortId}
              value={params.sort}
              onChange={(event) => onChange({ sort: event.target.value as AuctionSort })}
              className={cn(inputClasses, 'h-11 border-slate-300')}
            >
              {AUCTION_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {below?.(draft)}
    </div>
  );
}
