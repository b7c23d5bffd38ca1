// The watchlist's page on PostgreSQL, through its own-list page (pg/rows.ts); the rest of the
// watches is written once (common/watches.ts).
import type { WatchStore } from '../store';
import type { PgDb } from './open';
import { ownListPage } from './rows';

export function pgWatches(db: PgDb): Pick<WatchStore, 'page'> {
  // The watchlist, through the key (the user's watches).
  const watchlistPage = ownListPage(db.$client, 'watchlist-page', 'select auction_id from watches where user_id = $1');
  return {
    async page(userId, options) {
      return watchlistPage(userId, options);
    },
  };
}
