import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PackageSearch } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { CATEGORIES, type Category } from '../../shared/constants';
import { Banner } from '../components/banner';
import { Button } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { HeadingCount } from '../components/heading-count';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { CategoryFilter } from '../features/auctions/category-filter';
import { useLiveBids } from '../features/bidding/use-live-bids';
import { errorMessage } from '../lib/errors';
import { useTRPC } from '../lib/trpc';

// Twelve cards fill the first screens on any width; more load on demand.
const PAGE_SIZE = 12;

function categoryFrom(value: string | null): Category | null {
  return CATEGORIES.find((c) => c === value) ?? null;
}

/** /auction: every auction, newest first, filtered by category on the server and loaded a page at a time. */
export function AuctionsPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const category = categoryFrom(params.get('category'));
  useLiveBids();

  const categories = useQuery(trpc.auction.categories.queryOptions());
  const list = useInfiniteQuery(
    trpc.auction.list.infiniteQueryOptions(
      { limit: PAGE_SIZE, ...(category ? { category } : {}) },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const auctions = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages[0]?.total;

  const select = (next: Category | null) => setParams(next ? { category: next } : {}, { replace: true });

  return (
    <>
      <title>Auctions · Open Auction</title>
      <PageHeader
        title={
          <>
            {category ?? 'All Auctions'}{' '}
            <HeadingCount count={total} />
          </>
        }
        description="Browse what is up for auction and place your bids."
      />
      <CategoryFilter categories={categories.isError ? [] : categories.data} selected={category} onSelect={select} />
      {list.isPending ? (
        <AuctionGridSkeleton count={6} />
      ) : list.isError ? (
        <Banner tone="error">{errorMessage(list.error, 'Could not load auctions. Please try again.')}</Banner>
      ) : (
        <>
          <AuctionGrid
            headingLevel={2}
            auctions={auctions}
            receivedAt={list.dataUpdatedAt}
            empty={<EmptyState icon={PackageSearch} title="No auctions found in this category." />}
          />
          {list.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading...' : 'Load more auctions'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
