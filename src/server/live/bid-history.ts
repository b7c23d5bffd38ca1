// What the PostgreSQL bid bus reads from the database to fill a gap in what it heard: an auction's
// bids by number, as the events it would have heard.
import type { Store } from '../db/store';
import { toBidEvent } from '../wire';
import type { BidHistory } from './pg-bid-bus';

export function bidHistoryOf(store: Store): BidHistory {
  return {
    async bidsAfter(auctionId, afterCount, limit) {
      return (await store.bids.afterNumber(Number(auctionId), afterCount, limit)).map(toBidEvent);
    },
    async bidsCount(auctionId) {
      return (await store.auctions.byId(Number(auctionId)))?.bidsCount ?? 0;
    },
  };
}
