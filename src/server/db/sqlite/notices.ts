// Writes the notices a bid, a close or an ending-soon tick owes, inside that event's transaction
// (db/pg/notices.ts is PostgreSQL's twin): the notice and its mail are written together or not at all.
// A hot path of its own: every bid that outbids someone runs it, with statements prepared once.
import { usersTold, type Notice } from '../../domain/bidding';
import { MAIL_PRIORITY } from '../records';
import type { SqliteDb } from './open';

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
  // One notice at a time through a statement prepared once: building and preparing a multi-row insert
  // for each bid cost the outbidding bid more than its own statements. Inside one transaction the ids
  // follow one another, so the mail's query reads them as one range.
  const insert = db.$client.prepare<[number, number, string, string, number], { id: number }>(
    `insert into notifications (user_id, auction_id, kind, message, created_at) values (?, ?, ?, ?, ?) returning id`,
  );
  return (auctionId, notices, at) => {
    if (notices.length === 0) return [];
    const ids = notices.map((notice) => insert.get(notice.userId, auctionId, notice.kind, notice.message, at.getTime())!.id);
    if (mail) queue.run(ids[0]!, ids.at(-1)!);
    return usersTold(notices);
  };
}
