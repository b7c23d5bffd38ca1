// The outbox's claim on PostgreSQL (the rest of the mail: common/mail.ts)
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import type { NotificationKind } from '../../../shared/constants';
import { outboxMail, type ClaimedRow } from '../common/mail';
import type { MailStore } from '../store';
import type { PgDb } from './open';

/**
 * One statement forgets the groups whose window has passed, claims and reads. The rows to claim are
 * locked as they are picked, and rows another worker (or a bid folding a notice in) has locked are
 * skipped rather than waited for; a row whose claim committed meanwhile is checked again against
 * `due_at <= now` and fails it. So two workers, in one process or many, never both take a row, and
 * neither waits for the other. Without the locks (SQLite's claim), a second worker's update would
 * wait for the first, then take the rows its own subselect picked before the first committed.
 */
const CLAIM = {
  name: 'mail-claim',
  text: `with forgotten as (
           delete from mail_outbox
           where id in (select id from mail_outbox where waiting = 0 and due_at <= $1 for update skip locked)),
         claimed as (
           update mail_outbox set due_at = $2, attempts = attempts + 1
           where id in (
             select id from mail_outbox where waiting > 0 and due_at <= $1 order by priority, due_at limit $3 for update skip locked)
           returning id, attempts, waiting, auction_id is not null as grouped, expires_at as "expiresAt",
             notification_id as "notificationId", price, to_address as "toAddress", subject, text_body as "textBody",
             html_body as "htmlBody")
         select c.*, n.kind as notice_kind, n.message, n.auction_id as notice_auction_id, a.item_name, u.name, u.email, u.email_notifications
         from claimed c
         left join notifications n on n.id = c."notificationId"
         left join users u on u.id = n.user_id
         left join auctions a on a.id = n.auction_id
         order by c.id`,
};

interface ClaimedWithNotice extends ClaimedRow {
  notice_kind: NotificationKind | null;
  message: string | null;
  notice_auction_id: number | null;
  item_name: string | null;
  name: string | null;
  email: string | null;
  email_notifications: boolean | null;
}

export function pgMail(db: PgDb): Pick<MailStore, 'claimDue'> {
  return {
    async claimDue(now, leaseUntil, limit) {
      const claimed = await db.$client.query<ClaimedWithNotice>({ ...CLAIM, values: [new Date(now), new Date(leaseUntil), limit] });
      return claimed.rows.flatMap((row) =>
        outboxMail(
          row,
          row.notice_kind === null
            ? undefined
            : {
                kind: row.notice_kind,
                message: row.message!,
                auctionId: row.notice_auction_id!,
                itemName: row.item_name!,
                to: { name: row.name!, email: row.email!, emailNotifications: row.email_notifications! },
              },
        ),
      );
    },
  };
}
