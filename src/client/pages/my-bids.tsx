import { Gavel } from 'lucide-react';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { useLiveBids } from '../features/bidding/api';
import { useMyBids } from '../features/watchlist/api';
import { MyBidCard, MyBidsSkeleton } from '../features/watchlist/my-bid-card';
import { paths } from '../lib/paths';

/**
 * /mybids: the auctions the user has bid on, open ones by soonest end first, then the ended ones, more
 * of them as the user scrolls.
 */
export function MyBidsPage() {
  const bids = useMyBids();
  // Another bidder's bid can turn 'Leading' into 'Outbid': the list reads afresh when one lands.
  useLiveBids();
  const count = bids.total;

  return (
    <>
      <title>My Bids · Open Auction</title>
      <PageHeader
        title="My Bids"
        description={count === undefined ? '\u00a0' : `${count} ${count === 1 ? 'auction' : 'auctions'} you have bid on`}
      />
      <LoadMoreList
        list={bids}
        skeleton={<MyBidsSkeleton />}
        failure="An unexpected error occurred."
        empty={
          <EmptyState
            icon={Gavel}
            title="You haven't placed any bids yet"
            description="Auctions you bid on appear here, with whether you lead, were outbid, won or lost."
            action={<ButtonLink to={paths.auctions}>Browse auctions</ButtonLink>}
          />
        }
        moreLabel="Load more bids"
        dense
        loadOnScroll
      >
        <ul className="space-y-4">
          {bids.items.map((bid) => (
            <li key={bid.auction._id}>
              <MyBidCard bid={bid} receivedAt={bids.receivedAt} />
            </li>
          ))}
        </ul>
      </LoadMoreList>
    </>
  );
}
