// The raises of a maximum alone on PostgreSQL (see the SQLite schema), part of schema.ts.
import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { auctions, users } from './schema';

/** A leader's raise of their maximum without a bid, placed among the auction's bids (see the SQLite schema). */
export const maxRaises = pgTable(
  'max_raises',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    afterBidId: integer('after_bid_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('max_raises_auction_idx').on(t.auctionId, t.id)],
);
