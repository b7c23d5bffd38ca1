import { useQuery } from '@tanstack/react-query';
import { Plus, Store } from 'lucide-react';
import { Banner } from '../components/banner';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/use-live-bids';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { useTRPC } from '../lib/trpc';

/** /myauction: the signed-in user's own auctions. */
export function MyAuctionsPage() {
  const trpc = useTRPC();
  const mine = useQuery(trpc.auction.mine.queryOptions());
  useLiveBids();

  return (
    <>
      <title>My Auctions · Open Auction</title>
      <PageHeader
        title="My All Auctions"
        // A blank line until the count arrives, so the button below it on phones does not move.
        description={mine.data ? `${mine.data.length} ${mine.data.length === 1 ? 'auction' : 'auctions'} you are selling` : '\u00a0'}
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
        <AuctionGrid
          headingLevel={2}
          auctions={mine.data}
          receivedAt={mine.dataUpdatedAt}
          empty={
            <EmptyState
              icon={Store}
              title="You haven't created any auctions yet"
              action={<ButtonLink to={paths.createAuction}>Create Your First Auction</ButtonLink>}
            />
          }
        />
      )}
    </>
  );
}
