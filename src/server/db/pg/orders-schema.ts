// The orders on PostgreSQL (see the SQLite twin, sqlite/orders-schema.ts); tables.ts puts them with
// the rest of the model.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../../shared/constants';
import { auctions, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** What an auction with a buyer became: one order per auction (see the SQLite schema). */
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
    uniqueIndex('orders_auction_unique').on(t.auctionId),
    index('orders_buyer_idx').on(t.buyerId, t.id),
    index('orders_seller_idx').on(t.sellerId, t.id),
    index('orders_overdue_due_idx')
      .on(t.dueAt)
      .where(sql`${t.overdueNotifiedAt} is null and ${t.status} = 'awaiting_payment'`),
  ],
);
