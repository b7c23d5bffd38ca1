// Watchlists, the same on both databases (db/store.ts WatchStore): who watches which auction. The
// watchlist's page is one of a user's own lists (lists.ts).
import { and, count, eq, isNull } from 'drizzle-orm';
import type { WatchStore } from '../store';
import { anyId, TURN_SCOPES, type Db, type Dialect } from './dialect';
import { watchlistQueries } from './lists';
import { all, get, run } from './work';

export function watchQueries(dialect: Dialect): WatchStore {
  const { db, t, transaction, write, takeTurns } = dialect;
  const { auctions, watches } = t;
  // Ids come from requests: compared as bigint, an id beyond PostgreSQL's integer is simply unknown.
  const auctionIs = (auctionId: number) => eq(auctions.id, anyId(auctionId));
  const watchIs = (userId: number, auctionId: number) => and(eq(watches.userId, userId), eq(watches.auctionId, anyId(auctionId)));
  // A cancelled auction is off the watchlist: it neither shows nor takes a place there.
  const watchedCount = (on: Db, userId: number) =>
    on
      .select({ n: count() })
      .from(watches)
      .innerJoin(auctions, eq(auctions.id, watches.auctionId))
      .where(and(eq(watches.userId, userId), isNull(auctions.cancelledAt)));
  return {
    ...watchlistQueries(dialect),
    add(userId, auctionId, at, max) {
      // Two adds of one user could both count one watch short of the limit and both insert: they take turns.
      return transaction(function* (tx) {
        yield* takeTurns(tx, TURN_SCOPES.watchlist, userId);
        // Already watched: nothing changes, however full the list.
        if (yield* get(tx.select({ auctionId: watches.auctionId }).from(watches).where(watchIs(userId, auctionId)))) return 'watching';
        if (!(yield* get(tx.select({ id: auctions.id }).from(auctions).where(auctionIs(auctionId))))) return 'unknown';
        const watched = yield* get(watchedCount(tx, userId));
        if (watched!.n >= max) return 'full';
        yield* run(tx.insert(watches).values({ userId, auctionId, createdAt: at }).onConflictDoNothing());
        return 'watching';
      });
    },
    async remove(userId, auctionId) {
      const removed = await write((tx) =>
        all(tx.delete(watches).where(watchIs(userId, auctionId)).returning({ auctionId: watches.auctionId })),
      );
      // A removed row proves the auction exists; otherwise ask (the same call again, or an unknown id).
      if (removed.length > 0) return true;
      return (await db.select({ id: auctions.id }).from(auctions).where(auctionIs(auctionId))).length > 0;
    },
    async count(userId) {
      const [row] = await watchedCount(db, userId);
      return row!.n;
    },
  };
}
