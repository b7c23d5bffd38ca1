// The auction page's time facts: the days left as SPEC words them, and beside them the start or the
// end with its time zone; on the last day a countdown in hours, minutes and seconds. The countdown is
// plain text, not a live region (features/bidding/announcer.tsx says what is read out instead).
import { cn } from '../../lib/cn';
import { daysLeft, formatCountdown, formatZonedDateTime } from '../../lib/format';
import type { Auction } from './types';
import type { AuctionClock } from './use-auction-status';

interface TimeFactsProps {
  auction: Pick<Auction, 'itemStartDate' | 'itemEndDate'>;
  clock: AuctionClock;
}

/** Two facts for the auction page's <dl>: time left (or when bidding opens) and the end. */
export function TimeFacts({ auction, clock }: TimeFactsProps) {
  const { status, timeLeft, lastDay } = clock;
  const days = daysLeft(timeLeft);
  return (
    <>
      {status === 'scheduled' ? (
        <div>
          <dt className="text-sm text-slate-600">Opens</dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={auction.itemStartDate}>{formatZonedDateTime(auction.itemStartDate)}</time>
          </dd>
        </div>
      ) : (
        <div>
          <dt className="text-sm text-slate-600">Time left</dt>
          <dd className={cn('font-medium', status === 'ended' ? 'text-slate-500' : lastDay ? 'text-red-700' : 'text-slate-900')}>
            {status === 'ended' ? 'Ended' : `${days} ${days === 1 ? 'day' : 'days'}`}
            {lastDay && (
              <span className="block text-sm">
                <Countdown timeLeft={timeLeft} /> left
              </span>
            )}
          </dd>
        </div>
      )}
      <div>
        <dt className="text-sm text-slate-600">{status === 'ended' ? 'Ended' : 'Ends'}</dt>
        <dd className="font-medium text-slate-900">
          <time dateTime={auction.itemEndDate}>{formatZonedDateTime(auction.itemEndDate)}</time>
        </dd>
      </div>
    </>
  );
}

/** "2 h 04 min 09 s", ticking with the clock of useAuctionStatus. */
export function Countdown({ timeLeft, className }: { timeLeft: number; className?: string }) {
  return <span className={cn('tabular-nums', className)}>{formatCountdown(timeLeft)}</span>;
}
