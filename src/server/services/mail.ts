// Mail leaves through the outbox: events write rows in their own transaction, and this worker, run
// in every process on a timer, claims due rows, sends them and deletes them, or retries later with
// exponential back-off. Why: docs/decisions/0006-mail-through-an-outbox.md.
import { createTransport } from 'nodemailer';
import type { MailMessage, OutboxMail } from '../db/store';
import type { AppDeps } from '../deps';
import { noticeMessage } from './mail-messages';

/** What sends one mail; the SMTP transport in production, the same in tests (against a real server). */
export interface MailTransport {
  send(mail: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

export interface MailOptions {
  /** null: the site sends no mail (SMTP_URL empty). */
  transport: MailTransport | null;
  from: string;
  /** How often the worker looks for due mail. */
  tickMs: number;
  /** The first retry's wait; each further failure doubles it, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long a claim keeps other workers off a row: longer than any send can take. */
  leaseMs: number;
}

/** Rows claimed and sent at once, side by side. */
const BATCH = 10;

/**
 * Each step of an SMTP conversation gives up after these, so one send lasts well under a minute,
 * far below the lease: a mail is never sent by a second worker while the first is still talking.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function mailOptions(smtpUrl: string | undefined, from: string): MailOptions {
  return {
    transport: smtpUrl ? smtpTransport(smtpUrl) : null,
    from,
    tickMs: 1_000,
    firstRetryMs: 30_000,
    maxRetryMs: 60 * 60_000,
    leaseMs: 5 * 60_000,
  };
}

function smtpTransport(url: string): MailTransport {
  const transporter = createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    async send(mail) {
      await transporter.sendMail(mail);
    },
    close() {
      transporter.close();
    },
  };
}

export const retryDelay = (attempts: number, options: Pick<MailOptions, 'firstRetryMs' | 'maxRetryMs'>) =>
  Math.min(options.maxRetryMs, options.firstRetryMs * 2 ** Math.max(0, attempts - 1));

/** A recipient the server refused for good (unknown mailbox): retrying would never help. */
const refusedForGood = (error: unknown) =>
  error instanceof Error && 'code' in error && error.code === 'EENVELOPE' && 'responseCode' in error && Number(error.responseCode) >= 500;

/** One pass of the worker: claims the mail due now and sends it. Returns how many went out. */
export async function sendDueMail(deps: AppDeps, log: { warn(obj: object, msg: string): void }): Promise<number> {
  const { transport } = deps.mail;
  if (!transport) return 0;
  const now = deps.now();
  const claimed = await deps.store.mail.claimDue(now, now + deps.mail.leaseMs, BATCH);
  const sent = await Promise.all(claimed.map((row) => sendOne(deps, transport, row, now, log)));
  return sent.filter(Boolean).length;
}

async function sendOne(
  deps: AppDeps,
  transport: MailTransport,
  row: OutboxMail,
  now: number,
  log: { warn(obj: object, msg: string): void },
): Promise<boolean> {
  const { store, mail } = deps;
  const message = messageOf(row, now, deps.settings.PUBLIC_URL);
  if (!message) {
    await store.mail.remove(row.id);
    return false;
  }
  try {
    await transport.send({ ...message, from: mail.from });
  } catch (error) {
    if (refusedForGood(error)) {
      log.warn({ err: error, outboxId: row.id }, 'the mail server refused a recipient for good; the mail is dropped');
      await store.mail.remove(row.id);
      return false;
    }
    const wait = retryDelay(row.attempts, mail);
    log.warn({ err: error, outboxId: row.id, attempts: row.attempts, retryInMs: wait }, 'sending a mail failed; it will be retried');
    await store.mail.retryAt(row.id, deps.now() + wait, error instanceof Error ? error.message : String(error));
    return false;
  }
  // A crash right here sends this mail again after its lease: at least once, never lost.
  await store.mail.remove(row.id);
  return true;
}

/** The mail a row stands for, or null when it is no longer worth sending. */
function messageOf(row: OutboxMail, now: number, publicUrl: string): MailMessage | null {
  // A reset link that no longer works is not worth a mail.
  if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
  if (row.content.kind === 'ready') return row.content.mail;
  // The user may have turned e-mail off since the notice was written.
  if (!row.content.notice.to.emailNotifications) return null;
  return noticeMessage(row.content.notice, publicUrl);
}
