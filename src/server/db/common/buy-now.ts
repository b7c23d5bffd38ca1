// A purchase at the Buy It Now price, the same on both databases (db/store.ts AuctionStore.buyNow): a
// rare write, so one unit of work serves both, without the prepared statements of the bid's hot path.
// It holds the auction as a bid does (docs/decisions/0004 and 0008), so that purchases and bids on
// one auction take turns: whichever comes first stands, and the rule refuses the other.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuctionStore } from '../store';
import type { AuctionRecord, BidRecord } from '../records';
import type { AuctionReader } from './close';
import { anyId, type Dialect } from './dialect';
import { makeOrder } from './orders';
import { all, get, run } from './work';

export function buyNowQueries({ kind, t, transaction, writeNotices }: Dialect, auctionById: AuctionReader): Pick<AuctionStore, 'buyNow'> {
  const { auctions, bids, maxBids, watches } = t;
  return {
    buyNow({ auctionId, buyer, paymentDueMs }, decide) {
      return transaction(function* (tx) {
        // PostgreSQL: the bid's own lock on the row ("no key update", so watches and notices of the
        // auction may still be inserted), taken before the read so that the read sees the row as the
        // bid or purchase before it left it. SQLite's IMMEDIATE transaction already holds the write lock.
        if (kind === 'pg')
          yield* get(
            tx
              .select({ id: auctions.id })
              .from(auctions)
              .where(eq(auctions.id, anyId(auctionId)))
              .for('no key update'),
          );
        const auction = yield* auctionById(tx, auctionId);
        // Only a closed auction can have been bought: an open one needs no look at its history.
        const bought =
          auction?.closedAt != null &&
          (yield* get(
            tx
              .select({ id: bids.id })
              .from(bids)
              .where(and(eq(bids.auctionId, auction.id), eq(bids.buyNow, true)))
              .limit(1),
          )) !== undefined;
        const decision = decide({ auction, bought });
        const current = auction!;
        const { at, price } = decision;
        const seq = current.bidsCount + 1;
        // Conditional on what the decision read, as the bid's raise is: with the lock it always holds;
        // without it (a future change) nothing is written rather than a second outcome.
        const raised = yield* get(
          tx
            .update(auctions)
            .set({ currentPrice: price, bidsCount: seq, leaderId: buyer.id, leaderMax: price, endsAt: at, closedAt: at })
            .where(
              and(
                eq(auctions.id, current.id),
                isNull(auctions.closedAt),
                isNull(auctions.cancelledAt),
                eq(auctions.bidsCount, current.bidsCount),
                eq(auctions.currentPrice, current.currentPrice),
              ),
            )
            .returning({ id: auctions.id }),
        );
        if (!raised) return { kind: 'taken' as const };
        // The leader the purchase displaced keeps their maximum where a bidder who does not lead keeps it, to see it.
        if (current.leaderId !== null && current.leaderId !== buyer.id && current.leaderMax !== null) {
          yield* run(
            tx
              .insert(maxBids)
              .values({ auctionId: current.id, bidderId: current.leaderId, amount: current.leaderMax })
              .onConflictDoUpdate({ target: [maxBids.auctionId, maxBids.bidderId], set: { amount: sql`excluded.amount` } }),
          );
        }
        const [row] = yield* all(
          tx
            .insert(bids)
            .values({ auctionId: current.id, bidderId: buyer.id, amount: price, seq, createdAt: at, auto: false, buyNow: true, endsAt: at })
            .returning({ id: bids.id }),
        );
        const bid: BidRecord = {
          id: row!.id,
          auctionId: current.id,
          bidderId: buyer.id,
          bidderName: buyer.name,
          amount: price,
          seq,
          createdAt: at,
          auto: false,
          buyNow: true,
          endsAt: at,
        };
        const notified = yield* writeNotices(tx, current.id, decision.notices, at);
        const ended: AuctionRecord = {
          ...current,
          currentPrice: price,
          bidsCount: seq,
          leaderId: buyer.id,
          leaderName: buyer.name,
          leaderMax: price,
          endsAt: at,
          closedAt: at,
        };
        // The sale's order, in the purchase's transaction: made with it or not at all.
        yield* makeOrder(t, tx, ended, at, paymentDueMs);
        const order = yield* get(tx.select({ id: t.orders.id }).from(t.orders).where(eq(t.orders.auctionId, current.id)));
        const watching =
          (yield* get(
            tx
              .select({ userId: watches.userId })
              .from(watches)
              .where(and(eq(watches.userId, buyer.id), eq(watches.auctionId, current.id))),
          )) !== undefined;
        return {
          kind: 'bought' as const,
          bid,
          auction: ended,
          watching,
          notified,
          orderId: order!.id,
        };
      });
    },
  };
}
