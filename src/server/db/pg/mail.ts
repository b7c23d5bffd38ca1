// The mail outbox and password resets on PostgreSQL (docs/decisions/0006-mail-through-an-outbox.md).
import { and, eq, gt, lte } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/constants';
import type { MailStore, OutboxMail, PasswordResetStore } from '../store';
import type { PgDb } from './open';
import { mailOutbox, passwordResets, sessions, users } from './schema';
import { builderOn, transaction } from './transaction';

/**
 * One statement claims and reads. The rows to claim are locked as they are picked, and rows another
 * worker has locked (its claim not committed yet) are skipped rather than waited for; a row whose
 * claim committed meanwhile is checked again against `due_at <= now` and fails it. So two workers,
 * in one process or many, never both take a row, and neither waits for the other.
 */
const CLAIM = {
  name: 'mail-claim',
  text: `with claimed as (
           update mail_outbox set due_at = $2, attempts = attempts + 1
           where id in (select id from mail_outbox where due_at <= $1 order by due_at limit $3 for update skip locked)
           returning id, attempts, expires_at, notification_id, price, to_address, subject, text_body, html_body)
         select c.*, n.kind, n.message, n.auction_id, a.item_name, u.name, u.email, u.email_notifications
         from claimed c
         left join notifications n on n.id = c.notification_id
         left join users u on u.id = n.user_id
         left join auctions a on a.id = n.auction_id
         order by c.id`,
};

interface ClaimedRow {
  id: number;
  attempts: number;
  expires_at: Date | null;
  notification_id: number | null;
  price: number | null;
  to_address: string | null;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  kind: NotificationKind | null;
  message: string | null;
  auction_id: number | null;
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
  if (row.kind === null) return [];
  const notice = {
    kind: row.kind,
    message: row.message!,
    auctionId: row.auction_id!,
    itemName: row.item_name!,
    price: row.price!,
    to: { name: row.name!, email: row.email!, emailNotifications: row.email_notifications! },
  };
  return [{ id, attempts, expiresAt, content: { kind: 'notice', notice } }];
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
    async retryAt(id, dueAt, error) {
      await db
        .update(mailOutbox)
        .set({ dueAt: new Date(dueAt), lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    },
    async pending() {
      return db.$count(mailOutbox);
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
        await tx.insert(mailOutbox).values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html,
          expiresAt: reset.expiresAt,
          dueAt: reset.createdAt,
          createdAt: reset.createdAt,
        });
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
        return used.userId;
      });
    },
  };
}
