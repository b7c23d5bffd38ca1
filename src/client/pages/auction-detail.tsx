import { ArrowLeft, CalendarClock, Trophy, User } from 'lucide-react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../components/badge';
import { Banner } from '../components/banner';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { useAuction } from '../features/auctions/api';
import { AuctionStatusBadge } from '../features/auctions/auction-status-badge';
import type { Auction } from '../features/auctions/types';
import { useAuctionStatus } from '../features/auctions/use-auction-status';
import { useLiveBids } from '../features/bidding/api';
import { BidForm } from '../features/bidding/bid-form';
import { BidHistory } from '../features/bidding/bid-history';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/errors';
import { daysLeft, formatDateTime, formatMoney } from '../lib/format';
import { paths } from '../lib/paths';
import { httpStatusOf } from '../lib/query-client';
import { NotFoundPage } from './not-found';

/** /auction/{id}: one auction, its bid form and its history, kept live. */
export function AuctionDetailPage() {
  const { id = '' } = useParams();
  const auction = useAuction(id);
  useLiveBids(id);

  if (auction.isPending) return <DetailSkeleton />;
  if (auction.isError) {
    if (httpStatusOf(auction.error) === 404) return <NotFoundPage />;
    console.error('Error on getting auction data', auction.error);
    return <Banner tone="error">{errorMessage(auction.error, 'An unexpected error occurred.')}</Banner>;
  }
  return <AuctionDetail auction={auction.data} receivedAt={auction.dataUpdatedAt} />;
}

function AuctionDetail({ auction, receivedAt }: { auction: Auction; receivedAt: number }) {
  const { user } = useAuth();
  const { status, timeLeft } = useAuctionStatus(auction, receivedAt);
  const ended = status === 'ended';
  const isSeller = user?._id === auction.seller._id;
  const winner = ended ? auction.bids[0] : undefined;
  const days = daysLeft(timeLeft);

  // Why there is no bid form, when there is none.
  const notice = ended ? (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <Trophy aria-hidden="true" className="mt-0.5 size-5 text-slate-600" />
      {winner ? (
        <p className="text-slate-800">
          Won by <strong>{winner.bidder.name}</strong> with a bid of{' '}
          <strong className="tabular-nums">{formatMoney(winner.bidAmount)}</strong>.
        </p>
      ) : (
        <p className="text-slate-800">This auction ended without bids.</p>
      )}
    </div>
  ) : status === 'scheduled' ? (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 text-slate-600" />
      <p className="text-slate-800">
        Bidding opens <time dateTime={auction.itemStartDate}>{formatDateTime(auction.itemStartDate)}</time>.
      </p>
    </div>
  ) : isSeller ? (
    <p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-700">This is your auction: you cannot bid on it.</p>
  ) : null;

  return (
    <>
      <title>{`${auction.itemName} · Open Auction`}</title>
      <BackLink />
      {/* At lg: the photo on the left, the facts and the bidding on the right. Narrower, one column. */}
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <div className="self-start overflow-hidden rounded-xl border border-slate-200 bg-slate-100 lg:sticky lg:top-24 lg:row-span-2">
          <img src={auction.itemPhoto} alt={auction.itemName} width={1200} height={900} className="aspect-[4/3] w-full object-cover" />
        </div>

        <div>
          <div className="flex flex-wrap gap-2">
            <Badge tone="neutral">{auction.itemCategory}</Badge>
            <AuctionStatusBadge status={status} />
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{auction.itemName}</h1>
          <p className="mt-3 whitespace-pre-line text-slate-700">{auction.itemDescription}</p>

          <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="col-span-2">
              <dt className="text-sm text-slate-600">Current price</dt>
              <dd className="text-3xl font-semibold text-accent-700 tabular-nums">{formatMoney(auction.currentPrice)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Starting price</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{formatMoney(auction.startingPrice)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Total bids</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{auction.bidsCount}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Time left</dt>
              <dd className={ended ? 'font-medium text-slate-500' : days <= 1 ? 'font-medium text-red-700' : 'font-medium text-slate-900'}>
                {ended ? 'Ended' : `${days} ${days === 1 ? 'day' : 'days'}`}
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600">Ends</dt>
              <dd className="font-medium text-slate-900">
                <time dateTime={auction.itemEndDate}>{formatDateTime(auction.itemEndDate)}</time>
              </dd>
            </div>
          </dl>

          <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              Sold by <span className="font-medium text-slate-900">{auction.sellerName}</span>
            </span>
          </p>
        </div>

        {notice ? <div className="self-start">{notice}</div> : <BidBar auctionId={auction._id} currentPrice={auction.currentPrice} />}
      </div>

      <div className="mt-10">
        <BidHistory bids={auction.bids} bidsCount={auction.bidsCount} />
      </div>
    </>
  );
}

/**
 * The bid form. In one column (phones, tablets) the photo and the description come first, so the form
 * with the price it starts from stays at the bottom of the screen until its own place scrolls into
 * view; there it stays, above the history, and covers nothing at the end of the page.
 */
function BidBar({ auctionId, currentPrice }: { auctionId: string; currentPrice: number }) {
  return (
    <section
      aria-label="Place a bid"
      className={cn(
        'max-lg:sticky max-lg:bottom-0 max-lg:z-20 max-lg:-mx-4 max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:pt-3 max-lg:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-8px_16px_-8px_rgb(15_23_42/0.15)] sm:max-lg:-mx-6 sm:max-lg:px-6',
        'lg:self-start lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:p-5 lg:shadow-sm',
      )}
    >
      {/* Beside the facts above on wide screens; on its own at the bottom of a phone's screen. */}
      <p className="mb-2 flex items-baseline justify-between gap-3 text-sm text-slate-600 lg:hidden">
        Current price
        <span className="text-xl font-semibold text-accent-700 tabular-nums">{formatMoney(currentPrice)}</span>
      </p>
      <BidForm auctionId={auctionId} currentPrice={currentPrice} />
    </section>
  );
}

function BackLink() {
  return (
    <Link to={paths.auctions} className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" /> All auctions
    </Link>
  );
}

/** The page's shape while it loads; the back link is real, so nothing jumps when the data lands. */
function DetailSkeleton() {
  return (
    <>
      <BackLink />
      <DetailSkeletonBody />
    </>
  );
}

function DetailSkeletonBody() {
  return (
    <div role="status" aria-label="Loading auction" className="grid gap-8 lg:grid-cols-2">
      <Skeleton className="aspect-[4/3] w-full rounded-xl" />
      <div className="space-y-4">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-32 w-full rounded-xl" />
      </div>
    </div>
  );
}
