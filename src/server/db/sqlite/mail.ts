// The mail outbox, password resets and address confirmations on SQLite
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Notice } from '../../domain/bidding';
import {
  MAIL_PRIORITY,
  type EmailConfirmationStore,
  type MailMessage,
  type MailStore,
  type NoticeMail,
  type OutboxMail,
  type PasswordResetStore,
} from '../store';
import { immediateTransactions } from './transaction';
import type { SqliteDb } from './open';
import { auctions, emailConfirmations, mailOutbox, notifications, passwordResets, sessions, users } from './schema';

/** Writes the notices owed by one event, inside its transaction; returns the users they went to. */
export type NoticeWriter = (auctionId: number, notices: Notice[], at: Date) => number[];

/**
 * The notices' writer. With `mail` on, the notices of a user who has not turned e-mail off and whose
 * address is confirmed also go to the outbox, in the same transaction: the notice and its mail are
 * written together or not at all. Each lands in its group's row (user, auction, kind): a new row due
 * now; or, when the group has a row already, folded into it (the row names the newest notice and
 * counts the others); a group whose mail left less than ten minutes ago waits until they have passed.
 * With mail off (no mail transport) nothing is queued, since nothing would ever send it.
 */
export function noticeWriter(db: SqliteDb, { mail }: { mail: boolean }): NoticeWriter {
  // The price is read here, after the event's own writes: the price the notice speaks of.
  const queue = db.$client.prepare<[number, number]>(
    `insert into mail_outbox (user_id, auction_id, kind, notification_id, price, waiting, priority, due_at, created_at)
     select n.user_id, n.auction_id, n.kind, max(n.id), a.current_price, count(*), ${MAIL_PRIORITY.notice}, n.created_at, n.created_at
     from notifications n
     join users u on u.id = n.user_id
     join auctions a on a.id = n.auction_id
     where n.id between ? and ? and u.email_notifications = 1 and u.email_verified_at is not null
     group by n.user_id, n.kind
     on conflict (user_id, auction_id, kind) do update set
       notification_id = excluded.notification_id,
       price = excluded.price,
       due_at = case when mail_outbox.waiting = 0 then max(mail_outbox.due_at, excluded.due_at) else mail_outbox.due_at end,
       waiting = mail_outbox.waiting + excluded.waiting`,
  );
  return (auctionId, notices, at) => {
    if (notices.length === 0) return [];
    const written = db
      .insert(notifications)
      .values(notices.map((notice) => ({ ...notice, auctionId, createdAt: at })))
      .returning({ id: notifications.id })
      .all();
    if (mail) queue.run(written[0]!.id, written.at(-1)!.id);
    return [...new Set(notices.map((notice) => notice.userId))];
  };
}

/** An outbox row for a link mailed to an account: before any notice, and worthless once the link has expired. */
function linkRow(userId: number, kind: 'password_reset' | 'email_confirmation', mail: MailMessage, at: Date, expiresAt: Date) {
  return {
    userId,
    kind,
    toAddress: mail.to,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html,
    expiresAt,
    priority: MAIL_PRIORITY.link,
    dueAt: at,
    createdAt: at,
  };
}

/** Deletes the unsent mails of one kind of link of an account (inside the caller's transaction). */
export function dropLinkMails(db: SqliteDb, userId: number, kind: 'password_reset' | 'email_confirmation') {
  db.delete(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)))
    .run();
}

export function sqliteMail(db: SqliteDb): MailStore {
  const immediately = immediateTransactions(db);
  // One statement claims: two workers on one database can never both take a row.
  const claim = db.$client.prepare<
    { now: number; leaseUntil: number; limit: number },
    {
      id: number;
      attempts: number;
      waiting: number;
      grouped: number;
      expiresAt: number | null;
      notificationId: number | null;
      price: number | null;
      toAddress: string | null;
      subject: string | null;
      textBody: string | null;
      htmlBody: string | null;
    }
  >(
    `update mail_outbox set due_at = :leaseUntil, attempts = attempts + 1
     where id in (select id from mail_outbox where waiting > 0 and due_at <= :now order by priority, due_at limit :limit)
     returning id, attempts, waiting, auction_id is not null as grouped, expires_at as expiresAt,
       notification_id as notificationId, price, to_address as toAddress, subject, text_body as textBody, html_body as htmlBody`,
  );
  // A group's window that has passed holds nothing back any more.
  const forget = db.$client.prepare<[number]>('delete from mail_outbox where waiting = 0 and due_at <= ?');
  // Notices folded in since the claim stay counted, for the next mail.
  const sentGroup = db.$client.prepare<[number, number, number]>(
    'update mail_outbox set waiting = max(waiting - ?, 0), attempts = 0, last_error = null, due_at = ? where id = ?',
  );
  const noticesOf = (ids: number[]) =>
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        message: notifications.message,
        auctionId: notifications.auctionId,
        itemName: auctions.itemName,
        name: users.name,
        email: users.email,
        emailNotifications: users.emailNotifications,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .innerJoin(auctions, eq(auctions.id, notifications.auctionId))
      .where(inArray(notifications.id, ids))
      .all();

  return {
    async claimDue(now, leaseUntil, limit) {
      return immediately(() => {
        forget.run(now);
        const rows = claim.all({ now, leaseUntil, limit });
        const noticeIds = rows.flatMap((row) => (row.notificationId === null ? [] : [row.notificationId]));
        const notices = new Map(noticeIds.length > 0 ? noticesOf(noticeIds).map((n) => [n.id, n]) : []);
        return rows.flatMap((row): OutboxMail[] => {
          const expiresAt = row.expiresAt === null ? null : new Date(row.expiresAt);
          if (row.notificationId === null) {
            const mail = { to: row.toAddress!, subject: row.subject!, text: row.textBody!, html: row.htmlBody! };
            return [{ id: row.id, attempts: row.attempts, expiresAt, content: { kind: 'ready', mail } }];
          }
          const n = notices.get(row.notificationId);
          // The notice is gone (its auction or user was deleted): the cascade took the row too.
          if (!n) return [];
          const notice: NoticeMail = {
            kind: n.kind,
            message: n.message,
            auctionId: n.auctionId,
            itemName: n.itemName,
            price: row.price!,
            count: row.waiting,
            to: { name: n.name, email: n.email, emailNotifications: n.emailNotifications },
          };
          return [{ id: row.id, attempts: row.attempts, expiresAt, content: { kind: 'notice', notice, grouped: row.grouped === 1 } }];
        });
      });
    },
    async remove(id) {
      db.delete(mailOutbox).where(eq(mailOutbox.id, id)).run();
    },
    async sentGroup(id, sent, holdUntil) {
      sentGroup.run(sent, holdUntil, id);
    },
    async retryAt(id, dueAt, error) {
      db.update(mailOutbox)
        .set({ dueAt: new Date(dueAt), lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
        .run();
    },
    async pending() {
      return db.$count(mailOutbox, gt(mailOutbox.waiting, 0));
    },
  };
}

export function sqlitePasswordResets(db: SqliteDb): PasswordResetStore {
  const immediately = immediateTransactions(db);
  return {
    async create(reset, mail) {
      immediately(() => {
        // Expired resets are dropped here, so the table holds only the last hour's.
        db.delete(passwordResets).where(lte(passwordResets.expiresAt, reset.createdAt)).run();
        db.insert(passwordResets).values(reset).run();
        db.insert(mailOutbox)
          .values(linkRow(reset.userId, 'password_reset', mail, reset.createdAt, reset.expiresAt))
          .run();
      });
    },
    async userOf(id, now) {
      return db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))))
        .get()?.userId;
    },
    async consume(id, now, passwordHash) {
      return immediately(() => {
        const used = db
          .delete(passwordResets)
          .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))))
          .returning({ userId: passwordResets.userId })
          .get();
        if (!used) return undefined;
        db.update(users).set({ passwordHash }).where(eq(users.id, used.userId)).run();
        db.delete(sessions).where(eq(sessions.userId, used.userId)).run();
        db.delete(passwordResets).where(eq(passwordResets.userId, used.userId)).run();
        dropLinkMails(db, used.userId, 'password_reset');
        return used.userId;
      });
    },
  };
}

export function sqliteEmailConfirmations(db: SqliteDb): EmailConfirmationStore {
  const immediately = immediateTransactions(db);
  // An address confirmed before keeps the time it was first confirmed.
  const confirm = db.$client.prepare<[number, number]>('update users set email_verified_at = coalesce(email_verified_at, ?) where id = ?');
  return {
    async create(confirmation, mail) {
      immediately(() => {
        // Expired links are dropped here, so the table holds only the last day's.
        db.delete(emailConfirmations).where(lte(emailConfirmations.expiresAt, confirmation.createdAt)).run();
        db.insert(emailConfirmations).values(confirmation).run();
        db.insert(mailOutbox)
          .values(linkRow(confirmation.userId, 'email_confirmation', mail, confirmation.createdAt, confirmation.expiresAt))
          .run();
      });
    },
    async consume(id, now) {
      return immediately(() => {
        const used = db
          .delete(emailConfirmations)
          .where(and(eq(emailConfirmations.id, id), gt(emailConfirmations.expiresAt, new Date(now))))
          .returning({ userId: emailConfirmations.userId })
          .get();
        if (!used) return undefined;
        confirm.run(now, used.userId);
        db.delete(emailConfirmations).where(eq(emailConfirmations.userId, used.userId)).run();
        dropLinkMails(db, used.userId, 'email_confirmation');
        return used.userId;
      });
    },
  };
}
