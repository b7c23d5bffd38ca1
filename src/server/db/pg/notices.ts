// Writes the notices a bid, a close or an ending-soon tick owes, inside that event's transaction, as
// the SQLite writer does (db/sqlite/mail.ts): the notice and its mail are written together or not at all.
import type { Notice } from '../../domain/bidding';
import type { Queryable } from './transaction';

/** Inserts the notices (and their mails) on the transaction's connection; returns the users told. */
export type NoticeWriter = (client: Queryable, auctionId: number, notices: Notice[], at: Date) => Promise<number[]>;

/** The notices as one insert: a row per element of the three arrays, in their order. */
const insertNotices = `insert into notifications (user_id, kind, message, auction_id, created_at)
  select n.user_id, n.kind, n.message, $4, $5 from unnest($1::int[], $2::text[], $3::text[]) as n(user_id, kind, message)`;

/**
 * The notices' writer. With `mail` on, each notice of a user who has not turned e-mail off also gets
 * an outbox row, in the same statement. With mail off (no SMTP_URL) nothing is queued, since nothing
 * would ever send it.
 */
export function noticeWriter({ mail }: { mail: boolean }): NoticeWriter {
  const statement = mail
    ? {
        name: 'notices-and-mail',
        // The price is read here, after the event's own writes (a statement sees those of its
        // transaction before it): the price the notice speaks of.
        text: `with written as (${insertNotices} returning id, user_id, created_at)
          insert into mail_outbox (notification_id, price, due_at, created_at)
          select w.id, a.current_price, w.created_at, w.created_at
          from written w
          join users u on u.id = w.user_id
          join auctions a on a.id = $4
          where u.email_notifications
          order by w.id`,
      }
    : { name: 'notices', text: insertNotices };
  return async (client, auctionId, notices, at) => {
    if (notices.length === 0) return [];
    await client.query({
      ...statement,
      values: [notices.map((n) => n.userId), notices.map((n) => n.kind), notices.map((n) => n.message), auctionId, at],
    });
    return [...new Set(notices.map((notice) => notice.userId))];
  };
}
