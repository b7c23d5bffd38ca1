// Writes the notices a bid, a purchase, a close or an ending-soon tick owes, in the same transaction
// as that event's own writes, as the SQLite writer does (db/sqlite/notices.ts): the notice and its
// mail are written together or not at all.
import { usersTold, type Notice } from '../../domain/bidding';
import { MAIL_PRIORITY } from '../records';
import type { Queryable } from './transaction';

/** Inserts the notices (and their mails) on the transaction's connection; returns the users told. */
export type NoticeWriter = (client: Queryable, auctionId: number, notices: Notice[], at: Date) => Promise<number[]>;

/** Where a statement that writes notices keeps their values: the placeholders of its parameters. */
export interface NoticeParameters {
  /** Three arrays, one element per notice in order: the users told, the notices' kinds and messages. */
  userIds: string;
  kinds: string;
  messages: string;
  auctionId: string;
  at: string;
  /** The auction's price that the mail speaks of: the price the event left. */
  price: string;
}

/**
 * The notices' writes as common table expressions (`notices_written`, and with mail `notices_mailed`)
 * for a statement of its own or for the statement of an event's other writes (pg/bid.ts). With
 * `onlyWith`, the name of an expression before them, they write nothing when it has no row: an event
 * whose own write found the auction changed tells nobody.
 *
 * With `mail` on, the notices of a user who has not turned e-mail off and whose address is confirmed
 * also go to the outbox, each into its group's row (user, auction, kind), folded into the row the group
 * has already, as the SQLite writer does (docs/decisions/0012-one-mail-per-auction-and-kind.md).
 * Notices of one group are written by events of one auction, which change its row: two writers never
 * race on a group. With mail off (no mail transport) nothing is queued, since nothing would ever send it.
 */
export function noticeWrites(mail: boolean, p: NoticeParameters, onlyWith?: string): string {
  const written = `notices_written as (
      insert into notifications (user_id, kind, message, auction_id, created_at)
      select n.user_id, n.kind, n.message, ${p.auctionId}, ${p.at}
      from ${onlyWith ? `${onlyWith}, ` : ''}unnest(${p.userIds}::int[], ${p.kinds}::text[], ${p.messages}::text[]) as n(user_id, kind, message)
      returning id, user_id, kind, created_at
    )`;
  if (!mail) return written;
  return `${written}, notices_mailed as (
      insert into mail_outbox (user_id, auction_id, kind, notification_id, price, waiting, priority, due_at, created_at)
      select w.user_id, ${p.auctionId}, w.kind, max(w.id), ${p.price}, count(*), ${MAIL_PRIORITY.notice}, min(w.created_at), min(w.created_at)
      from notices_written w
      join users u on u.id = w.user_id
      where u.email_notifications and u.email_verified_at is not null
      group by w.user_id, w.kind
      on conflict (user_id, auction_id, kind) do update set
        notification_id = excluded.notification_id,
        price = excluded.price,
        due_at = case when mail_outbox.waiting = 0 then greatest(mail_outbox.due_at, excluded.due_at) else mail_outbox.due_at end,
        waiting = mail_outbox.waiting + excluded.waiting
    )`;
}

/** The notices' writer, for an event that writes them in a statement of their own, after its other writes. */
export function noticeWriter({ mail }: { mail: boolean }): NoticeWriter {
  // The price is read here, after the event's own writes (a statement sees those of its transaction
  // before it): the price the notice speaks of.
  const price = '(select current_price from auctions where id = $4::int)';
  const statement = {
    name: mail ? 'notices-and-mail' : 'notices',
    text: `with ${noticeWrites(mail, { userIds: '$1', kinds: '$2', messages: '$3', auctionId: '$4::int', at: '$5', price })} select 1`,
  };
  return async (client, auctionId, notices, at) => {
    if (notices.length === 0) return [];
    await client.query({
      ...statement,
      values: [notices.map((n) => n.userId), notices.map((n) => n.kind), notices.map((n) => n.message), auctionId, at],
    });
    return usersTold(notices);
  };
}
