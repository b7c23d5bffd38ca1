import { Star } from 'lucide-react';
import { Banner } from '../components/banner';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/api';
import { useWatchlist } from '../features/watchlist/api';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';

/** /watchlist: the auctions the user watches, open ones by soonest end first. */
export function WatchlistPage() {
  const watchlist = useWatchlist();
  useLiveBids();
  const count = watchlist.data?.length;

  return (
    <>
      <title>Watchlist · Open Auction</title>
      <PageHeader
        title="Watchlist"
        // A blank line until the count arrives, so nothing below it moves.
        description={count === undefined ? '\u00a0' : `${count} ${count === 1 ? 'auction' : 'auctions'} you are watching`}
      />
      {watchlist.isPending ? (
        <AuctionGridSkeleton count={3} />
      ) : watchlist.isError ? (
        <Banner tone="error">{errorMessage(watchlist.error, 'An unexpected error occurred.')}</Banner>
      ) : (
        <AuctionGrid
          headingLevel={2}
          auctions={watchlist.data}
          receivedAt={watchlist.dataUpdatedAt}
          empty={
            <EmptyState
              icon={Star}
              title="You are not watching any auctions yet"
              description="Tap the star on an auction to keep it here. We tell you when an auction you watch is about to end."
              action={<ButtonLink to={paths.auctions}>Browse auctions</ButtonLink>}
            />
          }
        />
      )}
    </>
  );
}
