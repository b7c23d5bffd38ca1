// How this site's mail leaves (the mail server at SMTP_URL, the terminal in development, or not at
// all) and the outbox worker's timing: made once at start, from the settings alone (the worker that
// uses them is services/mail.ts).
import { createTransport } from 'nodemailer';
import type { MailMessage } from '../db/records';
import type { Settings } from '../env';

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
