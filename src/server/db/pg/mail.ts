// The mail outbox, password resets and address confirmations on PostgreSQL
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Db } from '../common/dialect';
import type { NotificationKind } from '../../../shared/constants';
import {
  MAIL_PRIORITY,
  type EmailConfirmationStore,
  type MailMessage,
  type MailStore,
  type OutboxMail,
  type PasswordResetStore,
} from '../store';
import type { PgDb } from './open';
import { emailConfirmations, mailOutbox, passwordResets, sessions, users } from './schema';
import { builderOn, transaction } from './transaction';

/**
 * One statement forgets the groups whose window has passed, claims and reads. The rows to claim are
 * locked as they are picked, and rows another worker (or a bid folding a notice in) has locked are
 * skipped rather than waited for; a row whose claim committed meanwhile is checked again against
 * `due_at <= now` and fails it. So two workers, in one process or many, never both take a row, and
 * neither waits for the other.
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
           returning id, attempts, waiting, auction_id is not null as grouped, expires_at, notification_id, price,
             to_address, subject, text_body, html_body)
         select c.*, n.kind as notice_kind, n.message, n.auction_id as notice_auction_id, a.item_name, u.name, u.email, u.email_notifications
         from claimed c
         left join notifications n on n.id = c.notification_id
         left join users u on u.id = n.user_id
         left join auctions a on a.id = n.auction_id
         order by c.id`,
};

interface ClaimedRow {
  id: number;
  attempts: number;
  waiting: number;
  grouped: boolean;
  expires_at: Date | null;
  notification_id: number | null;
  price: number | null;
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  notice_kind: NotificationKind | null;
  message: string | null;
  notice_auction_id: number | null;
  item_name: string | null;
  name: string | null;
  email: string | null;
  email_notifications: boolean | null;
}

function outboxMail(row: ClaimedRow): OutboxMail[] {
  const { id, attempts, expires_at: expiresAt } = row;
  if (row.notification_id === null) {
    const mail = { to: row.to_address!, subject: row.subject!, text: row.text_body!, html: row.html_body! };
    return [{ id, attempts, expiresAt, content: { kind: 'ready', mail } }];
  }
  // The notice is gone (its auction or user was deleted): the cascade takes the row too.
  if (row.notice_kind === null) return [];
  const notice = {
    kind: row.notice_kind,
    message: row.message!,
    auctionId: row.notice_auction_id!,
    itemName: row.item_name!,
    price: row.price!,
    count: row.waiting,
    to: { name: row.name!, email: row.email!, emailNotifications: row.email_notifications! },
  };
  return [{ id, attempts, expiresAt, content: { kind: 'notice', notice, grouped: row.grouped } }];
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

/** Deletes the unsent mails of one kind of link of an account (on the caller's transaction). */
export async function dropLinkMails(tx: Db, userId: number, kind: 'password_reset' | 'email_confirmation') {
  await tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
}

export function pgMail(db: PgDb): MailStore {
  return {
    async claimDue(now, leaseUntil, limit) {
      const claimed = await db.$client.query<ClaimedRow>({ ...CLAIM, values: [new Date(now), new Date(leaseUntil), limit] });
      return claimed.rows.flatMap(outboxMail);
    },
    async remove(id) {
      await db.delete(mailOutbox).where(eq(mailOutbox.id, id));
    },
    async sentGroup(id, sent, holdUntil) {
      // Notices folded in since the claim stay counted, for the next mail.
      await db.$client.query({
        name: 'mail-sent-group',
        text: 'update mail_outbox set waiting = greatest(waiting - $2, 0), attempts = 0, last_error = null, due_at = $3 where id = $1',
        values: [id, sent, new Date(holdUntil)],
      });
    },
    async retryAt(id, dueAt, error) {
      await db
        .update(mailOutbox)
        .set({ dueAt: new Date(dueAt), lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    },
    async pending() {
      return db.$count(mailOutbox, gt(mailOutbox.waiting, 0));
    },
  };
}

export function pgPasswordResets(db: PgDb): PasswordResetStore {
  return {
    async create(reset, mail) {
      await transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        // Expired resets are dropped here, so the table holds only the last hour's.
        await tx.delete(passwordResets).where(lte(passwordResets.expiresAt, reset.createdAt));
        await tx.insert(passwordResets).values(reset);
        await tx.insert(mailOutbox).values(linkRow(reset.userId, 'password_reset', mail, reset.createdAt, reset.expiresAt));
      });
    },
    async userOf(id, now) {
      const [reset] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))));
      return reset?.userId;
    },
    async consume(id, now, passwordHash) {
      // The delete locks the reset: a second consume of it waits, then finds it gone.
      return transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        const [used] = await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))))
          .returning({ userId: passwordResets.userId });
        if (!used) return undefined;
        await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
        await tx.delete(sessions).where(eq(sessions.userId, used.userId));
        await tx.delete(passwordResets).where(eq(passwordResets.userId, used.userId));
        await dropLinkMails(tx, used.userId, 'password_reset');
        return used.userId;
      });
    },
  };
}

export function pgEmailConfirmations(db: PgDb): EmailConfirmationStore {
  return {
    async create(confirmation, mail) {
      await transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        // Expired links are dropped here, so the table holds only the last day's.
        await tx.delete(emailConfirmations).where(lte(emailConfirmations.expiresAt, confirmation.createdAt));
        await tx.insert(emailConfirmations).values(confirmation);
        await tx
          .insert(mailOutbox)
          .values(linkRow(confirmation.userId, 'email_confirmation', mail, confirmation.createdAt, confirmation.expiresAt));
      });
    },
    async consume(id, now) {
      // The delete locks the link: a second use of it waits, then finds it gone.
      return transaction(db.$client, async (client) => {
        const tx = builderOn(client);
        const [used] = await tx
          .delete(emailConfirmations)
          .where(and(eq(emailConfirmations.id, id), gt(emailConfirmations.expiresAt, new Date(now))))
          .returning({ userId: emailConfirmations.userId });
        if (!used) return undefined;
        // An address confirmed before keeps the time it was first confirmed.
        await client.query('update users set email_verified_at = coalesce(email_verified_at, $1) where id = $2', [
          new Date(now),
          used.userId,
        ]);
        await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, used.userId));
        await dropLinkMails(tx, used.userId, 'email_confirmation');
        return used.userId;
      });
    },
  };
}
