// The mail outbox and password resets on SQLite (docs/decisions/0006-mail-through-an-outbox.md).
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
import type { Notice } from '../../domain/bidding';
import type { MailStore, NoticeMail, OutboxMail, PasswordResetStore } from '../store';
import { immediateTransactions } from './auctions';
import type { SqliteDb } from './open';
import { auctions, mailOutbox, notifications, passwordResets, sessions, users } from './schema';

/** Writes the notices owed by one event, inside its transaction; returns the users they went to. */
export type NoticeWriter = (auctionId: number, notices: Notice[], at: Date) => number[];

/**
 * The notices' writer. With `mail` on, each notice of a user who has not turned e-mail off also
 * gets an outbox row, in the same transaction: the notice and its mail are written together or not
 * at all. With mail off (no SMTP_URL) nothing is queued, since nothing would ever send it.
 */
export function noticeWriter(db: SqliteDb, { mail }: { mail: boolean }): NoticeWriter {
  // The price is read here, after the event's own writes: the price the notice speaks of.
  const queue = db.$client.prepare<[number, number]>(
    `insert into mail_outbox (notification_id, price, due_at, created_at)
     select n.id, a.current_price, n.created_at, n.created_at
     from notifications n
     join users u on u.id = n.user_id
     join auctions a on a.id = n.auction_id
     where n.id between ? and ? and u.email_notifications = 1`,
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

export function sqliteMail(db: SqliteDb): MailStore {
  const immediately = immediateTransactions(db);
  // One statement claims: two workers on one database can never both take a row.
  const claim = db.$client.prepare<
    { now: number; leaseUntil: number; limit: number },
    {
      id: number;
      attempts: number;
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
     where id in (select id from mail_outbox where due_at <= :now order by due_at limit :limit)
     returning id, attempts, expires_at as expiresAt, notification_id as notificationId, price,
       to_address as toAddress, subject, text_body as textBody, html_body as htmlBody`,
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
            to: { name: n.name, email: n.email, emailNotifications: n.emailNotifications },
          };
          return [{ id: row.id, attempts: row.attempts, expiresAt, content: { kind: 'notice', notice } }];
        });
      });
    },
    async remove(id) {
      db.delete(mailOutbox).where(eq(mailOutbox.id, id)).run();
    },
    async retryAt(id, dueAt, error) {
      db.update(mailOutbox)
        .set({ dueAt: new Date(dueAt), lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
        .run();
    },
    async pending() {
      return db.$count(mailOutbox);
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
          .values({
            toAddress: mail.to,
            subject: mail.subject,
            textBody: mail.text,
            htmlBody: mail.html,
            expiresAt: reset.expiresAt,
            dueAt: reset.createdAt,
            createdAt: reset.createdAt,
          })
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
        return used.userId;
      });
    },
  };
}
