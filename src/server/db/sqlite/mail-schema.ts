// The mail waiting to leave and the links it carries (password reset, address confirmation), part of
// the schema in schema.ts.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { notifications, users } from './schema';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * Mail waiting to leave: written in the transaction of whatever owes it, sent by a worker. A notice's
 * mail is rendered when sent, from its notification; a link (password reset, address confirmation)
 * is stored rendered. `dueAt` is both the retry time and the lease: a worker that claims a row moves
 * it into the future, so no other worker takes it until the lease runs out. Links (`priority` 0) are
 * claimed before notices (1). A notice's row is its group's (user, auction, kind): later notices of
 * the group fold into it (`waiting` counts them) and leave in one mail, at most one per group in
 * ten minutes; after a send the row stays, with `waiting` 0, until that window has passed
 * (docs/decisions/0012-one-mail-per-auction-and-kind.md).
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The newest notice of the group: what the mail says, with how many came before it. */
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'cascade' }),
    /** The auction's price when the newest notice was written (the mail names it, whatever came after). */
    price: integer('price'),
    toAddress: text('to_address'),
    subject: text('subject'),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** Past this, the mail is dropped unsent (a link that no longer works). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    attempts: integer('attempts').notNull().default(0),
    dueAt: integer('due_at', { mode: 'timestamp_ms' }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /**
     * The recipient; with `auctionId` and `kind`, a notice's group. No foreign keys: a notice's row
     * goes with its notification (above), and a link's expires with its link.
     */
    userId: integer('user_id'),
    auctionId: integer('auction_id'),
    /** A notice's kind, or the link's: `password_reset`, `email_confirmation`. */
    kind: text('kind'),
    /** 0: a link, which someone is waiting for; 1: a notice. Lower leaves first. */
    priority: integer('priority').notNull().default(1),
    /** Notices this row's next mail stands for (a link: 1); 0: sent, and holding its group's window. */
    waiting: integer('waiting').notNull().default(1),
  },
  (t) => [
    // The claim's one query: rows with something to send, links first, then by due time.
    index('mail_outbox_claim_idx')
      .on(t.priority, t.dueAt)
      .where(sql`${t.waiting} > 0`),
    // Sent groups whose window has passed, to forget.
    index('mail_outbox_held_idx')
      .on(t.dueAt)
      .where(sql`${t.waiting} = 0`),
    // One row per group; links have no auction, and nulls never collide.
    uniqueIndex('mail_outbox_group_unique').on(t.userId, t.auctionId, t.kind),
  ],
);

/** An address confirmation link's token, by its SHA-256 (as sessions): used once, within a day. */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('email_confirmations_user_id_idx').on(t.userId), index('email_confirmations_expires_at_idx').on(t.expiresAt)],
);

/** A password reset link's token, by its SHA-256 (as sessions): used once, within its hour. */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId), index('password_resets_expires_at_idx').on(t.expiresAt)],
);
