import { describe, expect, test } from 'vitest';
import { SettingsError, loadSettings } from '../../src/server/env';

describe('loadSettings', () => {
  test('the documented defaults with an empty environment', () => {
    expect(loadSettings({})).toMatchObject({
      // A server started without NODE_ENV (node dist/server/main.js) shows nothing meant for development.
      NODE_ENV: 'production',
      PORT: 3000,
      HOST: '127.0.0.1',
      DATABASE_PATH: 'data/auction.db',
      UPLOAD_DIR: 'data/uploads',
      TRUST_PROXY: 0,
      PUBLIC_URL: 'http://localhost:3000',
      CORS_ORIGINS: [],
      SEED_DEMO: false,
      LOG_LEVEL: 'info',
      LOGIN_FAILURES_LIMIT: 10,
      SIGNUPS_PER_HOUR: 20,
      CONTACTS_PER_HOUR: 20,
      ENDING_SOON_SECONDS: 3600,
      PAYMENT_DUE_HOURS: 48,
      LIVE_STREAMS_PER_ACCOUNT: 40,
      LIVE_STREAMS_PER_ADDRESS: 100,
    });
  });

  test('an empty variable counts as unset', () => {
    expect(loadSettings({ PORT: '', TRUST_PROXY: '', PUBLIC_URL: '' })).toMatchObject({
      PORT: 3000,
      TRUST_PROXY: 0,
      PUBLIC_URL: 'http://localhost:3000',
    });
  });

  test('reads the values given', () => {
    const settings = loadSettings({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_PATH: ':memory:',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'https://auction.example.com/',
      CORS_ORIGINS: 'http://localhost:5173, https://shop.example.com/',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      LOGIN_FAILURES_LIMIT: '3',
      SIGNUPS_PER_HOUR: '100',
      CONTACTS_PER_HOUR: '5',
      PAYMENT_DUE_HOURS: '0.5',
    });
    expect(settings).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATABASE_PATH: ':memory:',
      TRUST_PROXY: 1,
      PUBLIC_URL: 'https://auction.example.com',
      CORS_ORIGINS: ['http://localhost:5173', 'https://shop.example.com'],
      SEED_DEMO: true,
      LOG_LEVEL: 'warn',
      LOGIN_FAILURES_LIMIT: 3,
      SIGNUPS_PER_HOUR: 100,
      PAYMENT_DUE_HOURS: 0.5,
      CONTACTS_PER_HOUR: 5,
    });
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['PORT', ' '],
    ['PORT', '0x50'],
    ['PORT', '1e3'],
    ['TRUST_PROXY', 'maybe'],
    ['TRUST_PROXY', '-1'],
    ['TRUST_PROXY', '1.5'],
    ['TRUST_PROXY', '10.0.0.1,'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.0/8/8'],
    ['TRUST_PROXY', 'proxy.internal'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['PUBLIC_URL', 'ftp://auction.example.com'],
    ['PUBLIC_URL', 'https://auction.example.com/?page=1'],
    ['PUBLIC_URL', 'https://auction.example.com/#top'],
    ['PUBLIC_URL', 'https://user:secret@auction.example.com'],
    ['SEED_DEMO', '2'],
    ['CORS_ORIGINS', 'notaurl'],
    ['CORS_ORIGINS', 'https://shop.example.com/some/path'],
    ['LOG_LEVEL', 'loud'],
    ['LOGIN_FAILURES_LIMIT', '0'],
    ['LOGIN_FAILURES_LIMIT', 'ten'],
    ['SIGNUPS_PER_HOUR', '-1'],
    ['CONTACTS_PER_HOUR', '2.5'],
    ['SMTP_URL', 'mail.example.com:25'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['SMTP_URL', 'not a url'],
    ['MAIL_FROM', 'Open Auction'],
    ['MAIL_FROM', 'a@b.c\r\nBcc: x@y.z'],
    ['ENDING_SOON_SECONDS', '1h'],
    ['ENDING_SOON_SECONDS', '1296001'],
    ['PAYMENT_DUE_HOURS', '0'],
    ['PAYMENT_DUE_HOURS', '721'],
    ['PAYMENT_DUE_HOURS', '2 days'],
    ['DATABASE_URL', 'mysql://root@localhost/auction'],
    ['DATABASE_URL', 'sqlite:data/auction.db'],
    ['DATABASE_URL', 'postgres://[broken'],
  ])('%s=%s throws a SettingsError naming the variable on one line', (name, value) => {
    let thrown: unknown;
    try {
      loadSettings({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    const message = (thrown as Error).message;
    expect(message).toContain(name);
    expect(message).not.toContain('\n');
  });

  test('DATABASE_URL: unset keeps SQLite; postgres:// and postgresql:// select PostgreSQL', () => {
    expect(loadSettings({}).DATABASE_URL).toBeUndefined();
    expect(loadSettings({ DATABASE_URL: 'postgres://app:pw@db.internal:5432/auction' }).DATABASE_URL).toBe(
      'postgres://app:pw@db.internal:5432/auction',
    );
    expect(loadSettings({ DATABASE_URL: 'postgresql://db.internal/auction' }).DATABASE_URL).toBe('postgresql://db.internal/auction');
  });

  test('a refused URL that may carry a password is named, not repeated: the scheme is enough to see the mistake', () => {
    expect(() => loadSettings({ DATABASE_URL: 'mysql://root:hunter2@localhost/auction' })).toThrow(
      /^Invalid setting DATABASE_URL: expected a postgres:\/\/ or postgresql:\/\/ URL, not mysql:\/\//,
    );
    expect(() => loadSettings({ DATABASE_URL: 'mysql://root:hunter2@localhost/auction' })).not.toThrow(/hunter2/);
    expect(() => loadSettings({ SMTP_URL: 'http://user:hunter2@mail.example.com' })).not.toThrow(/hunter2/);
  });

  test('mail: off without SMTP_URL, from the default sender; smtp:// and smtps:// URLs are taken', () => {
    expect(loadSettings({})).toMatchObject({ SMTP_URL: undefined, MAIL_FROM: 'Open Auction <no-reply@localhost>' });
    expect(
      loadSettings({ SMTP_URL: 'smtps://user:pass@mail.example.com:465', MAIL_FROM: 'Auctions <auctions@example.com>' }),
    ).toMatchObject({
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      MAIL_FROM: 'Auctions <auctions@example.com>',
    });
    expect(loadSettings({ SMTP_URL: 'smtp://mail.example.com:587' }).SMTP_URL).toBe('smtp://mail.example.com:587');
  });

  test('flags are read case-insensitively', () => {
    expect(loadSettings({ TRUST_PROXY: 'TRUE', SEED_DEMO: 'Yes' })).toMatchObject({ TRUST_PROXY: 1, SEED_DEMO: true });
  });

  test.each([
    ['1', 1],
    ['on', 1],
    ['true', 1],
    ['yes', 1],
    ['0', 0],
    ['off', 0],
    ['false', 0],
    ['no', 0],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7, fd00::/8', ['10.0.0.0/8', '192.168.1.7', 'fd00::/8']],
  ])('TRUST_PROXY=%s is %j: a flag word is one proxy or none, a number counts proxies, a list names them', (value, expected) => {
    expect(loadSettings({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  test('PUBLIC_URL defaults to localhost on PORT, and keeps a path without its trailing slash', () => {
    expect(loadSettings({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadSettings({ PUBLIC_URL: 'https://example.com/auction/' }).PUBLIC_URL).toBe('https://example.com/auction');
  });
});
