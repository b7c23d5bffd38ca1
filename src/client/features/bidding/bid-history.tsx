import { History } from 'lucide-react';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { Bid } from '../auctions/types';

export function BidHistory({ bids, bidsCount }: { bids: Bid[]; bidsCount: number }) {
  return (
    <section aria-labelledby="bid-history" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="bid-history" className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-slate-500" />
        Bid History
      </h2>
      {bids.length === 0 ? (
        <p className="px-5 py-8 text-center text-slate-600">No bids yet. Be the first to bid!</p>
      ) : (
        <>
          <ol className="divide-y divide-slate-100" aria-live="polite">
            {bids.map((bid, index) => (
              <li key={bid._id} className="flex items-center justify-between gap-4 px-5 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900">
                    {bid.bidder.name}
                    {index === 0 && <span className="ml-2 text-xs font-medium text-green-700">Highest</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    <time dateTime={bid.bidTime}>{formatDateTime(bid.bidTime)}</time>
                  </p>
                </div>
                <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(bid.bidAmount)}</p>
              </li>
            ))}
          </ol>
          {bidsCount > bids.length && (
            <p className="border-t border-slate-100 px-5 py-3 text-sm text-slate-600">
              Showing the latest {bids.length} of {bidsCount} bids.
            </p>
          )}
        </>
      )}
    </section>
  );
}
