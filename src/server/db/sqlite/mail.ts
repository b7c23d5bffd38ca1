// The mail outbox, password resets and address confirmations on SQLite
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { and, eq, gt, inArray, lte } from 'drizzle-orm';
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
