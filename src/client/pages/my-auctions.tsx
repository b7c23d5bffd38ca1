import { useInfiniteQuery } from '@tanstack/react-query';
import { Plus, Store } from 'lucide-react';
import { Banner } from '../components/banner';
import { Button, ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/use-live-bids';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { useTRPC } from '../lib/trpc';

// Twelve cards fill the first screens on any width; more load on demand.
const PAGE_SIZE = 12;

/** /myauction: the signed-in user's own auctions. */
export function MyAuctionsPage() {
  const trpc = useTRPC();
  const mine = useInfiniteQuery(
    trpc.auction.mine.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: (page) => page.nextCursor ?? undefined }),
  );
  const auctions = mine.data?.pages.flatMap((page) => page.items) ?? [];
  const total = mine.data?.pages[0]?.total;
  useLiveBids();

  return (
    <>
      <title>My Auctions · Open Auction</title>
      <PageHeader
        title="My All Auctions"
        // A blank line until the count arrives, so the button below it on phones does not move.
        description={typeof total === 'number' ? `${total} ${total === 1 ? 'auction' : 'auctions'} you are selling` : '\u00a0'}
        actions={
          <ButtonLink to={paths.createAuction} icon={<Plus aria-hidden="true" className="size-4" />}>
            Create Auction
          </ButtonLink>
        }
      />
      {mine.isPending ? (
        <AuctionGridSkeleton count={3} />
      ) : mine.isError ? (
        <Banner tone="error">{errorMessage(mine.error, 'An unexpected error occurred.')}</Banner>
      ) : (
        <>
          <AuctionGrid
            headingLevel={2}
            auctions={auctions}
            receivedAt={mine.dataUpdatedAt}
            empty={
              <EmptyState
                icon={Store}
                title="You haven't created any auctions yet"
                action={<ButtonLink to={paths.createAuction}>Create Your First Auction</ButtonLink>}
              />
            }
          />
          {mine.hasNextPage && (
            <div className="mt-8 flex justify-center">
              <Button variant="secondary" loading={mine.isFetchingNextPage} onClick={() => void mine.fetchNextPage()}>
                {mine.isFetchingNextPage ? 'Loading...' : 'Load more auctions'}
              </Button>
            </div>
          )}
        </>
      )}
    </>
  );
}
