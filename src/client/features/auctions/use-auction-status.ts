// Where an auction stands, by the server's clock. The server says where it stood when it answered
// (status) and how long was left (timeLeft); from the moment the answer arrived we count on, so a
// wrong clock in the browser changes nothing, and the shared rule moves the auction on (scheduled to
// open, open to ended) while the page stays open. A live bid that moves the end changes itemEndDate
// and timeLeft together (features/bidding/api.ts), so the count follows it.
import { useEffect, useState } from 'react';
import { auctionStatus } from '../../../shared/auction-status';
import { DAY_MS, type AuctionStatus } from '../../../shared/constants';
import { inFinalDay } from '../../lib/format';
import type { Auction } from './types';

/** How often a view without a countdown looks again (it also wakes exactly at the start and the end). */
const TICK_MS = 30_000;

type Timed = Pick<Auction, 'status' | 'timeLeft' | 'itemStartDate' | 'itemEndDate'>;

export interface AuctionClock {
  status: AuctionStatus;
  /** Milliseconds to the end by the server's clock; 0 once ended. */
  timeLeft: number;
  /** Open, with less than 24 hours to go: the time itself instead of whole days (lib/format.ts). */
  lastDay: boolean;
}

/**
 * `countdown`: wake every second in the last 24 hours (the auction page's countdown); without it the
 * view wakes each minute then (a card's hours and minutes), every 30 seconds before, and at the
 * moment the auction opens, enters its last 24 hours or ends.
 */
export function useAuctionStatus(auction: Timed, receivedAt: number, { countdown = false } = {}): AuctionClock {
  const [now, setNow] = useState(() => Date.now());
  // Ended or cancelled, the server's word is final: no clock moves it on.
  const settled = auction.status === 'ended' || auction.status === 'cancelled';
  const startsAt = Date.parse(auction.itemStartDate);
  const endsAt = Date.parse(auction.itemEndDate);
  const timeLeft = settled ? 0 : Math.max(0, auction.timeLeft - Math.max(0, now - receivedAt));
  // The server's clock now: as far before the end as the time left says.
  const serverNow = endsAt - timeLeft;
  const status: AuctionStatus = settled ? auction.status : auctionStatus(startsAt, endsAt, serverNow);
  const lastDay = status === 'open' && inFinalDay(timeLeft);

  // When to look again: the next change anyone could see.
  let wakeIn = TICK_MS;
  if (status === 'scheduled') wakeIn = Math.min(wakeIn, startsAt - serverNow);
  if (status === 'open') {
    // The next moment the time left reads otherwise: a whole day less (the last of which is the move
    // to the time itself), then a minute less on a card, a second less on the countdown.
    const step = !lastDay ? DAY_MS : countdown ? 1000 : 60_000;
    wakeIn = Math.min(wakeIn, timeLeft % step || step);
  }

  useEffect(() => {
    if (status === 'ended' || status === 'cancelled') return;
    // A few milliseconds late rather than early: a timer that fires just before the moment changes nothing.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wakeIn) + 5);
    return () => clearTimeout(timer);
  }, [status, wakeIn, now]);

  return { status, timeLeft, lastDay };
}
