// The counts of auctions that the database keeps on PostgreSQL (see the SQLite schema), part of schema.ts.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable } from 'drizzle-orm/pg-core';

/** One row (id 1): the auctions not cancelled, and those of them not closed yet (see the SQLite schema). */
export const auctionCounts = pgTable(
  'auction_counts',
  {
    id: integer('id').primaryKey(),
    listed: integer('listed').notNull(),
    unclosed: integer('unclosed').notNull(),
  },
  (t) => [check('auction_counts_one_row', sql`${t.id} = 1`)],
);

/** Each seller's auctions, cancelled ones too; no foreign key (see the SQLite schema). */
export const sellerAuctionCounts = pgTable('seller_auction_counts', {
  sellerId: integer('seller_id').primaryKey(),
  auctions: integer('auctions').notNull(),
});
