// The orders (docs/rules/orders.md) and their feedback (docs/rules/trust.md), beside the rest of the model (schema.ts) so that neither file
// grows past what one reads at once; tables.ts puts the two together.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ORDER_STATUSES } from '../../../shared/constants';
import { FEEDBACK_RATINGS, FEEDBACK_ROLES } from '../../../shared/feedback';
import { OFFER_STATUSES } from '../../../shared/offers';
import { auctions, users } from './schema';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * What an auction with a buyer became, made in the transaction of the close, the purchase or an
 * accepted second-chance offer: the auction id, unique among the orders not cancelled, makes one live
 * order per auction, whatever the number of instances (a cancelled one leaves room for a second
 * chance). Each move is a
 * conditional update from the status it starts from. `overdueNotifiedAt` claims the one overdue
 * notice, as `endingSoonAt` claims an auction's ending-soon notices.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    shippingCost: integer('shipping_cost'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('awaiting_payment'),
    createdAt: createdAt(),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    paidAt: integer('paid_at', { mode: 'timestamp_ms' }),
    shippedAt: integer('shipped_at', { mode: 'timestamp_ms' }),
    trackingNumber: text('tracking_number'),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    cancelReason: text('cancel_reason'),
    overdueNotifiedAt: integer('overdue_notified_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('orders_auction_unique')
      .on(t.auctionId)
      .where(sql`${t.status} <> 'cancelled'`),
    // The auction page's newest order of an auction, cancelled or not.
    index('orders_auction_idx').on(t.auctionId, t.id),
    index('orders_buyer_idx').on(t.buyerId, t.id),
    index('orders_seller_idx').on(t.sellerId, t.id),
    // The overdue tick's one query: unpaid orders not told yet, by due time.
    index('orders_overdue_due_idx')
      .on(t.dueAt)
      .where(sql`${t.overdueNotifiedAt} is null and ${t.status} = 'awaiting_payment'`),
  ],
);

/**
 * What each side of a received order said of the other: one per side of an order (the unique key
 * turns a double submit into one), about the other party, whose profile counts it.
 */
export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    role: text('role', { enum: FEEDBACK_ROLES }).notNull(),
    fromId: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    aboutId: integer('about_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: FEEDBACK_RATINGS }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
  },
  // The profile reads what was said about a user, newest first and over its window.
  (t) => [uniqueIndex('feedback_order_role_unique').on(t.orderId, t.role), index('feedback_about_idx').on(t.aboutId, t.createdAt, t.id)],
);

/**
 * The seller's offer of an item that found no buyer to one of its bidders, at that bidder's highest
 * bid (docs/rules/orders.md#second-chance). The unique index over pending offers makes one pending
 * offer per auction whatever runs at once; an answer is a conditional update from `pending`.
 */
export const offers = sqliteTable(
  'offers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    fromId: integer('from_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toId: integer('to_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('offers_pending_unique')
      .on(t.auctionId)
      .where(sql`${t.status} = 'pending'`),
    // The bidder's list of offers to answer, and the seller's view of an auction's offers.
    index('offers_to_idx').on(t.toId, t.id),
    index('offers_auction_idx').on(t.auctionId, t.id),
  ],
);
