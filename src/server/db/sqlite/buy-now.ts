// A purchase at the Buy It Now price on SQLite: one IMMEDIATE transaction of statements prepared once,
// as the bid's (sqlite/bid.ts), since building and preparing each statement with the query builder
// cost the purchase more than running it (docs/performance.md). The IMMEDIATE transaction holds the
// write lock from BEGIN, so purchases and bids on one auction take turns
// (docs/decisions/0004-the-bid-transaction.md): whichever comes first stands, and the rule refuses the other.
import { purchaseWrites } from '../purchase-writes';
import type { AuctionStore } from '../store';
import type { AuctionRecord, PurchaseOutcome } from '../records';
import type { NoticeWriter } from './notices';
import type { SqliteDb } from './open';
import type { WriteTransactions } from './group-commit';

export function sqliteBuyNow(
  db: SqliteDb,
  auctionById: (id: number) => AuctionRecord | undefined,
  insertNotices: NoticeWriter,
  writeTransaction: WriteTransactions,
): Pick<AuctionStore, 'buyNow'> {
  const sqlite = db.$client;
  // Only a closed auction can have been bought: an open one needs no look at its history.
  const bought = sqlite.prepare<[number], 1>('select 1 from bids where auction_id = ? and buy_now = 1 limit 1').pluck();
  // Conditional on what the decision read, as the bid's raise is: under the write lock it always holds;
  // without it (a future change) nothing is written rather than a second outcome.
  const end = sqlite.prepare<{ id: number; price: number; seq: number; buyer: number; at: number; count: number; expected: number }>(
    `update auctions set current_price = @price, bids_count = @seq, leader_id = @buyer, leader_max = @price, ends_at = @at, closed_at = @at
     where id = @id and closed_at is null and cancelled_at is null and bids_count = @count and current_price = @expected`,
  );
  const keepMaximum = sqlite.prepare<[number, number, number]>(
    'insert into max_bids (auction_id, bidder_id, amount) values (?, ?, ?) on conflict (auction_id, bidder_id) do update set amount = excluded.amount',
  );
  const insertBid = sqlite.prepare<[number, number, number, number, number, number], { id: number }>(
    `insert into bids (auction_id, bidder_id, amount, seq, created_at, auto, buy_now, ends_at) values (?, ?, ?, ?, ?, 0, 1, ?) returning id`,
  );
  // Every order is made with the close of its auction or after it, and the update above found this one
  // not closed: the auction has no live order, and its unique index cannot refuse this one.
  const insertOrder = sqlite.prepare<[number, number, number, number, number | null, number, number], { id: number }>(
    `insert into orders (auction_id, buyer_id, seller_id, price, shipping_cost, status, created_at, due_at)
     values (?, ?, ?, ?, ?, 'awaiting_payment', ?, ?) returning id`,
  );
  const watches = sqlite.prepare<[number, number], 1>('select 1 from watches where user_id = ? and auction_id = ?').pluck();

  return {
    async buyNow({ auctionId, buyer, paymentDueMs }, decide) {
      return writeTransaction((): PurchaseOutcome => {
        const auction = auctionById(auctionId);
        const decision = decide({ auction, bought: auction?.closedAt != null && bought.get(auction.id) !== undefined });
        const current = auction!;
        const writes = purchaseWrites(current, decision, buyer, paymentDueMs);
        const at = decision.at.getTime();
        const ended = end.run({
          id: current.id,
          price: decision.price,
          seq: writes.seq,
          buyer: buyer.id,
          at,
          count: current.bidsCount,
          expected: current.currentPrice,
        });
        if (ended.changes === 0) return { kind: 'taken' };
        if (writes.displaced) keepMaximum.run(current.id, writes.displaced.bidderId, writes.displaced.amount);
        const bid = writes.bid(insertBid.get(current.id, buyer.id, decision.price, writes.seq, at, at)!.id);
        const notified = insertNotices(current.id, decision.notices, decision.at);
        const { order } = writes;
        const { id } = insertOrder.get(
          current.id,
          order.buyerId,
          order.sellerId,
          order.price,
          order.shippingCost,
          at,
          order.dueAt.getTime(),
        )!;
        return {
          kind: 'bought',
          bid,
          auction: writes.ended,
          order: { id, ...order },
          watching: watches.get(buyer.id, current.id) !== undefined,
          notified,
        };
      });
    },
  };
}
