// Cancelling an auction and relisting one, the same on both databases (db/store.ts AuctionStore).
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuctionStore } from '../store';
import type { AuctionReader } from './close';
import { anyId, known, rowLimit, TURN_SCOPES, type Dialect } from './dialect';
import { all, get } from './work';

export function endingEarlyQueries(
  { kind, t, transaction, takeTurns }: Dialect,
  auctionById: AuctionReader,
): Pick<AuctionStore, 'cancel' | 'relist'> {
  const { auctions } = t;
  return {
    cancel(id, sellerId, at) {
      return transaction(function* (tx) {
        // One conditional update decides. A bid holds the auction's row while it writes (on PostgreSQL
        // its write's row lock; on SQLite every writer takes turns): an update that waited for a first
        // bid finds bids_count 1 and changes nothing, and a bid that comes after finds the auction
        // closed (on PostgreSQL its write finds the row's version changed, and it is decided again).
        const cancelled = yield* get(
          tx
            .update(auctions)
            .set({
              cancelledAt: at,
              // Closed, so that the close and the ending-soon tick (which take only unclosed auctions) pass it over.
              closedAt: at,
              // It never opens now: no saved search is to hear of it.
              matchedAt: sql`coalesce(${auctions.matchedAt}, ${sql.param(at, auctions.matchedAt)})`,
            })
            .where(
              and(
                eq(auctions.id, anyId(id)),
                eq(auctions.sellerId, sellerId),
                eq(auctions.bidsCount, 0),
                isNull(auctions.cancelledAt),
                isNull(auctions.closedAt),
                gt(auctions.endsAt, at),
              ),
            )
            .returning({ id: auctions.id }),
        );
        return { cancelled: cancelled !== undefined, auction: yield* auctionById(tx, id) };
      });
    },
    relist(id, at, decide) {
      return transaction(function* (tx) {
        // Two relists of one auction take turns on its row (SQLite's writers always do), so the second
        // sees the first's new auction. "No key update" still lets the new row refer to it.
        const row = tx
          .select({ id: auctions.id })
          .from(auctions)
          .where(eq(auctions.id, anyId(id)));
        yield* get(kind === 'pg' ? row.for('no key update') : row);
        const old = yield* auctionById(tx, id);
        // Through the index of a seller's auctions: a relist has the seller of the auction it relists.
        const relisting =
          old &&
          (yield* get(
            tx
              .select({ id: auctions.id })
              .from(auctions)
              .where(and(eq(auctions.sellerId, old.sellerId), eq(auctions.relistedFrom, old.id)))
              .limit(rowLimit(1)),
          ));
        // An order cancelled unpaid leaves the item unsold: the rule reads the status of the newest
        // (a second-chance offer may have made another after a cancelled one).
        const order =
          old &&
          (yield* get(
            tx
              .select({ status: t.orders.status })
              .from(t.orders)
              .where(eq(t.orders.auctionId, old.id))
              .orderBy(desc(t.orders.id))
              .limit(rowLimit(1)),
          ));
        // An offer waiting for its answer may still sell the item. The answer and the making of offers
        // take turns on the auction (db/common/offers.ts): in its turn, the relist sees one that stands,
        // and an answer after it finds the relisting (no offer accepted sells the item twice).
        if (old) yield* takeTurns(tx, TURN_SCOPES.secondChance, old.id);
        const offer =
          old &&
          (yield* get(
            tx
              .select({ id: t.offers.id })
              .from(t.offers)
              .where(and(eq(t.offers.auctionId, old.id), eq(t.offers.status, known('pending')), gt(t.offers.expiresAt, at)))
              .limit(rowLimit(1)),
          ));
        const fresh = decide(
          old && { ...old, orderStatus: order?.status ?? null, offerPending: offer !== undefined },
          relisting !== undefined,
        );
        const [inserted] = yield* all(
          tx
            .insert(auctions)
            .values({ ...fresh, currentPrice: fresh.startingPrice })
            .returning({ id: auctions.id }),
        );
        return (yield* auctionById(tx, inserted!.id))!;
      });
    },
  };
}
