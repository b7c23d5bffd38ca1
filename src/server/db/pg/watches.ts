// Watchlists on PostgreSQL: who watches which auction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WatchStore } from '../store';
import type { PgDb } from './open';
import { openFirst, withSeller } from './rows';
import { auctions, watches } from './schema';

export function pgWatches(db: PgDb): WatchStore {
  const pool = db.$client;
  // A changed row proves the auction exists; otherwise ask (the same call again, or an unknown id).
  const known = async (changes: number | null, auctionId: number) =>
    // Ids come from requests: compared as bigint, an id beyond PostgreSQL's integer is simply unknown.
    (changes ?? 0) > 0 || (await pool.query('select 1 from auctions where id = $1::bigint', [auctionId])).rowCount! > 0;
  return {
    async add(userId, auctionId, at) {
      // Inserted only when the auction exists; an existing row stays as it is (its time too).
      const added = await pool.query(
        'insert into watches (user_id, auction_id, created_at) select $1, id, $2 from auctions where id = $3::bigint on conflict do nothing',
        [userId, at, auctionId],
      );
      return known(added.rowCount, auctionId);
    },
    async remove(userId, auctionId) {
      const removed = await db.delete(watches).where(and(eq(watches.userId, userId), eq(watches.auctionId, sql`${auctionId}::bigint`)));
      return known(removed.rowCount, auctionId);
    },
    async watchedOf(userId, auctionIds) {
      if (auctionIds.length === 0) return new Set();
      const rows = await db
        .select({ auctionId: watches.auctionId })
        .from(watches)
        .where(and(eq(watches.userId, userId), inArray(watches.auctionId, auctionIds)));
      return new Set(rows.map((row) => row.auctionId));
    },
    async auctionsOf(userId, now) {
      return withSeller(db)
        .innerJoin(watches, and(eq(watches.auctionId, auctions.id), eq(watches.userId, userId)))
        .orderBy(...openFirst(now));
    },
  };
}
