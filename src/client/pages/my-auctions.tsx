import { Plus, Store } from 'lucide-react';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { LoadMoreList } from '../components/load-more-list';
import { PageHeader } from '../components/page-header';
import { useMyAuctions } from '../features/auctions/api';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { useLiveBids } from '../features/bidding/api';
import { paths } from '../lib/paths';

/** /myauction: the signed-in user's own auctions. */
export function MyAuctionsPage() {
  const mine = useMyAuctions();
  useLiveBids();
  const { total } = mine;

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
      <LoadMoreList
        list={mine}
        skeleton={<AuctionGridSkeleton count={3} />}
        failure="An unexpected error occurred."
        empty={
          <EmptyState
            icon={Store}
            title="You haven't created any auctions yet"
            action={<ButtonLink to={paths.createAuction}>Create Your First Auction</ButtonLink>}
          />
        }
        moreLabel="Load more auctions"
      >
        <AuctionGrid headingLevel={2} auctions={mine.items} receivedAt={mine.receivedAt} />
      </LoadMoreList>
    </>
  );
}
