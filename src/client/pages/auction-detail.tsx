import { ArrowLeft, Ban, CalendarClock, User } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge } from '../components/badge';
import { Banner } from '../components/banner';
import { Skeleton } from '../components/skeleton';
import { AdminCancel } from '../features/admin/admin-cancel';
import { useAuth } from '../features/auth/auth-context';
import { useAuction } from '../features/auctions/api';
import { AuctionOutcome } from '../features/auctions/auction-outcome';
import { AuctionStatusBadge } from '../features/auctions/auction-status-badge';
import { BuyNow } from '../features/auctions/buy-now';
import { ListingFacts, ReserveBadge, SellerReserve } from '../features/auctions/listing-facts';
import { PhotoGallery } from '../features/auctions/photo-gallery';
import { PriceFacts } from '../features/auctions/price-facts';
import { SellerActions } from '../features/auctions/seller-actions';
import type { Auction } from '../features/auctions/types';
import { useAuctionStatus } from '../features/auctions/use-auction-status';
import { LiveAnnouncer, useAnnouncer } from '../features/bidding/announcer';
import { useLiveBids } from '../features/bidding/api';
import { BidForm } from '../features/bidding/bid-form';
import { BidHistory } from '../features/bidding/bid-history';
import { BidSheet } from '../features/bidding/bid-sheet';
import { LeadStatus, type Standing } from '../features/bidding/lead-status';
import { useAuctionNews } from '../features/bidding/use-auction-news';
import { useLeader } from '../features/bidding/use-leader';
import { AskSeller } from '../features/messages/ask-seller';
import { OrderLink } from '../features/orders/order-link';
import { UserLink } from '../features/users/user-link';
import { SecondChance } from '../features/offers/second-chance';
import { ReportListing } from '../features/reports/report-listing';
import { WatchButton } from '../features/watchlist/watch-button';
import { errorMessage } from '../lib/errors';
import { CANCEL_WORDS } from '../../shared/listing';
import { formatMoney, formatZonedDateTime } from '../lib/format';
import { paths } from '../lib/paths';
import { httpStatusOf } from '../lib/query-client';
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query';
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
  const cancelled = status === 'cancelled';
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
  // A cancellation the seller just confirmed: the focus goes to the notice that says so.
  const cancelledRef = useRef<HTMLParagraphElement>(null);
  const formShown = useRef(false);
  const showForm = status === 'open' && !isSeller;
  // Two columns: the form in a panel beside the facts. One column: a bar at the bottom that opens it as a sheet.
  const wide = useMediaQuery(WIDE_SCREEN);
  const [sheetOpen, setSheetOpen] = useState(false);
  // The form closed under the sheet: should it come back (a late bid moved the end), it comes back shut.
  if (sheetOpen && (!showForm || wide)) setSheetOpen(false);
  useEffect(() => {
    if (showForm) formShown.current = true;
    else if (ended && formShown.current && (document.activeElement === document.body || document.activeElement === null)) {
      outcomeRef.current?.focus();
    }
  }, [showForm, ended]);

  // Why there is no bid form, when there is none.
  const notice = cancelled ? (
    <p
      ref={cancelledRef}
      tabIndex={-1}
      className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5 font-semibold text-slate-900 focus:outline-none"
    >
      <Ban aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
      {CANCEL_WORDS.cancelled}
    </p>
  ) : ended ? (
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

  // Where the viewer stands and the form: beside the facts on a wide screen, in the sheet on a narrow one.
  const bidding = (
    <>
      {standing && <LeadStatus standing={standing} />}
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
    </>
  );

  return (
    <>
      <title>{`${auction.itemName} · Open Auction`}</title>
      <LiveAnnouncer messages={messages} muted={sheetOpen} />
      <BackLink />
      {/* At lg: the photo on the left, the facts and the bidding on the right. Narrower, one column. */}
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
        <div className="min-w-0 self-start lg:sticky lg:top-24 lg:row-span-2">
          <PhotoGallery
            name={auction.itemName}
            photos={auction.photos.length > 0 ? auction.photos : [auction.itemPhoto]}
            cards={auction.photoCards.length > 0 ? auction.photoCards : [auction.itemPhotoCard]}
          />
        </div>

        <div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap gap-2">
              <Badge tone="neutral">{auction.itemCategory}</Badge>
              <AuctionStatusBadge status={status} />
              {!cancelled && <ReserveBadge reserveMet={auction.reserveMet} />}
            </div>
            <WatchButton auction={auction} ended={ended || cancelled} />
          </div>
          <h1 className="mt-3 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{auction.itemName}</h1>
          <p className="mt-3 whitespace-pre-line text-slate-700">{auction.itemDescription}</p>
          <ListingFacts auction={auction} />

          <PriceFacts auction={auction} clock={clock} />
          {isSeller && <SellerReserve reservePrice={auction.reservePrice} />}
          {!isSeller && <BuyNow auction={auction} open={status === 'open'} />}
          <OrderLink orderId={auction.orderId} buyer={!isSeller} />

          <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <User aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            <span className="min-w-0">
              Sold by <UserLink id={auction.seller._id} name={auction.sellerName} className="font-medium text-slate-900" />
            </span>
          </p>
          <AskSeller auction={auction} status={status} />
          {/* An administrator may cancel any auction still running; a seller's own without bids has its own button. */}
          {user?.role === 'admin' && (status === 'open' || status === 'scheduled') && !(isSeller && auction.bidsCount === 0) && (
            <AdminCancel auction={auction} />
          )}
          <ReportListing auction={auction} />
        </div>

        {notice ? (
          <div className="self-start">
            {notice}
            {isSeller && <SellerActions auction={auction} running={status === 'open' || status === 'scheduled'} noticeRef={cancelledRef} />}
            <SecondChance auction={auction} viewerId={viewerId} />
          </div>
        ) : wide ? (
          <BidPanel>{bidding}</BidPanel>
        ) : (
          <BidSheet
            currentPrice={auction.currentPrice}
            clock={clock}
            standing={standing}
            open={sheetOpen}
            onOpenChange={setSheetOpen}
            announcer={<LiveAnnouncer messages={messages} muted={!sheetOpen} />}
          >
            {bidding}
          </BidSheet>
        )}
      </div>

      <div className="mt-10">
        <BidHistory
          bids={auction.bids}
          bidsCount={auction.bidsCount}
          ended={ended}
          isSeller={isSeller}
          reserveNotMet={ended && auction.reserveMet === false}
        />
      </div>
    </>
  );
}

/** The end in a sentence, for the announcement: the same facts AuctionOutcome shows. */
function outcomeInWords(auction: Auction, viewerId: string | undefined): string {
  const { winner } = auction;
  if (!winner) return auction.bidsCount > 0 ? 'Bidding has ended. The reserve was not met.' : 'Bidding has ended without bids.';
  const price = formatMoney(auction.currentPrice);
  return winner._id === viewerId
    ? `Bidding has ended. You won this auction for ${price}.`
    : `Bidding has ended. ${winner.name} won for ${price}.`;
}

/** The bid form with where the viewer stands, beside the facts on a wide screen. */
function BidPanel({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Place a bid" className="space-y-3 self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
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
