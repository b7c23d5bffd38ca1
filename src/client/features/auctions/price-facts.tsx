// The auction page's box of prices and times: the current price (or what it sold for, or why it did
// not sell, in its card's words), the starting price, the bid count, the time left and the end.
import { formatMoney } from '../../lib/format';
import { TimeFacts } from './auction-time';
import { SOLD_FOR, sold, unsoldWords } from './outcome-words';
import type { Auction } from './types';
import type { AuctionClock } from './use-auction-status';

export function PriceFacts({ auction, clock }: { auction: Auction; clock: AuctionClock }) {
  const ended = clock.status === 'ended';
  return (
    <dl className="mt-6 grid grid-cols-2 gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="col-span-2">
        {/* An ended auction's price in its card's words. */}
        {!ended ? (
          <>
            <dt className="text-sm text-slate-600">Current price</dt>
            <dd className="text-3xl font-semibold text-accent-700 tabular-nums">{formatMoney(auction.currentPrice)}</dd>
          </>
        ) : sold(auction) ? (
          <>
            <dt className="text-sm text-slate-600">{SOLD_FOR}</dt>
            <dd className="text-3xl font-semibold text-accent-700 tabular-nums">{formatMoney(auction.currentPrice)}</dd>
          </>
        ) : (
          <>
            <dt className="text-sm text-slate-600">Price</dt>
            <dd className="text-2xl font-semibold text-slate-600">{unsoldWords(auction)}</dd>
          </>
        )}
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
  );
}
