// Watchlists on SQLite: who watches which auction.
import { and, eq, inArray } from 'drizzle-orm';
import type { WatchStore } from '../store';
import { openFirst, withSeller } from './auctions';
import type { SqliteDb } from './open';
import { auctions, watches } from './schema';

export function sqliteWatches(db: SqliteDb): WatchStore {
  const auctionExists = db.$client.prepare<[number], 1>('select 1 from auctions where id = ?').pluck();
  // Inserted only when the auction exists; an existing row stays as it is (its time too).
  const add = db.$client.prepare<[number, number, number]>(
    'insert into watches (user_id, auction_id, created_at) select ?, id, ? from auctions where id = ? on conflict do nothing',
  );
  const remove = db.$client.prepare<[number, number]>('delete from watches where user_id = ? and auction_id = ?');
  // One auction's page, or a bid's answer: the key's own lookup.
  const watchesOne = db.$client.prepare<[number, number], 1>('select 1 from watches where user_id = ? and auction_id = ?').pluck();
  // A changed row proves the auction exists; otherwise ask (the same call again, or an unknown id).
  const known = (changes: number, auctionId: number) => changes > 0 || auctionExists.get(auctionId) !== undefined;
  return {
    async add(userId, auctionId, at) {
      return known(add.run(userId, at.getTime(), auctionId).changes, auctionId);
    },
    async remove(userId, auctionId) {
      return known(remove.run(userId, auctionId).changes, auctionId);
    },
    async watchedOf(userId, auctionIds) {
      if (auctionIds.length === 0) return new Set();
      if (auctionIds.length === 1) return new Set(watchesOne.get(userId, auctionIds[0]!) ? auctionIds : []);
      const rows = db
        .select({ auctionId: watches.auctionId })
        .from(watches)
        .where(and(eq(watches.userId, userId), inArray(watches.auctionId, auctionIds)))
        .all();
      return new Set(rows.map((row) => row.auctionId));
    },
    async auctionsOf(userId, now) {
      return withSeller(db)
        .innerJoin(watches, and(eq(watches.auctionId, auctions.id), eq(watches.userId, userId)))
        .orderBy(...openFirst(now))
        .all();
    },
  };
}
