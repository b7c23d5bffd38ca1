// The auction card (docs/rules/screens.md#auctions-on-screen): photo, category, name, two lines of
// description, price, bids, time left (or when a scheduled auction opens), seller; on signed-in
// pages, the watch toggle over the photo.
import { CalendarClock, Clock, Gavel, User } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge } from '../../components/badge';
import { formatMoney, formatShortZonedDateTime, timeLeftLabel } from '../../lib/format';
import { paths } from '../../lib/paths';
import { CardAction } from './card-action';
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
  const { status, timeLeft } = useAuctionStatus(auction, receivedAt);
  const ended = status === 'ended';
  const price = auction.currentPrice || auction.startingPrice;
  const headingId = `auction-${auction._id}-name`;

  return (
    <article
      aria-labelledby={headingId}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
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
          <CardAction auction={auction} />
        </div>
      </div>
      <div className="flex flex-1 flex-col p-4">
        <Heading id={headingId} className="line-clamp-2 text-base font-semibold break-words text-slate-900" title={auction.itemName}>
          {auction.itemName}
        </Heading>
        <p className="mt-1 line-clamp-2 min-h-10 text-sm text-slate-600">{auction.itemDescription}</p>
        <div className="mt-auto flex items-end justify-between gap-3 pt-4">
          <div>
            <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {auction.bidsCount > 0 ? 'Current bid' : 'Starting price'}
            </p>
            <p className="text-xl font-semibold text-accent-700 tabular-nums">{formatMoney(price)}</p>
          </div>
          <p className="flex items-center gap-1 text-sm text-slate-600">
            <Gavel aria-hidden="true" className="size-4" />
            <span className="tabular-nums">{auction.bidsCount}</span> {auction.bidsCount === 1 ? 'bid' : 'bids'}
          </p>
        </div>
        <div className="mt-3 flex items-center justify-between gap-3 border-t border-slate-100 pt-3 text-sm">
          {status === 'scheduled' ? (
            // Nobody can bid yet: when bidding opens, not the days until an end that is still far off.
            <span className="flex items-center gap-1 text-slate-700">
              <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
              <span>
                Opens <time dateTime={auction.itemStartDate}>{formatShortZonedDateTime(auction.itemStartDate)}</time>
              </span>
            </span>
          ) : (
            <span className={ended ? 'flex items-center gap-1 font-medium text-slate-500' : 'flex items-center gap-1 text-slate-700'}>
              <Clock aria-hidden="true" className="size-4" />
              {timeLeftLabel(timeLeft)}
            </span>
          )}
          <span className="flex min-w-0 items-center gap-1 text-slate-600">
            <User aria-hidden="true" className="size-4 shrink-0" />
            <span className="truncate">{auction.sellerName}</span>
          </span>
        </div>
        <Link
          to={paths.auction(auction._id)}
          className="mt-4 inline-flex h-10 items-center justify-center rounded-lg border border-accent-700 text-sm font-medium text-accent-700 transition-colors hover:bg-accent-700 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600"
        >
          View Details<span className="sr-only"> of {auction.itemName}</span>
        </Link>
      </div>
    </article>
  );
}
