import { ArrowLeft, CalendarClock, User } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../components/badge';
import { Banner } from '../components/banner';
import { Skeleton } from '../components/skeleton';
import { useAuth } from '../features/auth/auth-context';
import { useAuction } from '../features/auctions/api';
import { AuctionOutcome } from '../features/auctions/auction-outcome';
import { AuctionStatusBadge } from '../features/auctions/auction-status-badge';
import { Countdown, TimeFacts } from '../features/auctions/auction-time';
import type { Auction } from '../features/auctions/types';
import { useAuctionStatus, type AuctionClock } from '../features/auctions/use-auction-status';
import { LiveAnnouncer, useAnnouncer } from '../features/bidding/announcer';
import { useLiveBids } from '../features/bidding/api';
import { BidForm } from '../features/bidding/bid-form';
import { BidHistory } from '../features/bidding/bid-history';
import { LeadStatus, type Standing } from '../features/bidding/lead-status';
import { useAuctionNews } from '../features/bidding/use-auction-news';
import { useLeader } from '../features/bidding/use-leader';
import { WatchButton } from '../features/watchlist/watch-button';
import { cn } from '../lib/cn';
import { errorMessage } from '../lib/errors';
import { formatMoney, formatZonedDateTime } from '../lib/format';
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
  // Keyed: another auction starts with nothing remembered of this one (its leader, its announcements).
  return <AuctionDetail key={auction.data._id} auction={auction.data} receivedAt={auction.dataUpdatedAt} refetch={auction.refetch} />;
}

/** The bidder's own bid outbid at once by an automatic bid: the server's words, true while the price is still that. */
interface OwnOutbid {
  message: string;
  price: number;
}

function AuctionDetail({ auction, receivedAt, refetch }: { auction: Auction; receivedAt: number; refetch: () => Promise<unknown> }) {
  const { user } = useAuth();
  const viewerId = user?._id;
  const clock = useAuctionStatus(auction, receivedAt, { countdown: true });
  const { status, timeLeft } = clock;
  const ended = status === 'ended';
  const isSeller = viewerId === auction.seller._id;

  // The countdown reached zero before the server said so: ask it, for the winner (and in case a late
  // bid we have not heard of moved the end).
  const awaitingOutcome = ended && auction.status !== 'ended';
  useEffect(() => {
    if (awaitingOutcome) void refetch();
  }, [awaitingOutcome, refetch]);

  const leader = useLeader(auction, viewerId);
  const leading = viewerId !== undefined && leader === viewerId;
  const [ownOutbid, setOwnOutbid] = useState<OwnOutbid | null>(null);
  const hasBid = auction.myMaxBid !== null || auction.bids.some((bid) => bid.bidder._id === viewerId) || ownOutbid !== null;
  const standing: Standing | null = leading
    ? { kind: 'leading', maximum: auction.myMaxBid !== null && auction.myMaxBid > auction.currentPrice ? auction.myMaxBid : null }
    : hasBid && auction.bidsCount > 0
      ? {
          kind: 'outbid',
          message: ownOutbid?.price === auction.currentPrice ? ownOutbid.message : 'You have been outbid',
        }
      : null;

  const { messages, announce } = useAnnouncer();
  useAuctionNews(
    {
      price: auction.currentPrice,
      leading,
      lastMinute: status === 'open' && timeLeft <= 60_000,
      outcome: auction.status === 'ended' ? outcomeInWords(auction, viewerId) : null,
    },
    announce,
  );

  // The form closes at zero; whoever was typing in it finds the focus on the outcome, not lost on the page.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const formShown = useRef(false);
  const showForm = status === 'open' && !isSeller;
  useEffect(() => {
    if (showForm) formShown.current = true;
    else if (ended && formShown.current && (document.activeElement === document.body || document.activeElement === null)) {
      outcomeRef.current?.focus();
    }
  }, [showForm, ended]);

  // Why there is no bid form, when there is none.
  const notice = ended ? (
    <AuctionOutcome ref={outcomeRef} auction={auction} viewerId={viewerId} />
  ) : status === 'scheduled' ? (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5">
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 text-slate-600" />
      <p className="text-slate-800">
        Bidding opens <time dateTime={auction.itemStartDate}>{formatZonedDateTime(auction.itemStartDate)}</time>.
      </p>
    </div>
  ) : isSeller ? (
    <p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-700">This is your auction: you cannot bid on it.</p>
  ) : null;

  return (
    <>
      <title>{`${auction.itemName} · Open Auction`}</title>
      <LiveAnnouncer messages={messages} />
      <BackLink />
      {/* At lg: the photo on the left, the facts and the bidding on the right. Narrower, one column. */}
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <div className="self-start overflow-hidden rounded-xl border border-slate-200 bg-slate-100 lg:sticky lg:top-24 lg:row-span-2">
          <img src={auction.itemPhoto} alt={auction.itemName} width={1200} height={900} className="aspect-[4/3] w-full object-cover" />
        </div>

        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap gap-2">
              <Badge tone="neutral">{auction.itemCategory}</Badge>
              <AuctionStatusBadge status={status} />
            </div>
            <WatchButton auction={auction} />
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{auction.itemName}</h1>
          <p className="mt-3 whitespace-pre-line text-slate-700">{auction.itemDescription}</p>

          <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <div className="col-span-2">
              <dt className="text-sm text-slate-600">{ended && auction.bidsCount > 0 ? 'Final price' : 'Current price'}</dt>
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
            <TimeFacts auction={auction} clock={clock} />
          </dl>

          <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              Sold by <span className="font-medium text-slate-900">{auction.sellerName}</span>
            </span>
          </p>
        </div>

        {notice ? (
          <div className="self-start">{notice}</div>
        ) : (
          <BidBar auction={auction} clock={clock} standing={standing}>
            <BidForm
              auctionId={auction._id}
              currentPrice={auction.currentPrice}
              leading={leading}
              myMaxBid={auction.myMaxBid}
              onOutbid={(message, price) => {
                setOwnOutbid({ message, price });
                announce(message, 'assertive');
              }}
            />
          </BidBar>
        )}
      </div>

      <div className="mt-10">
        <BidHistory bids={auction.bids} bidsCount={auction.bidsCount} ended={ended} />
      </div>
    </>
  );
}

/** The end in a sentence, for the announcement: the same facts AuctionOutcome shows. */
function outcomeInWords(auction: Auction, viewerId: string | undefined): string {
  const { winner } = auction;
  if (!winner) return 'Bidding has ended without bids.';
  const price = formatMoney(auction.currentPrice);
  return winner._id === viewerId
    ? `Bidding has ended. You won this auction for ${price}.`
    : `Bidding has ended. ${winner.name} won for ${price}.`;
}

/**
 * The bid form with where the viewer stands. In one column (phones, tablets) the photo and the
 * description come first, so the form, with the price it starts from (and on the last day the time
 * left), stays at the bottom of the screen until its own place scrolls into view; there it stays,
 * above the history, and covers nothing at the end of the page.
 */
function BidBar({
  auction,
  clock,
  standing,
  children,
}: {
  auction: Auction;
  clock: AuctionClock;
  standing: Standing | null;
  children: ReactNode;
}) {
  return (
    <section
      aria-label="Place a bid"
      className={cn(
        'space-y-3',
        'max-lg:sticky max-lg:bottom-0 max-lg:z-20 max-lg:-mx-4 max-lg:border-t max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:pt-3 max-lg:pb-[max(0.75rem,env(safe-area-inset-bottom))] max-lg:shadow-[0_-8px_16px_-8px_rgb(15_23_42/0.15)] sm:max-lg:-mx-6 sm:max-lg:px-6',
        'lg:self-start lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:p-5 lg:shadow-sm',
      )}
    >
      {/* Beside the facts above on wide screens; on its own at the bottom of a phone's screen. */}
      <p className="flex items-baseline justify-between gap-3 text-sm text-slate-600 lg:hidden">
        <span>
          Current price
          {clock.lastDay && (
            <span className="ml-2 font-medium text-red-700">
              · <Countdown timeLeft={clock.timeLeft} /> left
            </span>
          )}
        </span>
        <span className="text-xl font-semibold text-accent-700 tabular-nums">{formatMoney(auction.currentPrice)}</span>
      </p>
      {standing && <LeadStatus standing={standing} />}
      {children}
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
