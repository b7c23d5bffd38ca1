// Writes the notices a bid, a close or an ending-soon tick owes, inside that event's transaction, as
// the SQLite writer does (db/sqlite/notices.ts): the notice and its mail are written together or not at all.
import type { Notice } from '../../domain/bidding';
import { MAIL_PRIORITY } from '../records';
import type { Queryable } from './transaction';

/** Inserts the notices (and their mails) on the transaction's connection; returns the users told. */
export type NoticeWriter = (client: Queryable, auctionId: number, notices: Notice[], at: Date) => Promise<number[]>;

/** The notices as one insert: a row per element of the three arrays, in their order. */
const insertNotices = `insert into notifications (user_id, kind, message, auction_id, created_at)
  select n.user_id, n.kind, n.message, $4, $5 from unnest($1::int[], $2::text[], $3::text[]) as n(user_id, kind, message)`;

/**
 * The notices' writer. With `mail` on, the notices of a user who has not turned e-mail off and whose
 * address is confirmed also go to the outbox, in the same statement, each into its group's row (user,
 * auction, kind), folded into the row the group has already, as the SQLite writer does
 * (docs/decisions/0012-one-mail-per-auction-and-kind.md). Notices of one group are written by events
 * of one auction, which hold its row's lock: two writers never race on a group. With mail off (no mail
 * transport) nothing is queued, since nothing would ever send it.
 */
export function noticeWriter({ mail }: { mail: boolean }): NoticeWriter {
  const statement = mail
    ? {
        name: 'notices-and-mail',
        // The price is read here, after the event's own writes (a statement sees those of its
        // transaction before it): the price the notice speaks of.
        text: `with written as (${insertNotices} returning id, user_id, kind, created_at)
          insert into mail_outbox (user_id, auction_id, kind, notification_id, price, waiting, priority, due_at, created_at)
          select w.user_id, a.id, w.kind, max(w.id), a.current_price, count(*), ${MAIL_PRIORITY.notice}, min(w.created_at), min(w.created_at)
          from written w
          join users u on u.id = w.user_id
          join auctions a on a.id = $4
          where u.email_notifications and u.email_verified_at is not null
          group by w.user_id, w.kind, a.id, a.current_price
          on conflict (user_id, auction_id, kind) do update set
            notification_id = excluded.notification_id,
            price = excluded.price,
            due_at = case when mail_outbox.waiting = 0 then greatest(mail_outbox.due_at, excluded.due_at) else mail_outbox.due_at end,
            waiting = mail_outbox.waiting + excluded.waiting`,
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
