// The orders and their feedback on PostgreSQL (see the SQLite twin, sqlite/orders-schema.ts); tables.ts puts them with
// the rest of the model.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../shared/constants';
import { FEEDBACK_RATINGS, FEEDBACK_ROLES } from '../../../shared/feedback';
import { OFFER_STATUSES } from '../../../shared/offers';
import { auctions, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** What an auction with a buyer became: one live (not cancelled) order per auction (see the SQLite schema). */
export const orders = pgTable(
  'orders',
  {
    id: id(),
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
    dueAt: time('due_at').notNull(),
    paidAt: time('paid_at'),
    shippedAt: time('shipped_at'),
    trackingNumber: text('tracking_number'),
    receivedAt: time('received_at'),
    cancelledAt: time('cancelled_at'),
    cancelReason: text('cancel_reason'),
    overdueNotifiedAt: time('overdue_notified_at'),
  },
  (t) => [
    uniqueIndex('orders_auction_unique')
      .on(t.auctionId)
      .where(sql`${t.status} <> 'cancelled'`),
    // The auction page's newest order of an auction, cancelled or not.
    index('orders_auction_idx').on(t.auctionId, t.id),
    index('orders_buyer_idx').on(t.buyerId, t.id),
    index('orders_seller_idx').on(t.sellerId, t.id),
    index('orders_overdue_due_idx')
      .on(t.dueAt)
      .where(sql`${t.overdueNotifiedAt} is null and ${t.status} = 'awaiting_payment'`),
  ],
);

/** What each side of a received order said of the other: one per side (see the SQLite schema). */
export const feedback = pgTable(
  'feedback',
  {
    id: id(),
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
  (t) => [uniqueIndex('feedback_order_role_unique').on(t.orderId, t.role), index('feedback_about_idx').on(t.aboutId, t.createdAt, t.id)],
);

/** The seller's second-chance offer to one bidder: one pending per auction (see the SQLite schema). */
export const offers = pgTable(
  'offers',
  {
    id: id(),
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
    expiresAt: time('expires_at').notNull(),
    answeredAt: time('answered_at'),
  },
  (t) => [
    uniqueIndex('offers_pending_unique')
      .on(t.auctionId)
      .where(sql`${t.status} = 'pending'`),
    index('offers_to_idx').on(t.toId, t.id),
    index('offers_auction_idx').on(t.auctionId, t.id),
  ],
);
