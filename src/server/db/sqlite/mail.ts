// The notices' writer and the outbox's claim on SQLite (the rest of the mail: common/mail.ts)
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { eq, inArray } from 'drizzle-orm';
import type { Notice } from '../../domain/bidding';
import { outboxMail, type ClaimedNotice } from '../common/mail';
import { type MailStore } from '../store';
import { MAIL_PRIORITY } from '../records';
import { immediateTransactions } from './transaction';
import type { SqliteDb } from './open';
import { auctions, notifications, users } from './schema';

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
