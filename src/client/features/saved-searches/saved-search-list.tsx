// /profile's 'Saved searches': each search in words with a link to its results and a delete button,
// newest first. Skeleton rows while the list loads; after a delete the focus goes to the heading, so
// a keyboard is not left on a button that went away.
import { BookmarkX, Search, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useDeleteSearch, useSavedSearches, type SavedSearch } from './api';
import { describeSearch } from './describe';

/** The /auction address that shows a saved search's results. */
function resultsPath({ q, category }: SavedSearch): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (category) params.set('category', category);
  const query = params.toString();
  return query ? `${paths.auctions}?${query}` : paths.auctions;
}

export function SavedSearchList() {
  const searches = useSavedSearches();
  const remove = useDeleteSearch();
  const [deleting, setDeleting] = useState<string | null>(null);
  const message = useTimedMessage();
  const heading = useRef<HTMLHeadingElement>(null);

  function onDelete(search: SavedSearch) {
    setDeleting(search._id);
    message.clear();
    remove.mutate(
      { id: search._id },
      {
        onSuccess: () => {
          message.show(`Saved search deleted: ${describeSearch(search)}.`);
          heading.current?.focus();
        },
        onSettled: () => setDeleting(null),
      },
    );
  }

  return (
    <Card className="p-5 sm:p-6">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        Saved searches
      </h2>
      <p className="mt-1 text-sm text-slate-600">You get a notification when a new auction matches one of them.</p>
      <div className="mt-4 space-y-3">
        {message.message && <Banner tone="success">{message.message}</Banner>}
        {remove.isError && <Banner tone="error">{errorMessage(remove.error, 'The search could not be deleted. Please try again.')}</Banner>}
        {searches.isPending ? (
          <div role="status" aria-label="Loading saved searches" className="space-y-3">
            {[0, 1].map((row) => (
              <Skeleton key={row} className="h-14 w-full rounded-lg" />
            ))}
          </div>
        ) : searches.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <p>Your saved searches could not be loaded.</p>
            <Button variant="secondary" size="sm" onClick={() => void searches.refetch()}>
              Try again
            </Button>
          </div>
        ) : searches.data.length === 0 ? (
          <p className="flex items-start gap-2 rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
            <BookmarkX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
            <span>
              No saved searches yet. On the{' '}
              <Link to={paths.auctions} className="font-medium text-accent-700 underline">
                auctions page
              </Link>
              , ‘Save this search’ keeps one here.
            </span>
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {searches.data.map((search) => {
              const words = describeSearch(search);
              return (
                <li key={search._id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3">
                  <div className="min-w-0">
                    <Link
                      to={resultsPath(search)}
                      className="flex items-center gap-1.5 font-medium break-words text-accent-700 hover:underline"
                    >
                      <Search aria-hidden="true" className="size-4 shrink-0" />
                      {words}
                    </Link>
                    <p className="text-sm text-slate-600">
                      Saved <time dateTime={search.createdAt}>{formatDateTime(search.createdAt)}</time>
                    </p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    loading={deleting === search._id}
                    disabled={deleting !== null}
                    aria-label={`Delete saved search ${words}`}
                    onClick={() => onDelete(search)}
                    icon={<Trash2 aria-hidden="true" className="size-4" />}
                    className="text-red-700 hover:bg-red-50"
                  >
                    {deleting === search._id ? 'Deleting...' : 'Delete'}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Card>
  );
}
