// Watchlists on PostgreSQL: who watches which auction.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { WatchStore } from '../store';
import type { PgDb } from './open';
import { watches } from './schema';
import { transaction } from './transaction';

export function pgWatches(db: PgDb): Omit<WatchStore, 'page'> {
  const pool = db.$client;
  // A changed row proves the auction exists; otherwise ask (the same call again, or an unknown id).
  const known = async (changes: number | null, auctionId: number) =>
    // Ids come from requests: compared as bigint, an id beyond PostgreSQL's integer is simply unknown.
    (changes ?? 0) > 0 || (await pool.query('select 1 from auctions where id = $1::bigint', [auctionId])).rowCount! > 0;
  return {
    async add(userId, auctionId, at, max) {
      // The user's row is locked while their watches are counted and one is added, so two adds at once
      // cannot both take the last place; "no key update" leaves other rows free to refer to the user.
      return transaction(pool, async (client) => {
        await client.query('select 1 from users where id = $1 for no key update', [userId]);
        // Inserted only when the auction exists and the user watches fewer than $4; an existing row stays as it is.
        const added = await client.query(
          `insert into watches (user_id, auction_id, created_at)
           select $1, id, $2 from auctions where id = $3::bigint and (select count(*) from watches where user_id = $1) < $4
           on conflict do nothing`,
          [userId, at, auctionId, max],
        );
        if ((added.rowCount ?? 0) > 0) return 'watching';
        const { rows } = await client.query<{ watching: boolean; known: boolean }>(
          `select exists (select 1 from watches where user_id = $1 and auction_id = $2::bigint) as watching,
             exists (select 1 from auctions where id = $2::bigint) as known`,
          [userId, auctionId],
        );
        return rows[0]!.watching ? 'watching' : rows[0]!.known ? 'full' : 'unknown';
      });
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
    async count(userId) {
      const { rows } = await pool.query<{ n: number }>({
        name: 'watch-count',
        text: 'select count(*)::integer as n from watches where user_id = $1',
        values: [userId],
      });
      return rows[0]!.n;
    },
  };
}
