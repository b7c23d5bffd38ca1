import { Gavel } from 'lucide-react';
import { Banner } from '../components/banner';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useLiveBids } from '../features/bidding/api';
import { useMyBids } from '../features/watchlist/api';
import { MyBidCard, MyBidsSkeleton } from '../features/watchlist/my-bid-card';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';

/** /mybids: every auction the user has bid on, open ones by soonest end first, then the ended ones. */
export function MyBidsPage() {
  const bids = useMyBids();
  // Another bidder's bid can turn 'Leading' into 'Outbid': the list reads afresh when one lands.
  useLiveBids();
  const count = bids.data?.length;

  return (
    <>
      <title>My Bids · Open Auction</title>
      <PageHeader
        title="My Bids"
        description={count === undefined ? '\u00a0' : `${count} ${count === 1 ? 'auction' : 'auctions'} you have bid on`}
      />
      {bids.isPending ? (
        <MyBidsSkeleton />
      ) : bids.isError ? (
        <Banner tone="error">{errorMessage(bids.error, 'An unexpected error occurred.')}</Banner>
      ) : bids.data.length === 0 ? (
        <EmptyState
          icon={Gavel}
          title="You haven't placed any bids yet"
          description="Auctions you bid on appear here, with whether you lead, were outbid, won or lost."
          action={<ButtonLink to={paths.auctions}>Browse auctions</ButtonLink>}
        />
      ) : (
        <ul className="space-y-4">
          {bids.data.map((bid) => (
            <li key={bid.auction._id}>
              <MyBidCard bid={bid} receivedAt={bids.dataUpdatedAt} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
