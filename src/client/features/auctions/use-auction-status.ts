// Where an auction stands, by the server's clock. The server says where it stood when it answered
// (status) and how long was left (timeLeft); from the moment the answer arrived we count on, so a
// wrong clock in the browser changes nothing, and the shared rule moves the auction on (scheduled to
// open, open to ended) while the page stays open.
import { useEffect, useState } from 'react';
import { auctionStatus } from '../../../shared/auction-status';
import type { AuctionStatus } from '../../../shared/constants';
import type { Auction } from './types';

const TICK_MS = 30_000;

type Timed = Pick<Auction, 'status' | 'timeLeft' | 'itemStartDate' | 'itemEndDate'>;

export function useAuctionStatus(auction: Timed, receivedAt: number): { status: AuctionStatus; timeLeft: number } {
  const [now, setNow] = useState(() => Date.now());
  const ended = auction.status === 'ended';
  useEffect(() => {
    if (ended) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [ended]);

  if (ended) return { status: 'ended', timeLeft: 0 };
  const endsAt = Date.parse(auction.itemEndDate);
  const timeLeft = Math.max(0, auction.timeLeft - Math.max(0, now - receivedAt));
  // The server's clock now: as far before the end as the time left says.
  const serverNow = endsAt - timeLeft;
  return { status: auctionStatus(Date.parse(auction.itemStartDate), endsAt, serverNow), timeLeft };
}
