// Watchlists on SQLite: who watches which auction.
import { and, eq, inArray } from 'drizzle-orm';
import type { WatchStore } from '../store';
import type { SqliteDb } from './open';
import { watches } from './schema';

export function sqliteWatches(db: SqliteDb): Omit<WatchStore, 'page'> {
  const auctionExists = db.$client.prepare<[number], 1>('select 1 from auctions where id = ?').pluck();
  // Inserted only when the auction exists and the user watches fewer than @max, in one statement (SQLite
  // runs one write at a time, so two cannot both take the last place); an existing row stays as it is.
  const add = db.$client.prepare<[{ user: number; auction: number; at: number; max: number }]>(
    `insert into watches (user_id, auction_id, created_at)
     select @user, id, @at from auctions where id = @auction and (select count(*) from watches where user_id = @user) < @max
     on conflict do nothing`,
  );
  const remove = db.$client.prepare<[number, number]>('delete from watches where user_id = ? and auction_id = ?');
  // One auction's page, or a bid's answer: the key's own lookup.
  const watchesOne = db.$client.prepare<[number, number], 1>('select 1 from watches where user_id = ? and auction_id = ?').pluck();
  const countOf = db.$client.prepare<[number], number>('select count(*) from watches where user_id = ?').pluck();
  // A changed row proves the auction exists; otherwise ask (the same call again, or an unknown id).
  const known = (changes: number, auctionId: number) => changes > 0 || auctionExists.get(auctionId) !== undefined;
  return {
    async add(userId, auctionId, at, max) {
      if (add.run({ user: userId, auction: auctionId, at: at.getTime(), max }).changes > 0) return 'watching';
      if (watchesOne.get(userId, auctionId) !== undefined) return 'watching';
      return auctionExists.get(auctionId) === undefined ? 'unknown' : 'full';
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
    async count(userId) {
      return countOf.get(userId)!;
    },
  };
}
