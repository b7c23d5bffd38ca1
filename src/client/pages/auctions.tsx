import { PackageSearch, SearchX } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { AuctionStatusFilter, Category } from '../../shared/constants';
import { Button } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { HeadingCount } from '../components/heading-count';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { useAuctionList, useCategories } from '../features/auctions/api';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { AuctionListControls } from '../features/auctions/auction-list-controls';
import { CategoryFilter } from '../features/auctions/category-filter';
import { readListParams, writeListParams, type AuctionListParams } from '../features/auctions/list-params';
import { useLiveBids } from '../features/bidding/api';
import { SaveSearch } from '../features/saved-searches/save-search';

/** The end of "No auctions …" for a status that has none. */
const NONE_WITH_STATUS: Record<AuctionStatusFilter, string> = {
  all: 'yet',
  open: 'are open for bids',
  scheduled: 'are scheduled',
  ended: 'have ended',
};

/**
 * /auction: every auction, searched, filtered by category and status and sorted on the server, loaded
 * a page at a time. The address holds the choices, so a reload, a shared link or Back shows the same list.
 * 'Save this search' keeps the search and category (with a max price) for notifications of new matches.
 */
export function AuctionsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readListParams(searchParams);
  const categories = useCategories();
  const list = useAuctionList(params);
  useLiveBids();

  // Each new search, status or sort is a step Back can undo; refining a search replaces its step, so
  // Back leads to the list before the search, not to each pause in the typing. The category chips
  // keep replacing theirs.
  const change = useCallback(
    (changes: Partial<AuctionListParams>) =>
      setSearchParams((current) => writeListParams({ ...readListParams(current), ...changes }), {
        replace: changes.q !== undefined && changes.q.trim() !== '' && params.q.trim() !== '',
      }),
    [setSearchParams, params.q],
  );
  const selectCategory = (category: Category | null) =>
    setSearchParams((current) => writeListParams({ ...readListParams(current), category }), { replace: true });

  const words = params.q.trim();
  const filtered = words !== '' || params.status !== 'all';
  const empty = filtered ? (
    <EmptyState
      icon={SearchX}
      title={
        words
          ? `No auctions match “${words}”.`
          : `No auctions ${NONE_WITH_STATUS[params.status]}${params.category ? ' in this category' : ''}.`
      }
      description={words ? 'Check the spelling, or try fewer or shorter words.' : undefined}
      action={
        <Button variant="secondary" onClick={() => change({ q: '', status: 'all' })}>
          Show all auctions{params.category ? ` in ${params.category}` : ''}
        </Button>
      }
    />
  ) : (
    <EmptyState icon={PackageSearch} title="No auctions found in this category." />
  );

  return (
    <>
      <title>Auctions · Open Auction</title>
      <PageHeader
        title={
          <>
            {params.category ?? 'All Auctions'} <HeadingCount count={list.total} />
          </>
        }
        description="Browse what is up for auction and place your bids."
      />
      <AuctionListControls
        params={params}
        onChange={change}
        refreshing={list.refreshing}
        below={(draft) => <SaveSearch q={draft} category={params.category} />}
      />
      <CategoryFilter categories={categories.isError ? [] : categories.data} selected={params.category} onSelect={selectCategory} />
      <p className="sr-only" aria-live="polite">
        {list.total === undefined || list.refreshing ? '' : `${list.total} ${list.total === 1 ? 'auction' : 'auctions'} found`}
      </p>
      <div aria-busy={list.refreshing} className={list.refreshing ? 'opacity-60 transition-opacity' : undefined}>
        <LoadMoreList
          list={list}
          skeleton={<AuctionGridSkeleton count={6} />}
          failure="Could not load auctions. Please try again."
          empty={empty}
          moreLabel="Load more auctions"
        >
          <AuctionGrid headingLevel={2} auctions={list.items} receivedAt={list.receivedAt} />
        </LoadMoreList>
      </div>
    </>
  );
}
