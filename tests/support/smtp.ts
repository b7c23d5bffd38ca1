// A real SMTP server inside the test (smtp-server), which parses every mail it accepts (mailparser):
// what the app's mail worker sends is read as a mail client would read it.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { Settings } from '../../src/server/env';
import type { TestDeps } from './fixtures';

export const PUBLIC_URL = 'https://auction.example';
/** The mail worker's timing in tests: it looks often and retries soon. */
export const FAST = { tickMs: 20, firstRetryMs: 100, maxRetryMs: 400 };

/**
 * An app (from the fixture's makeDeps) that mails through `smtpUrl`, or sends no mail without one;
 * its test clock follows real time, so that retries come due. Closed after the test.
 */
export async function mailingApp(makeDeps: (overrides?: Partial<Settings>) => Promise<TestDeps>, smtpUrl: string | undefined) {
  const deps = await makeDeps({ PUBLIC_URL, ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}) });
  Object.assign(deps.mail, FAST);
  const ticking = setInterval(() => deps.clock.advance(10), 10);
  const app = await buildApp(deps, { closeAuctions: false });
  await app.ready();
  onTestFinished(async () => {
    clearInterval(ticking);
    const closing = app.close();
    // As the fixture's own apps: a spare fetch connection would hold the close for seconds.
    app.server.closeAllConnections();
    await closing;
  });
  return { app, deps };
}

export interface ReceivedMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface TestSmtp {
  port: number;
  /** smtp://user:pass@127.0.0.1:port, as SMTP_URL takes it. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the mails once `count` have arrived; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * Starts a server on `port` (0: any free one). `delayMs` holds the answer to each mail's data that
 * long: a slow server. Any user and password are accepted, over plain text on loopback.
 */
export async function startSmtp({ port = 0, delayMs = 0 }: { port?: number; delayMs?: number } = {}): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, done) => done(null, { user: 'test' }),
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const address = (value: typeof parsed.to) => (Array.isArray(value) ? value.map((v) => v.text).join(', ') : (value?.text ?? ''));
          setTimeout(() => {
            mails.push({
              from: parsed.from?.text ?? '',
              to: address(parsed.to),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
            done();
          }, delayMs);
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://mailer:secret@127.0.0.1:${actual}`,
    mails,
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, ${mails.length} arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A loopback port nobody listens on (a mail server that is down). */
export async function closedPort(): Promise<number> {
  const smtp = await startSmtp();
  await smtp.close();
  return smtp.port;
}
