import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Banner } from '../components/banner';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { useAuction } from '../features/auctions/api';
import { RelistAuctionForm } from '../features/auctions/relist-auction-form';
import { relistable } from '../features/auctions/seller-actions';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { httpStatusOf } from '../lib/query-client';
import { NotFoundPage } from './not-found';

/** /auction/{id}/relist: the seller lists an auction that ended unsold, or was cancelled, again. */
export function RelistAuctionPage() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const auction = useAuction(id);

  if (auction.isError && httpStatusOf(auction.error) === 404) return <NotFoundPage />;
  const back = (
    <Link to={paths.auction(id)} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> Back to the auction
    </Link>
  );

  return (
    <>
      <title>Relist Auction · Open Auction</title>
      {back}
      <PageHeader title="Relist auction" description="The same item and photos, with new dates and prices." />
      <div className="max-w-3xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        {auction.isPending ? (
          <div role="status" aria-label="Loading auction" className="space-y-5">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : auction.isError ? (
          <Banner tone="error">{errorMessage(auction.error, 'An unexpected error occurred.')}</Banner>
        ) : auction.data.seller._id !== user?._id || !relistable(auction.data) ? (
          <EmptyState
            title="This auction cannot be relisted."
            description="Only its seller can relist an auction, once it has ended without a sale or was cancelled."
            className="border-none py-6"
          />
        ) : (
          <RelistAuctionForm auction={auction.data} />
        )}
      </div>
    </>
  );
}
