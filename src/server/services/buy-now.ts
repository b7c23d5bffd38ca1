// Buying at the Buy It Now price: the rule (domain/buying.ts) inside the store's purchase transaction,
// which ends and closes the auction at once, then the live event and the notices, as a bid's.
import { BUY_NOW_WORDS } from '../../shared/listing';
import type { AppDeps } from '../deps';
import { decidePurchase } from '../domain/buying';
import { conflict, notFound } from '../domain/errors';
import { toBid, toBidEvent, type Auction } from '../wire';
import { parseId, toAuction } from './auctions';
import { paymentDueMs } from './closing';
import { toOrder, type Order } from './orders';

export interface PurchaseAnswer {
  /** For the buyer, in words: what they bought and for how much. */
  message: string;
  /** The auction as the purchase left it, ended; its `bids` hold only the purchase. */
  auction: Auction;
  /** The order the sale made, awaiting payment. */
  order: Order;
}

export async function buyNow(deps: AppDeps, buyer: { id: number; name: string }, id: string): Promise<PurchaseAnswer> {
  const auctionId = parseId(id);
  if (auctionId === null) throw notFound('Auction not found');
  // The clock is read once the transaction holds the auction, after whatever bid or purchase came first.
  const outcome = await deps.store.auctions.buyNow({ auctionId, buyer, paymentDueMs: paymentDueMs(deps) }, (state) =>
    decidePurchase(state, buyer, deps.now()),
  );
  if (outcome.kind === 'taken') throw conflict(BUY_NOW_WORDS.gone);
  const { bid, auction } = outcome;
  // Published after the commit, as a bid's: open pages show the purchase, the price and the end.
  deps.bus.publish(toBidEvent(bid));
  deps.notices.publish(outcome.notified);
  // Seen at the moment of the purchase, which is its end: ended, with the buyer as its winner.
  const view = { now: bid.createdAt.getTime(), publicUrl: deps.settings.PUBLIC_URL, viewerId: buyer.id };
  // As a read of it would answer, from what the transaction wrote: no second read after the commit.
  const order = toOrder(outcome.order, deps.settings.PUBLIC_URL);
  return {
    message: BUY_NOW_WORDS.bought(auction.itemName, bid.amount),
    auction: { ...toAuction(auction, view, [toBid(bid)], auction.leaderMax, outcome.watching), orderId: order._id },
    order,
  };
}
