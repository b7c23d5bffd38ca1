// The counts of auctions that the database keeps as auctions are written, part of the schema in
// schema.ts: the dashboards read them instead of counting rows (docs/decisions/0017-counts-the-database-keeps.md).
// Triggers on `auctions` (migration 0030) keep them in the transaction of every write, whichever code
// or tool makes it; neither table is written by the application.
import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * One row (id 1), or none while there has never been an auction: `listed`, the auctions not cancelled
 * (every list's); `unclosed`, those of them the close has not closed yet, from which the open ones
 * are worked out at the moment of a read.
 */
export const auctionCounts = sqliteTable(
  'auction_counts',
  {
    id: integer('id').primaryKey(),
    listed: integer('listed').notNull(),
    unclosed: integer('unclosed').notNull(),
  },
  (t) => [check('auction_counts_one_row', sql`${t.id} = 1`)],
);

/**
 * Each seller's auctions, cancelled ones too (their own list's). No foreign key: a seller's row
 * may outlive them by the moment a cascade takes, and holds 0 once their auctions are gone.
 */
export const sellerAuctionCounts = sqliteTable('seller_auction_counts', {
  sellerId: integer('seller_id').primaryKey(),
  auctions: integer('auctions').notNull(),
});
