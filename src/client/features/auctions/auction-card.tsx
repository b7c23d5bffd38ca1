// The auction card (docs/rules/screens.md#auctions-on-screen): photo, category, name, two lines of
// description, condition and shipping, price (or what it sold for) with the Buy It Now price while it
// is offered, bids, time left (or when a scheduled auction opens), seller; on signed-in pages, the
// watch toggle over the photo.
import { Ban, CalendarClock, Clock, Gavel, User } from 'lucide-react';
import { CONDITION_WORDS, shippingWords } from '../../../shared/listing';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { cn } from '../../lib/cn';
import { formatMoney, formatShortZonedDateTime, timeLeftLabel } from '../../lib/format';
import { paths } from '../../lib/paths';
import { UserLink } from '../users/user-link';
import { CardAction } from './card-action';
import { SOLD_FOR, sold, unsoldWords } from './outcome-words';
import type { Auction } from './types';
import { useAuctionStatus } from './use-auction-status';

interface AuctionCardProps {
  auction: Auction;
  /** When the answer holding this auction arrived (the query's dataUpdatedAt). */
  receivedAt: number;
  /** The name's heading level: 2 where the page has no section headings, 3 inside a section. */
  headingLevel?: 2 | 3;
  /** In the first row on screen: load the photo at once (it is likely the largest paint). */
  priority?: boolean;
}

export function AuctionCard({ auction, receivedAt, headingLevel = 3, priority = false }: AuctionCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { status, timeLeft, lastDay } = useAuctionStatus(auction, receivedAt);
  const ended = status === 'ended';
  const cancelled = status === 'cancelled';
  const price = auction.currentPrice || auction.startingPrice;
  const headingId = `auction-${auction._id}-name`;

  return (
    // Six rows (photo, name, description, price, time and seller, link) on the rows of the grid around
    // it: a name, a description or a footer that wraps in one card moves the rows of its neighbours
    // with it, so prices and footers stay level along a row of cards.
    <article
      aria-labelledby={headingId}
      className="group row-span-6 grid grid-cols-1 grid-rows-subgrid gap-y-0 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={auction.itemPhotoCard}
          alt={auction.itemName}
          width={640}
          height={480}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
        />
        <Badge tone="neutral" className="absolute top-3 left-3 bg-white/95">
          {auction.itemCategory}
        </Badge>
        <div className="absolute top-2 right-2">
          <CardAction auction={auction} ended={ended || cancelled} />
        </div>
      </div>
      <Heading
        id={headingId}
        className="line-clamp-2 px-4 pt-4 text-base font-semibold break-words text-slate-900"
        title={auction.itemName}
      >
        {auction.itemName}
      </Heading>
      <div className="px-4">
        <p className="mt-1 line-clamp-2 min-h-10 text-sm text-slate-600">{auction.itemDescription}</p>
        <p className="mt-2 text-sm text-slate-700">
          {auction.itemCondition && (
            <>
              <span className="font-medium text-slate-800">{CONDITION_WORDS[auction.itemCondition]}</span>
              <span aria-hidden="true"> · </span>
              <span className="sr-only">, </span>
            </>
          )}
          {shippingWords(auction.shippingCost)}
        </p>
      </div>
      <div className="flex items-end justify-between gap-3 px-4 pt-4">
        {ended && !sold(auction) ? (
          <p className="font-medium text-slate-600">{unsoldWords(auction)}</p>
        ) : (
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {ended ? SOLD_FOR : auction.bidsCount > 0 ? 'Current bid' : 'Starting price'}
            </p>
            <p className="text-xl font-semibold text-accent-700 tabular-nums">{formatMoney(price)}</p>
            {!ended && auction.buyNowAvailable && auction.buyNowPrice !== null && (
              <p className="mt-0.5 text-sm font-medium text-slate-800">
                Buy It Now <span className="text-accent-700 tabular-nums">{formatMoney(auction.buyNowPrice)}</span>
              </p>
            )}
          </div>
        )}
        <p className="flex shrink-0 items-center gap-1 text-sm text-slate-600">
          <Gavel aria-hidden="true" className="size-4" />
          <span className="tabular-nums">{auction.bidsCount}</span> {auction.bidsCount === 1 ? 'bid' : 'bids'}
        </p>
      </div>
      {/* A long seller name goes to a line of its own rather than squeeze the time into a column. */}
      <div className="mx-4 mt-3 flex flex-wrap items-start justify-between gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
        {cancelled ? (
          <span className="flex items-start gap-1 font-medium text-slate-500">
            <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Cancelled
          </span>
        ) : status === 'scheduled' ? (
          // Nobody can bid yet: when bidding opens, not the days until an end that is still far off.
          <span className="flex items-start gap-1 text-slate-700">
            <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              Opens <time dateTime={auction.itemStartDate}>{formatShortZonedDateTime(auction.itemStartDate)}</time>
            </span>
          </span>
        ) : (
          <span
            className={cn('flex items-start gap-1', ended ? 'font-medium text-slate-500' : lastDay ? 'text-red-700' : 'text-slate-700')}
          >
            <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {timeLeftLabel(timeLeft)}
          </span>
        )}
        <span className="flex max-w-full min-w-0 items-start gap-1 text-slate-600">
          <User aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <UserLink id={auction.seller._id} name={auction.sellerName} className="truncate" />
        </span>
      </div>
      <Link
        to={paths.auction(auction._id)}
        className="mx-4 mt-4 mb-4 inline-flex h-10 items-center justify-center rounded-lg border border-accent-700 text-sm font-medium text-accent-700 transition-colors hover:bg-accent-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
      >
        View Details<span className="sr-only"> of {auction.itemName}</span>
      </Link>
    </article>
  );
}
