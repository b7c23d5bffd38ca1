// The messages of conversations about auctions (docs/rules/messages.md), part of the schema in schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { auctions, notifications, users } from './schema';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A message of a conversation about one auction, between its seller and one other user: `with_user_id`
 * names that other user, whoever wrote the message, so one conversation is (auction, with_user_id).
 * `read_at` is when its recipient read it. `notice_id` is the `message` notice it sent, if it sent one:
 * while that notice is unread, later messages of the conversation send none.
 */
export const messages = sqliteTable(
  'messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    noticeId: integer('notice_id').references(() => notifications.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One conversation, newest first; also the seller's side of their conversations (by auction).
    index('messages_conversation_idx').on(t.auctionId, t.withUserId, t.id),
    // The conversations of the user who is not the seller.
    index('messages_with_user_idx').on(t.withUserId, t.id),
    // The messages that sent a notice, few per conversation: whether one of them is still unread.
    index('messages_noticed_idx')
      .on(t.auctionId, t.withUserId, t.id)
      .where(sql`${t.noticeId} is not null`),
  ],
);
