// One auction on /mybids: where the user stands in words and colour, their maximum and last bid, the
// price and the time left.
import { Link } from 'react-router-dom';
import type { MyBidState } from '../../../shared/constants';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import { formatMoney, timeLeftWords } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useAuctionStatus } from '../auctions/use-auction-status';
import type { MyBid } from './api';

/** Green for leading and won, red for outbid, neutral for lost. */
const STATES: Record<MyBidState, { label: string; tone: 'success' | 'danger' | 'neutral' }> = {
  leading: { label: 'Leading', tone: 'success' },
  outbid: { label: 'Outbid', tone: 'danger' },
  won: { label: 'Won', tone: 'success' },
  lost: { label: 'Lost', tone: 'neutral' },
};

export function MyBidCard({ bid, receivedAt }: { bid: MyBid; receivedAt: number }) {
  const { auction } = bid;
  const { status, timeLeft } = useAuctionStatus(auction, receivedAt);
  // An auction that ends while the page is open: whoever led when it ended has won it, if the reserve was met.
  const state: MyBidState =
    status !== 'ended'
      ? bid.state
      : bid.state === 'leading'
        ? auction.reserveMet === false
          ? 'lost'
          : 'won'
        : bid.state === 'outbid'
          ? 'lost'
          : bid.state;
  const { label, tone } = STATES[state];
  const headingId = `my-bid-${auction._id}`;

  return (
    <Card className="flex gap-4 p-4">
      <img
        src={auction.itemPhotoCard}
        alt=""
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-24 sm:w-32"
      />
      <article aria-labelledby={headingId} className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
          <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
            <Link to={paths.auction(auction._id)} className="hover:underline focus-visible:outline-2 focus-visible:outline-accent-600">
              {auction.itemName}
            </Link>
          </h2>
          <Badge tone={tone} className="shrink-0">
            {label}
          </Badge>
        </div>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Fact term={status === 'ended' ? 'Final price' : 'Current price'} value={formatMoney(auction.currentPrice)} strong />
          <Fact term="Your max bid" value={formatMoney(bid.myMaxBid)} />
          <Fact term="Your last bid" value={formatMoney(bid.myLastBid)} />
          <Fact term="Time left" value={status === 'ended' ? 'Ended' : timeLeftWords(timeLeft)} />
        </dl>
      </article>
    </Card>
  );
}

function Fact({ term, value, strong = false }: { term: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-600">{term}</dt>
      <dd className={strong ? 'font-semibold text-accent-700 tabular-nums' : 'font-medium text-slate-900 tabular-nums'}>{value}</dd>
    </div>
  );
}

/** Rows in the shape of the real ones while the list loads. */
export function MyBidsSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading your bids" className="space-y-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <Skeleton className="size-20 shrink-0 rounded-lg sm:h-24 sm:w-32" />
          <div className="flex-1 space-y-3">
            <Skeleton className="h-5 w-1/2" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}
