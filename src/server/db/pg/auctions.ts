// Auctions, bids and notifications on PostgreSQL. (Being written.)
import type { AuctionStore, BidStore, NotificationStore } from '../store';
import type { NoticeWriter } from './notices';
import type { PgDb } from './open';

export function pgAuctions(_db: PgDb, _notices: NoticeWriter): AuctionStore {
  throw new Error('PostgreSQL auctions: not built yet');
}
export function pgBids(_db: PgDb, _notices: NoticeWriter): BidStore {
  throw new Error('PostgreSQL bids: not built yet');
}
export function pgNotifications(_db: PgDb): NotificationStore {
  throw new Error('PostgreSQL notifications: not built yet');
}
