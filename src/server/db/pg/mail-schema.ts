// The mail waiting to leave and its links on PostgreSQL (see the SQLite schema), part of schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { notifications, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/**
 * Mail waiting to leave, with `dueAt` as retry time and lease, links before notices, and a notice's
 * row its group's, into which later notices of the group fold (see the SQLite schema).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** The auction's price when the newest notice was written (the mail names it, whatever came after). */
    price: integer('price'),
    toAddress: text('to_address'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Past this, the mail is dropped unsent (a link that no longer works). */
    expiresAt: time('expires_at'),
    attempts: integer('attempts').notNull().default(0),
    dueAt: time('due_at').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** The recipient, and with `auctionId` and `kind` a notice's group (no foreign keys: see the SQLite schema). */
    userId: integer('user_id'),
    auctionId: integer('auction_id'),
    kind: text('kind'),
    priority: integer('priority').notNull().default(1),
    waiting: integer('waiting').notNull().default(1),
  },
  (t) => [
    index('mail_outbox_claim_idx')
      .on(t.priority, t.dueAt)
      .where(sql`${t.waiting} > 0`),
    index('mail_outbox_held_idx')
      .on(t.dueAt)
      .where(sql`${t.waiting} = 0`),
    uniqueIndex('mail_outbox_group_unique').on(t.userId, t.auctionId, t.kind),
  ],
);

/** An address confirmation link's token, by its SHA-256 (as sessions): used once, within a day. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('email_confirmations_user_id_idx').on(t.userId), index('email_confirmations_expires_at_idx').on(t.expiresAt)],
);

/** A password reset link's token, by its SHA-256 (as sessions): used once, within its hour. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId), index('password_resets_expires_at_idx').on(t.expiresAt)],
);
