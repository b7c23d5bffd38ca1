// The outbox's claim on SQLite (the rest of the mail: common/mail.ts; the notices' writer: notices.ts)
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { eq, inArray } from 'drizzle-orm';
import { outboxMail, type ClaimedNotice } from '../common/mail';
import { type MailStore } from '../store';
import { immediateTransactions } from './transaction';
import type { SqliteDb } from './open';
import { auctions, notifications, users } from './schema';

/**
 * The claim. SQLite has one writer at a time, so a conditional write within the IMMEDIATE transaction
 * is enough: two workers on one database, in one process or many, can never both take a row.
 * PostgreSQL needs row locks instead (pg/mail.ts).
 */
export function sqliteMail(db: SqliteDb): Pick<MailStore, 'claimDue'> {
  const immediately = immediateTransactions(db);
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
  const noticesOf = (ids: number[]) =>
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        message: notifications.message,
        auctionId: notifications.auctionId,
        itemName: auctions.itemName,
        to: { name: users.name, email: users.email, emailNotifications: users.emailNotifications },
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
        const notices = new Map<number, ClaimedNotice>(noticeIds.length > 0 ? noticesOf(noticeIds).map(({ id, ...n }) => [id, n]) : []);
        return rows.flatMap((row) =>
          outboxMail(
            { ...row, grouped: row.grouped === 1, expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt) },
            row.notificationId === null ? undefined : notices.get(row.notificationId),
          ),
        );
      });
    },
  };
}
