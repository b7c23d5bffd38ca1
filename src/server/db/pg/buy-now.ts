// A purchase at the Buy It Now price on PostgreSQL: one transaction that locks its auction's row, of
// named statements prepared once per connection. Its writes go as one statement: begin, the auction
// under its lock, the writes, the notices, commit, where the query builder's purchase made a round
// trip for each write and read the order again after the commit. The row lock makes purchases of one
// auction take turns (docs/decisions/0008); a bid's write, conditional on the row's version
// (pg/bid.ts), waits for the purchase and then finds the row changed. Whichever comes first stands,
// and the rule refuses the other.
import { purchaseWrites } from '../purchase-writes';
import type { AuctionStore } from '../store';
import type { PurchaseOutcome } from '../records';
import { holdAuction } from './auctions';
import type { NoticeWriter } from './notices';
import type { PgDb } from './open';
import { transaction } from './transaction';

const PURCHASE = {
  // Only a closed auction can have been bought: an open one needs no look at its history.
  bought: { name: 'purchase-bought', text: 'select 1 from bids where auction_id = $1 and buy_now limit 1' },
  // The end, conditional on what the decision read (with the lock it always holds; without it, a
  // future change, nothing is written rather than a second outcome), and every write that depends on
  // it, each reading `ended`: a purchase that ends nothing writes nothing. The leader it displaced
  // keeps their maximum where a bidder who does not lead keeps it, to see it ($8, null when there is
  // none). Every order is made with the close of its auction or after it, and the update found this
  // one not closed: it has no live order, and the unique index cannot refuse this one. The buyer's
  // watch is read here, after the lock.
  write: {
    name: 'purchase-write',
    text: `with ended as (
        update auctions set current_price = $2, bids_count = $3, leader_id = $4, leader_max = $2, ends_at = $5, closed_at = $5
        where id = $1 and closed_at is null and cancelled_at is null and bids_count = $6 and current_price = $7
        returning id
      ), kept as (
        insert into max_bids (auction_id, bidder_id, amount) select id, $8, $9 from ended where $8::int is not null
        on conflict (auction_id, bidder_id) do update set amount = excluded.amount
      ), bid as (
        insert into bids (auction_id, bidder_id, amount, seq, created_at, auto, buy_now, ends_at)
        select id, $4, $2, $3, $5, false, true, $5 from ended returning id
      ), ordered as (
        insert into orders (auction_id, buyer_id, seller_id, price, shipping_cost, status, created_at, due_at)
        select id, $4, $10, $2, $11, 'awaiting_payment', $5, $12 from ended returning id
      )
      select (select id from bid) as "bidId", (select id from ordered) as "orderId",
        exists (select 1 from watches where user_id = $4 and auction_id = $1) as watching
      from ended`,
  },
};

export function pgBuyNow(db: PgDb, insertNotices: NoticeWriter): Pick<AuctionStore, 'buyNow'> {
  const pool = db.$client;
  return {
    buyNow({ auctionId, buyer, paymentDueMs }, decide) {
      return transaction(pool, async (client): Promise<PurchaseOutcome> => {
        const auction = await holdAuction(client, auctionId);
        const bought = auction?.closedAt != null && ((await client.query({ ...PURCHASE.bought, values: [auction.id] })).rowCount ?? 0) > 0;
        const decision = decide({ auction, bought });
        const current = auction!;
        const writes = purchaseWrites(current, decision, buyer, paymentDueMs);
        const { order } = writes;
        const { rows } = await client.query<{ bidId: number; orderId: number; watching: boolean }>({
          ...PURCHASE.write,
          values: [
            current.id,
            decision.price,
            writes.seq,
            buyer.id,
            decision.at,
            current.bidsCount,
            current.currentPrice,
            writes.displaced?.bidderId ?? null,
            writes.displaced?.amount ?? null,
            order.sellerId,
            order.shippingCost,
            order.dueAt,
          ],
        });
        const written = rows[0];
        if (!written) return { kind: 'taken' };
        const notified = await insertNotices(client, current.id, decision.notices, decision.at);
        return {
          kind: 'bought',
          bid: writes.bid(written.bidId),
          auction: writes.ended,
          order: { id: written.orderId, ...order },
          watching: written.watching,
          notified,
        };
      });
    },
  };
}
