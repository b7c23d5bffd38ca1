// Mail leaves through the outbox: events write rows in their own transaction, and this worker, run
// in every process on a timer, claims due rows (links first), sends them and deletes them (a notice's
// group keeps its row for ten minutes, folding later notices in), or retries later with exponential
// back-off. Why: docs/decisions/0006-mail-through-an-outbox.md, 0012-one-mail-per-auction-and-kind.md.
import type { MailMessage, OutboxMail } from '../db/records';
import type { AppDeps } from '../deps';
import { noticeMessage } from './mail-messages';
import type { MailOptions, MailTransport } from './mail-transport';

/** Rows claimed and sent at once, side by side. */
const BATCH = 10;

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
