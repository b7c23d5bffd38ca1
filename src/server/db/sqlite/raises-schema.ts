// The raises of a maximum alone, part of the schema in schema.ts: a removal's replay needs them.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { auctions, users } from './schema';

/**
 * A leader's raise of their maximum without a bid (a bid's own maximum is on its row, `max_bid`).
 * `after_bid_id` places it among the auction's bids: it came after every bid with an id up to that
 * one and before every later bid (ids only grow, and an auction's requests take turns). Raises
 * before this table were not kept: a replay treats their bidder as if they had not raised.
 */
export const maxRaises = sqliteTable(
  'max_raises',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    bidderId: integer('bidder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    afterBidId: integer('after_bid_id').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('max_raises_auction_idx').on(t.auctionId, t.id)],
);
