// The mail outbox, password resets and address confirmations, the same on both databases
// (docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md).
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { type EmailConfirmationStore, type MailStore, type PasswordResetStore } from '../store';
import { MAIL_PRIORITY, type MailMessage, type NoticeMail, type OutboxMail } from '../records';
import { rowLimit, type Db, type Dialect, type Tables } from './dialect';
import { all, get, run, type Work } from './work';

type LinkKind = 'password_reset' | 'email_confirmation';

/** A claimed outbox row. */
interface ClaimedRow {
  id: number;
  attempts: number;
  /** How many notices the row stands for (the newest and those folded into it). */
  waiting: number;
  /** A group's row (user, auction, kind), rather than one from before groups. */
  grouped: boolean;
  expiresAt: Date | null;
  notificationId: number | null;
  price: number | null;
  toAddress: string | null;
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
}

/** What the mail of a claimed row says of the notice it names. */
type ClaimedNotice = Omit<NoticeMail, 'price' | 'count'>;

/** A claimed row as the mail worker takes it: a mail stored ready, or its notice (none when the notice is gone). */
function outboxMail(row: ClaimedRow, notice: ClaimedNotice | undefined): OutboxMail[] {
  const { id, attempts, expiresAt } = row;
  if (row.notificationId === null) {
    const mail = { to: row.toAddress!, subject: row.subject!, text: row.textBody!, html: row.htmlBody! };
    return [{ id, attempts, expiresAt, content: { kind: 'ready', mail } }];
  }
  // The notice is gone (its auction or user was deleted): the cascade takes the row too.
  if (!notice) return [];
  const mail: NoticeMail = { ...notice, price: row.price!, count: row.waiting };
  return [{ id, attempts, expiresAt, content: { kind: 'notice', notice: mail, grouped: row.grouped } }];
}

/** Deletes the unsent mails of one kind of link of an account: a step of the caller's unit of work. */
export function dropLinkMails(tx: Db, { mailOutbox }: Tables, userId: number, kind: LinkKind): Work<void> {
  return run(tx.delete(mailOutbox).where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind))));
}

/** An outbox row for a link mailed to an account: before any notice, and worthless once the link has expired. */
function linkRow(userId: number, kind: LinkKind, mail: MailMessage, at: Date, expiresAt: Date) {
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

/** The outbox but its claim, which each dialect's mail.ts adds. */
export function mailQueries({ kind, db, t, transaction, write }: Dialect): MailStore {
  const { mailOutbox, notifications, users, auctions } = t;
  /**
   * The rows a worker may claim. SQLite has one writer at a time, so a conditional write inside the
   * IMMEDIATE transaction is enough; on PostgreSQL two workers would both read the same rows, so the
   * rows are locked as they are read, and those another worker holds are passed over, not waited for.
   */
  const free = <Ids extends PgSelect>(ids: Ids) => (kind === 'pg' ? ids.for('update', { skipLocked: true }) : ids);
  const idsOf = (tx: Db) => tx.select({ id: mailOutbox.id }).from(mailOutbox).$dynamic();
  return {
    claimDue(now, leaseUntil, limit) {
      return transaction(function* (tx) {
        const at = new Date(now);
        // A group's window that has passed holds nothing back any more.
        const forgotten = free(idsOf(tx).where(and(eq(mailOutbox.waiting, 0), lte(mailOutbox.dueAt, at))));
        yield* run(tx.delete(mailOutbox).where(inArray(mailOutbox.id, forgotten)));
        const due = idsOf(tx)
          .where(and(gt(mailOutbox.waiting, 0), lte(mailOutbox.dueAt, at)))
          .orderBy(asc(mailOutbox.priority), asc(mailOutbox.dueAt))
          .limit(rowLimit(limit));
        const rows = yield* all(
          tx
            .update(mailOutbox)
            .set({ dueAt: new Date(leaseUntil), attempts: sql`${mailOutbox.attempts} + 1` })
            .where(inArray(mailOutbox.id, free(due)))
            .returning({
              id: mailOutbox.id,
              attempts: mailOutbox.attempts,
              waiting: mailOutbox.waiting,
              grouped: sql`${mailOutbox.auctionId} is not null`.mapWith(Boolean),
              expiresAt: mailOutbox.expiresAt,
              notificationId: mailOutbox.notificationId,
              price: mailOutbox.price,
              toAddress: mailOutbox.toAddress,
              subject: mailOutbox.subject,
              textBody: mailOutbox.textBody,
              htmlBody: mailOutbox.htmlBody,
            }),
        );
        const noticeIds = rows.flatMap((row) => (row.notificationId === null ? [] : [row.notificationId]));
        const notices =
          noticeIds.length === 0
            ? []
            : yield* all(
                tx
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
                  .where(inArray(notifications.id, noticeIds)),
              );
        const byId = new Map<number, ClaimedNotice>(notices.map(({ id, ...notice }) => [id, notice]));
        // Claimed in due order; the rows come back in any.
        return rows
          .sort((a, b) => a.id - b.id)
          .flatMap((row) => outboxMail(row, row.notificationId === null ? undefined : byId.get(row.notificationId)));
      });
    },
    async remove(id) {
      await write((tx) => run(tx.delete(mailOutbox).where(eq(mailOutbox.id, id))));
    },
    async sentGroup(id, sent, holdUntil) {
      // Notices folded in since the claim stay counted, for the next mail.
      const left = sql`case when ${mailOutbox.waiting} > ${sent} then ${mailOutbox.waiting} - ${sent} else 0 end`;
      await db
        .update(mailOutbox)
        .set({ waiting: left, attempts: 0, lastError: null, dueAt: new Date(holdUntil) })
        .where(eq(mailOutbox.id, id));
    },
    async retryAt(id, dueAt, error) {
      await db
        .update(mailOutbox)
        .set({ dueAt: new Date(dueAt), lastError: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    },
    pending() {
      return db.$count(mailOutbox, gt(mailOutbox.waiting, 0));
    },
  };
}

export function passwordResetQueries({ db, t, transaction }: Dialect): PasswordResetStore {
  const { mailOutbox, passwordResets, sessions, users } = t;
  return {
    async create(reset, mail) {
      await transaction(function* (tx) {
        // Expired resets are dropped here, so the table holds only the last hour's.
        yield* run(tx.delete(passwordResets).where(lte(passwordResets.expiresAt, reset.createdAt)));
        yield* run(tx.insert(passwordResets).values(reset));
        yield* run(tx.insert(mailOutbox).values(linkRow(reset.userId, 'password_reset', mail, reset.createdAt, reset.expiresAt)));
      });
    },
    async userOf(id, now) {
      const [reset] = await db
        .select({ userId: passwordResets.userId })
        .from(passwordResets)
        .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))));
      return reset?.userId;
    },
    consume(id, now, passwordHash) {
      return transaction(function* (tx) {
        // The delete takes the reset: a second consume of it waits for this one, then finds it gone.
        const used = yield* get(
          tx
            .delete(passwordResets)
            .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, new Date(now))))
            .returning({ userId: passwordResets.userId }),
        );
        if (!used) return undefined;
        yield* run(tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId)));
        yield* run(tx.delete(sessions).where(eq(sessions.userId, used.userId)));
        yield* run(tx.delete(passwordResets).where(eq(passwordResets.userId, used.userId)));
        yield* dropLinkMails(tx, t, used.userId, 'password_reset');
        return used.userId;
      });
    },
  };
}

export function emailConfirmationQueries({ t, transaction }: Dialect): EmailConfirmationStore {
  const { emailConfirmations, mailOutbox, users } = t;
  return {
    async create(confirmation, mail) {
      await transaction(function* (tx) {
        // Expired links are dropped here, so the table holds only the last day's.
        yield* run(tx.delete(emailConfirmations).where(lte(emailConfirmations.expiresAt, confirmation.createdAt)));
        yield* run(tx.insert(emailConfirmations).values(confirmation));
        yield* run(
          tx
            .insert(mailOutbox)
            .values(linkRow(confirmation.userId, 'email_confirmation', mail, confirmation.createdAt, confirmation.expiresAt)),
        );
      });
    },
    consume(id, now) {
      return transaction(function* (tx) {
        // The delete takes the link: a second use of it waits for this one, then finds it gone.
        const used = yield* get(
          tx
            .delete(emailConfirmations)
            .where(and(eq(emailConfirmations.id, id), gt(emailConfirmations.expiresAt, new Date(now))))
            .returning({ userId: emailConfirmations.userId }),
        );
        if (!used) return undefined;
        // An address confirmed before keeps the time it was first confirmed.
        yield* run(
          tx
            .update(users)
            .set({ emailVerifiedAt: new Date(now) })
            .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt))),
        );
        yield* run(tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, used.userId)));
        yield* dropLinkMails(tx, t, used.userId, 'email_confirmation');
        return used.userId;
      });
    },
  };
}
