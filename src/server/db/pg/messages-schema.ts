// The messages of conversations about auctions on PostgreSQL (see the SQLite schema), part of schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { auctions, notifications, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** A message of a conversation about one auction (see the SQLite schema). */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    withUserId: integer('with_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    readAt: time('read_at'),
    noticeId: integer('notice_id').references(() => notifications.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.auctionId, t.withUserId, t.id),
    index('messages_with_user_idx').on(t.withUserId, t.id),
    index('messages_noticed_idx')
      .on(t.auctionId, t.withUserId, t.id)
      .where(sql`${t.noticeId} is not null`),
  ],
);
