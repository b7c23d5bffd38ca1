// Where an auction stands at a moment: the one rule, used by the server for every answer and by the
// client to move an auction on (open to ended) when its countdown reaches zero.
import type { AuctionStatus } from './constants';

export function auctionStatus(startsAt: number, endsAt: number, now: number): AuctionStatus {
  if (now < startsAt) return 'scheduled';
  return now < endsAt ? 'open' : 'ended';
}
