// The auction page's time facts: the time left, and beside it the start or the end with its time
// zone. Whole days while at least 24 hours remain; in the last 24 hours a countdown in hours, minutes
// and seconds in their place (docs/rules/screens.md#auctions-on-screen). The countdown is plain text,
// not a live region (features/bidding/announcer.tsx says what is read out instead).
import { cn } from '../../lib/cn';
import { dayCount, formatCountdown, formatZonedDateTime } from '../../lib/format';
import type { Auction } from './types';
import type { AuctionClock } from './use-auction-status';

interface TimeFactsProps {
  auction: Pick<Auction, 'itemStartDate' | 'itemEndDate'>;
  clock: AuctionClock;
}

/** Two facts for the auction page's <dl>: time left (or when bidding opens) and the end. */
export function TimeFacts({ auction, clock }: TimeFactsProps) {
  const { status, timeLeft, lastDay } = clock;
  const over = status === 'ended' || status === 'cancelled';
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
          <dd className={cn('font-medium', over ? 'text-slate-500' : lastDay ? 'text-red-700' : 'text-slate-900')}>
            {status === 'cancelled' ? 'Cancelled' : over ? 'Ended' : lastDay ? <Countdown timeLeft={timeLeft} /> : dayCount(timeLeft)}
          </dd>
        </div>
      )}
      <div>
        <dt className="text-sm text-slate-600">{status === 'ended' ? 'Ended' : status === 'cancelled' ? 'Was to end' : 'Ends'}</dt>
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

/** The time left on a line of its own (a phone's bid bar and sheet): "3 days left", or the countdown. */
export function TimeLeft({ clock }: { clock: AuctionClock }) {
  if (!clock.lastDay) return <span>{dayCount(clock.timeLeft)} left</span>;
  return (
    <span className="font-medium text-red-700">
      <Countdown timeLeft={clock.timeLeft} /> left
    </span>
  );
}
