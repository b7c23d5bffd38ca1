import { History } from 'lucide-react';
import { UserLink } from '../users/user-link';
import { Badge } from '../../components/badge';
import { formatDateTime, formatMoney } from '../../lib/format';
import type { Bid } from '../auctions/types';

interface BidHistoryProps {
  bids: Bid[];
  bidsCount: number;
  /** Over: an empty history no longer invites a first bid. */
  ended: boolean;
  /** The viewer sells it: an empty history says when bids will show, rather than invite the seller to bid. */
  isSeller: boolean;
  /** Ended below its reserve: the highest bid did not win. */
  reserveNotMet?: boolean;
}

function emptyHistory(ended: boolean, isSeller: boolean): string {
  if (ended) return 'No bids were placed.';
  return isSeller ? 'No bids yet. Bids will appear here as soon as someone bids.' : 'No bids yet. Be the first to bid!';
}

/**
 * The bids, newest first, automatic ones and a Buy It Now purchase marked. Not a live region: the auction page announces price
 * changes once, in words (features/bidding/announcer.tsx), rather than every row read out as it lands.
 */
export function BidHistory({ bids, bidsCount, ended, isSeller, reserveNotMet = false }: BidHistoryProps) {
  return (
    <section aria-labelledby="bid-history" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <h2 id="bid-history" className="flex items-center gap-2 border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">
        <History aria-hidden="true" className="size-5 text-slate-500" />
        Bid History
      </h2>
      {bids.length === 0 ? (
        <p className="px-5 py-8 text-center text-slate-600">{emptyHistory(ended, isSeller)}</p>
      ) : (
        <>
          <ol className="divide-y divide-slate-100">
            {bids.map((bid, index) => (
              <li key={bid._id} className="flex items-center justify-between gap-4 px-5 py-3">
                <div className="min-w-0">
                  <p className="flex min-w-0 items-center gap-2 font-medium text-slate-900">
                    <UserLink id={bid.bidder._id} name={bid.bidder.name} className="truncate" />
                    {bid.auto && <AutoBadge />}
                    {bid.buyNow && (
                      <Badge tone="success" className="shrink-0">
                        Buy It Now
                      </Badge>
                    )}
                    {index === 0 && !bid.buyNow && (
                      <span className="shrink-0 text-xs font-medium text-green-700">
                        {ended && !reserveNotMet ? 'Winning bid' : 'Highest'}
                      </span>
                    )}
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

/** "auto" on screen, "automatic bid" to a screen reader. */
function AutoBadge() {
  return (
    <Badge tone="accent" className="shrink-0">
      <span aria-hidden="true">auto</span>
      <span className="sr-only">automatic bid</span>
    </Badge>
  );
}
