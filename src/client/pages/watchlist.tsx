import { Star } from 'lucide-react';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/api';
import { useWatchlist } from '../features/watchlist/api';
import { paths } from '../lib/paths';

/** /watchlist: the auctions the user watches, open ones by soonest end first, more of them as the user scrolls. */
export function WatchlistPage() {
  const watchlist = useWatchlist();
  useLiveBids();
  const count = watchlist.total;

  return (
    <>
      <title>Watchlist · Open Auction</title>
      <PageHeader
        title="Watchlist"
        // A blank line until the count arrives, so nothing below it moves.
        description={count === undefined ? '\u00a0' : `${count} ${count === 1 ? 'auction' : 'auctions'} you are watching`}
      />
      <LoadMoreList
        list={watchlist}
        skeleton={<AuctionGridSkeleton count={3} />}
        failure="An unexpected error occurred."
        empty={
          <EmptyState
            icon={Star}
            title="You are not watching any auctions yet"
            description="Tap the star on an auction to keep it here. We tell you when an auction you watch is about to end."
            action={<ButtonLink to={paths.auctions}>Browse auctions</ButtonLink>}
          />
        }
        moreLabel="Load more auctions"
        loadOnScroll
      >
        <AuctionGrid headingLevel={2} auctions={watchlist.items} receivedAt={watchlist.receivedAt} />
      </LoadMoreList>
    </>
  );
}
