// The watchlist's page on SQLite, through its own-list page (sqlite/auctions.ts); the rest of the
// watches is written once (common/watches.ts).
import type { WatchStore } from '../store';
import { prepareOwnListPage } from './auctions';
import type { SqliteDb } from './open';

export function sqliteWatches(db: SqliteDb): Pick<WatchStore, 'page'> {
  // The watchlist, through the key (the user's watches).
  const watchlistPage = prepareOwnListPage(db, 'select auction_id from watches where user_id = @user');
  return {
    async page(userId, options) {
      const { items, nextCursor } = watchlistPage(userId, options);
      return { items: items.map((row) => row.auction), nextCursor };
    },
  };
}
