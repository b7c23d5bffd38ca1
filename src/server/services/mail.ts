// Mail leaves through the outbox: events write rows in their own transaction, and this worker, run
// in every process on a timer, claims due rows (links first), sends them and deletes them (a notice's
// group keeps its row for ten minutes, folding later notices in), or retries later with exponential
// back-off. Why: docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md.
import { createTransport } from 'nodemailer';
import type { MailMessage, OutboxMail } from '../db/store';
import type { AppDeps } from '../deps';
import type { Settings } from '../env';
import { noticeMessage } from './mail-messages';

/** What sends one mail: the SMTP transport (tests run a real server), or the terminal in development. */
export interface MailTransport {
  send(mail: MailMessage & { from: string }): Promise<void>;
  close(): void;
}

/**
 * How this site's mail leaves: through the mail server at SMTP_URL; in development without one,
 * printed in the server's terminal, so that reset and confirmation links work on a developer's
 * machine; otherwise not at all (null).
 */
export type MailDelivery = 'smtp' | 'terminal' | null;

export function mailDelivery(settings: Pick<Settings, 'SMTP_URL' | 'NODE_ENV'>): MailDelivery {
  if (settings.SMTP_URL) return 'smtp';
  return settings.NODE_ENV === 'development' ? 'terminal' : null;
}

export interface MailOptions {
  /** null: the site sends no mail (no SMTP_URL, outside development). */
  transport: MailTransport | null;
  delivery: MailDelivery;
  from: string;
  /** How often the worker looks for due mail. */
  tickMs: number;
  /** The first retry's wait; each further failure doubles it, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** How long a claim keeps other workers off a row: longer than any send can take. */
  leaseMs: number;
  /** At most one mail per address, auction and notice kind in this long; later notices fold into the next. */
  foldWindowMs: number;
}

/** Rows claimed and sent at once, side by side. */
const BATCH = 10;

/**
 * Each step of an SMTP conversation gives up after these, so one send lasts well under a minute,
 * far below the lease: a mail is never sent by a second worker while the first is still talking.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function mailOptions(settings: Pick<Settings, 'SMTP_URL' | 'NODE_ENV' | 'MAIL_FROM'>): MailOptions {
  const delivery = mailDelivery(settings);
  return {
    transport: delivery === 'smtp' ? smtpTransport(settings.SMTP_URL!) : delivery === 'terminal' ? terminalTransport() : null,
    delivery,
    from: settings.MAIL_FROM,
    tickMs: 1_000,
    firstRetryMs: 30_000,
    maxRetryMs: 60 * 60_000,
    leaseMs: 5 * 60_000,
    foldWindowMs: 10 * 60_000,
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

/**
 * Development without a mail server: each mail printed as a block a person reads (who it is for,
 * the subject, the text with its links), instead of sent.
 */
export function terminalTransport(write: (text: string) => void = (text) => console.log(text)): MailTransport {
  return {
    async send(mail) {
      const rule = '─'.repeat(72);
      write(
        [
          '',
          `${rule}`,
          'Mail (printed here, not sent: no SMTP_URL in development)',
          `From: ${mail.from}`,
          `To: ${mail.to}`,
          `Subject: ${mail.subject}`,
          '',
          mail.text.trimEnd(),
          rule,
          '',
        ].join('\n'),
      );
    },
    close() {},
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
  // Links first, since someone is waiting for them (the claim took them first too); then the notices, side by side.
  const links = claimed.filter((row) => row.content.kind === 'ready');
  const notices = claimed.filter((row) => row.content.kind !== 'ready');
  const send = (rows: OutboxMail[]) => Promise.all(rows.map((row) => sendOne(deps, transport, row, now, log)));
  const sent = [...(await send(links)), ...(await send(notices))];
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
  if (row.content.kind === 'notice' && row.content.grouped) {
    // The group's next mail, with whatever arrives meanwhile, leaves once its window has passed.
    await store.mail.sentGroup(row.id, row.content.notice.count, deps.now() + mail.foldWindowMs);
  } else {
    await store.mail.remove(row.id);
  }
  return true;
}

/** The mail a row stands for, or null when it is no longer worth sending. */
function messageOf(row: OutboxMail, now: number, publicUrl: string): MailMessage | null {
  // A link that no longer works is not worth a mail.
  if (row.expiresAt && row.expiresAt.getTime() <= now) return null;
  if (row.content.kind === 'ready') return row.content.mail;
  // The user may have turned e-mail off since the notice was written.
  if (!row.content.notice.to.emailNotifications) return null;
  return noticeMessage(row.content.notice, publicUrl);
}
