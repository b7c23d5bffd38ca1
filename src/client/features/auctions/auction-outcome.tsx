// How an auction ended, in the place the bid form had: the winner (as the server names it) and what
// it sold for (and whether by Buy It Now), or that nobody bid, or that the bids stayed below the
// reserve (in the words of its card: outcome-words.ts). Between the countdown's zero and the server's
// answer, a spinner.
import { Gavel, Trophy } from 'lucide-react';
import type { Ref } from 'react';
import { Spinner } from '../../components/spinner';
import { formatMoney } from '../../lib/format';
import { SOLD_FOR, unsoldWords } from './outcome-words';
import type { Auction } from './types';

interface AuctionOutcomeProps {
  auction: Pick<Auction, 'status' | 'winner' | 'currentPrice' | 'bidsCount' | 'reserveMet' | 'bids'>;
  viewerId: string | undefined;
  ref?: Ref<HTMLDivElement>;
}

/** Focusable (not tabbable): when the bid form closes under the keyboard, the focus lands here. */
export function AuctionOutcome({ auction, viewerId, ref }: AuctionOutcomeProps) {
  const { winner } = auction;
  return (
    <div ref={ref} tabIndex={-1} className="flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-5 focus:outline-none">
      {winner ? (
        <Trophy aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
      ) : (
        <Gavel aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
      )}
      <div className="min-w-0 space-y-1">
        {auction.status !== 'ended' ? (
          <>
            <p className="font-semibold text-slate-900">Bidding has ended</p>
            <Spinner label="Checking the result…" showLabel />
          </>
        ) : winner ? (
          <>
            <p className="font-semibold text-slate-900">{winner._id === viewerId ? 'You won this auction' : 'Auction ended'}</p>
            <p className="text-slate-800">
              Winner: <strong>{winner._id === viewerId ? `${winner.name} (you)` : winner.name}</strong>
            </p>
            <p className="text-slate-800">
              {SOLD_FOR} <strong className="text-accent-700 tabular-nums">{formatMoney(auction.currentPrice)}</strong>
              {auction.bids[0]?.buyNow && ' with Buy It Now'}
            </p>
          </>
        ) : (
          <>
            <p className="font-semibold text-slate-900">{unsoldWords(auction)}</p>
            <p className="text-slate-700">
              {auction.bidsCount > 0
                ? 'The highest bid stayed below the seller’s reserve, so the item was not sold.'
                : 'Nobody bid before the end, so the item was not sold.'}
            </p>
          </>
        )}
      </div>
    </div>
  );
}
