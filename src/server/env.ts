// The settings (README "Settings"), parsed once. A bad value stops start-up with one line naming the variable.
import { isIP } from 'node:net';
import { z } from 'zod';

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['0', '1', 'true', 'false', 'on', 'off', 'yes', 'no']))
  .transform((v) => v === '1' || v === 'true' || v === 'on' || v === 'yes');

// Decimal digits only: Number() would also take ' ' (as 0), '0x50' and '1e3'.
const digits = z.string().trim().regex(/^\d+$/, 'expected a whole number').transform(Number);
const positiveInt = digits.pipe(z.number().int().positive());

const origin = z.url().transform((value, ctx) => {
  const url = new URL(value);
  if (url.origin === 'null' || url.pathname !== '/' || url.search || url.hash) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin like https://example.com` });
    return z.NEVER;
  }
  return url.origin;
});

/**
 * Which X-Forwarded-* entries to believe, as Fastify takes it: 0 (none), a number of proxy hops in
 * front, or the addresses and CIDR ranges of the proxies. A flag word is a count: on is one proxy.
 */
const trustProxy = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value, ctx): number | string[] => {
    if (['on', 'true', 'yes'].includes(value)) return 1;
    if (['off', 'false', 'no'].includes(value)) return 0;
    if (/^\d+$/.test(value)) return Number(value);
    const proxies = value.split(',').map((entry) => entry.trim());
    const bad = proxies.find((entry) => !isAddressOrRange(entry));
    if (bad === undefined) return proxies;
    ctx.addIssue({ code: 'custom', message: `"${bad}" is not on/off, a number of proxies, an IP address or a CIDR range` });
    return z.NEVER;
  });

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** The site's public base URL, without a trailing slash: absolute links (photo URLs) start with it. */
const publicUrl = z
  .url({ protocol: /^https?$/, error: 'expected an http(s) URL like https://auction.example.com' })
  .transform((value, ctx) => {
    const url = new URL(value);
    if (/[?#]/.test(value) || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${value}" must be an http(s) URL without query, fragment or credentials` });
      return z.NEVER;
    }
    return url.href.replace(/\/+$/, '');
  });

/**
 * The mail server as nodemailer takes it: smtp:// (STARTTLS when offered) or smtps:// (TLS from the
 * first byte), with the account in the URL. Empty (the default) means no mail at all.
 */
const smtpUrl = z
  .url({ protocol: /^smtps?$/, error: 'expected a URL like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
  .transform((value, ctx) => {
    const url = new URL(value);
    if (!url.hostname) {
      ctx.addIssue({ code: 'custom', message: `"${value}" names no host` });
      return z.NEVER;
    }
    return value;
  });

/**
 * PostgreSQL's address. Only these two schemes select it; anything else is a mistake to stop on, not
 * a reason to fall back to SQLite and serve an empty site.
 */
const databaseUrl = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
    if ((scheme === 'postgres' || scheme === 'postgresql') && URL.canParse(value)) return value;
    ctx.addIssue({
      code: 'custom',
      message: `expected a postgres:// or postgresql:// URL${scheme ? `, not ${scheme}://` : ''} (leave it empty for SQLite at DATABASE_PATH)`,
    });
    return z.NEVER;
  });

/** Settings whose values may carry a password: an error names them but never repeats their value. */
const SECRET_SETTINGS = new Set(['DATABASE_URL', 'SMTP_URL']);

/** A sender as mail headers write it: `Name <address>` or a bare address. */
const mailFrom = z
  .string()
  .trim()
  .regex(/^(?:[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, 'expected an address like "Open Auction <no-reply@example.com>"');

const settingsSchema = z.object({
  // Production unless told otherwise: what only development shows (the demo accounts' passwords on the
  // login page, mail printed in the terminal) must never appear on a server started without it.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: digits.pipe(z.number().int().min(0).max(65535)).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_PATH: z.string().min(1).default('data/auction.db'),
  /** Unset: SQLite at DATABASE_PATH. A postgres:// URL: PostgreSQL, which several instances may share. */
  DATABASE_URL: databaseUrl.optional(),
  UPLOAD_DIR: z.string().min(1).default('data/uploads'),
  TRUST_PROXY: trustProxy.default(0),
  /** Unset means http://localhost:$PORT (filled in by loadSettings, which knows the port). */
  PUBLIC_URL: publicUrl.optional(),
  /** Unset: notices stay in the app, and password reset is unavailable. */
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.default('Open Auction <no-reply@localhost>'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(origin)),
  SEED_DEMO: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_FAILURES_LIMIT: positiveInt.default(10),
  SIGNUPS_PER_HOUR: positiveInt.default(20),
  CONTACTS_PER_HOUR: positiveInt.default(20),
  /** Messages one user may write in an hour, over all their conversations. */
  MESSAGES_PER_HOUR: positiveInt.default(60),
  LOGIN_FAILURES_PER_ADDRESS: positiveInt.default(100),
  /** Live streams open at once for one account, over all its sessions and every instance. */
  LIVE_STREAMS_PER_ACCOUNT: positiveInt.default(40),
  /** Live streams open at once from one client address, over all its accounts and every instance. */
  LIVE_STREAMS_PER_ADDRESS: positiveInt.default(100),
  /** A bid this close to the end moves the end to the bid's time plus as much; 0 turns it off. */
  SOFT_CLOSE_SECONDS: digits.pipe(z.number().int().max(86_400)).default(120),
  /** Watchers of an open auction are told once when less than this remains (at most 15 days, an auction's longest); 0 turns it off. */
  ENDING_SOON_SECONDS: digits.pipe(z.number().int().max(1_296_000)).default(3600),
  /** Hours a buyer has to pay an order before the seller may cancel it (fractions allowed, at most 30 days). */
  PAYMENT_DUE_HOURS: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'expected a number of hours')
    .transform(Number)
    .pipe(z.number().positive().max(720))
    .default(48),
});

export type Settings = Omit<z.infer<typeof settingsSchema>, 'PUBLIC_URL'> & { PUBLIC_URL: string };

export class SettingsError extends Error {}

/** Parses the environment; an empty variable counts as unset. */
export function loadSettings(env: Record<string, string | undefined> = process.env): Settings {
  const present = Object.fromEntries(Object.keys(settingsSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const result = settingsSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0]);
    const shown = SECRET_SETTINGS.has(name) ? '' : `=${JSON.stringify(present[name])}`;
    throw new SettingsError(`Invalid setting ${name}${shown}: ${issue.message}`);
  }
  return { ...result.data, PUBLIC_URL: result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}` };
}

/** Settings for tests and scripts: the defaults with a few overrides. */
export function testSettings(overrides: Partial<Settings> = {}): Settings {
  return { ...loadSettings({ NODE_ENV: 'test', DATABASE_PATH: ':memory:', LOG_LEVEL: 'silent' }), ...overrides };
}
