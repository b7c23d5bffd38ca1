// Accounts, contact, watchlists and mail on a real PostgreSQL: what concurrency on one database, from
// one pool or from several instances, must not break.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { createPgStore, type PgStore } from '../../src/server/db/pg/store';
import { auctions, mailOutbox } from '../../src/server/db/pg/tables';
import type { PgDb } from '../../src/server/db/pg/open';
import { postgres } from '../support/postgres';

const pg = await postgres();

const T0 = Date.parse('2030-01-01T12:00:00Z');
const HOUR_MS = 3_600_000;

describe.skipIf(!pg)('PostgreSQL accounts, contact, watchlists and mail', () => {
  let database: Awaited<ReturnType<NonNullable<typeof pg>['freshDatabase']>>;
  let store: PgStore;
  let db: PgDb;
  /** A second instance on the same database: a pool of its own. */
  let other: PgStore;
  let emails = 0;

  beforeAll(async () => {
    database = await pg!.freshDatabase();
    store = await createPgStore(database.url);
    db = store.db;
    other = await createPgStore(database.url);
  });

  afterAll(async () => {
    await store?.close();
    await other?.close();
    await database?.drop();
  });

  const newUser = async (name = 'Ada') => {
    emails += 1;
    const user = await store.users.insert({ name, email: `user${emails}@example.com`, passwordHash: 'hash', createdAt: new Date(T0) });
    return user!;
  };

  test('concurrent sign-ups with one email make one user; the others get null', async () => {
    const users = store.users;
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other.users : users).insert({
          name: `Twin ${i}`,
          email: 'twin@example.com',
          passwordHash: 'hash',
          createdAt: new Date(T0),
        }),
      ),
    );
    const created = attempts.filter((user) => user !== null);
    expect(created).toHaveLength(1);
    expect(await users.byEmail('twin@example.com')).toEqual(created[0]);
  });

  test('a session is looked up with its user, touched, judged active, and pruned when idle or expired', async () => {
    const sessions = store.sessions;
    const user = await newUser('Grace');
    const expiresAt = new Date(T0 + 30 * DAY_MS);
    for (const id of ['fresh', 'idle', 'expired']) {
      await sessions.insert({
        id,
        userId: user.id,
        createdAt: new Date(T0),
        expiresAt: id === 'expired' ? new Date(T0 + DAY_MS) : expiresAt,
      });
    }
    expect(await sessions.lookup('fresh')).toEqual({
      sessionId: 'fresh',
      lastSeenAt: new Date(T0),
      expiresAt,
      user: { id: user.id, name: 'Grace', email: user.email, role: 'user', avatar: null, emailVerified: false, twoFactor: false },
    });
    expect(await sessions.lookup('unknown')).toBeUndefined();

    const idleMs = 7 * DAY_MS;
    const later = T0 + 6 * DAY_MS;
    await sessions.touch('fresh', new Date(later));
    expect((await sessions.lookup('fresh'))!.lastSeenAt).toEqual(new Date(later));

    const now = T0 + 8 * DAY_MS;
    expect(await sessions.isActive('fresh', now, idleMs)).toBe(true);
    expect(await sessions.isActive('idle', now, idleMs)).toBe(false);
    expect(await sessions.isActive('expired', T0 + 2 * DAY_MS, idleMs)).toBe(false);
    expect(await sessions.prune(now, idleMs)).toBe(2);
    expect(await sessions.lookup('idle')).toBeUndefined();
    expect(await sessions.lookup('fresh')).toBeDefined();
  });

  test('login history is newest first, and a login records the last login on the user', async () => {
    const user = await newUser();
    const logins = store.logins;
    const event = {
      userId: user.id,
      kind: 'login' as const,
      ipAddress: '203.0.113.9',
      userAgent: 'ua',
      device: 'Firefox',
      location: 'Oslo',
      isp: 'ISP',
    };
    await logins.record({ ...event, at: new Date(T0) }, { city: 'Oslo', region: null, country: 'NO' }, new Date(0));
    await logins.record(
      { ...event, at: new Date(T0 + HOUR_MS), location: 'Bergen' },
      { city: 'Bergen', region: null, country: 'NO' },
      new Date(T0 + 1),
    );
    expect((await logins.newestOf(user.id, 10)).map((row) => row.location)).toEqual(['Bergen']);
    expect(await store.users.byId(user.id)).toMatchObject({
      lastLoginAt: new Date(T0 + HOUR_MS),
      lastLoginCity: 'Bergen',
      lastLoginCountry: 'NO',
    });
  });

  test('20 messages at once from one address with a limit of 5 store exactly 5', async () => {
    const message = {
      name: 'Sender',
      email: 'sender@example.com',
      subject: 'Hi',
      message: 'Hello',
      ipAddress: '198.51.100.7',
      userId: null,
    };
    const window = { since: new Date(T0 - HOUR_MS), max: 5 };
    const contacts = [store.contact, other.contact];
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => contacts[i % 2]!.insertUnderLimit({ ...message, createdAt: new Date(T0 + i) }, window)),
    );
    expect(outcomes.filter((outcome) => outcome.stored)).toHaveLength(5);
    expect(await store.contact.count()).toBe(5);
    // The next one is told when the oldest of the five arrived (when a slot frees up).
    const storedAt = (await store.contact.page({ limit: 10 })).items.map((stored) => stored.createdAt.getTime());
    expect(await store.contact.insertUnderLimit({ ...message, createdAt: new Date(T0 + 20) }, window)).toEqual({
      stored: false,
      oldest: new Date(Math.min(...storedAt)),
    });
    // Another address is not held back by the first one's limit.
    const elsewhere = { ...message, ipAddress: '198.51.100.8', createdAt: new Date(T0) };
    expect(await store.contact.insertUnderLimit(elsewhere, window)).toEqual({ stored: true });
  });

  test('two instances claiming the outbox at once never get the same row', async () => {
    const due = new Date(T0);
    const mails = Array.from({ length: 60 }, (_, i) => ({
      toAddress: `to${i}@example.com`,
      subject: 's',
      textBody: 't',
      htmlBody: 'h',
      dueAt: due,
      createdAt: due,
    }));
    await db.insert(mailOutbox).values(mails);
    const workers = [store.mail, other.mail];
    const claimed: number[] = [];
    // Rounds of 16 claims at once (8 per instance) until nothing due is left.
    for (let round = 0; round < 10; round += 1) {
      const batches = await Promise.all(Array.from({ length: 16 }, (_, i) => workers[i % 2]!.claimDue(T0, T0 + HOUR_MS, 3)));
      const ids = batches.flat().map((mail) => mail.id);
      if (ids.length === 0) break;
      claimed.push(...ids);
    }
    expect(claimed).toHaveLength(60);
    expect(new Set(claimed).size).toBe(60);
    // Leased: not due again before the lease ends, due again after it, with the attempt counted.
    expect(await workers[0]!.claimDue(T0 + HOUR_MS - 1, T0 + 2 * HOUR_MS, 100)).toEqual([]);
    const again = await workers[1]!.claimDue(T0 + HOUR_MS, T0 + 2 * HOUR_MS, 100);
    expect(again).toHaveLength(60);
    expect(again[0]).toMatchObject({ attempts: 2, content: { kind: 'ready', mail: { subject: 's', text: 't', html: 'h' } } });
    for (const mail of again) await workers[0]!.remove(mail.id);
    expect(await workers[0]!.pending()).toBe(0);
  });

  test('a password reset is used once, however many consume it at the same moment', async () => {
    const user = await newUser();
    const resets = store.passwordResets;
    const mail = { to: user.email, subject: 'Reset', text: 'link', html: '<a>link</a>' };
    await resets.create({ id: 'reset-token-hash', userId: user.id, createdAt: new Date(T0), expiresAt: new Date(T0 + HOUR_MS) }, mail);
    await store.sessions.insert({ id: 'before-reset', userId: user.id, createdAt: new Date(T0), expiresAt: new Date(T0 + DAY_MS) });
    expect(await resets.userOf('reset-token-hash', T0 + 1)).toBe(user.id);

    const [first, second] = await Promise.all([
      resets.consume('reset-token-hash', T0 + 1, 'new-hash-1'),
      other.passwordResets.consume('reset-token-hash', T0 + 1, 'new-hash-2'),
    ]);
    expect([first, second].filter((id) => id === user.id)).toHaveLength(1);
    expect([first, second]).toContain(undefined);
    expect((await store.users.byId(user.id))!.passwordHash).toBe(first === user.id ? 'new-hash-1' : 'new-hash-2');
    expect(await store.sessions.lookup('before-reset')).toBeUndefined();
    expect(await resets.userOf('reset-token-hash', T0 + 1)).toBeUndefined();
  });

  test('the watchlist lists open auctions by soonest end, then scheduled, then ended, with seller and leader names', async () => {
    const seller = await newUser('Seller');
    const leader = await newUser('Leader');
    const watcher = await newUser('Watcher');
    const auction = (itemName: string, startsAt: number, endsAt: number) => ({
      sellerId: seller.id,
      itemName,
      itemDescription: 'd',
      itemCategory: 'Other' as const,
      startingPrice: 10,
      currentPrice: 10,
      startsAt: new Date(startsAt),
      endsAt: new Date(endsAt),
      leaderId: itemName === 'open late' ? leader.id : null,
    });
    const rows = await db
      .insert(auctions)
      .values([
        auction('ended long ago', T0 - 3 * DAY_MS, T0 - 2 * DAY_MS),
        auction('open late', T0 - DAY_MS, T0 + 2 * DAY_MS),
        auction('scheduled', T0 + DAY_MS, T0 + 3 * DAY_MS),
        auction('ended lately', T0 - 3 * DAY_MS, T0 - DAY_MS),
        auction('open soon', T0 - DAY_MS, T0 + DAY_MS),
      ])
      .returning({ id: auctions.id });
    const watches = store.watches;
    for (const { id } of rows) expect(await watches.add(watcher.id, id, new Date(T0), 100)).toBe('watching');
    expect(await watches.add(watcher.id, rows[0]!.id, new Date(T0), 100)).toBe('watching');
    expect(await watches.add(watcher.id, 999_999, new Date(T0), 100)).toBe('unknown');
    expect(await watches.count(watcher.id)).toBe(5);

    const listed = (await watches.page(watcher.id, { now: T0, limit: 100 })).items;
    expect(listed.map((row) => row.itemName)).toEqual(['open soon', 'open late', 'scheduled', 'ended lately', 'ended long ago']);
    expect(listed[1]).toMatchObject({ sellerName: 'Seller', leaderName: 'Leader', leaderId: leader.id });
    expect(listed[0]!.leaderName).toBeNull();

    expect(await watches.remove(watcher.id, rows[0]!.id)).toBe(true);
    expect(await watches.remove(watcher.id, 999_999)).toBe(false);
    const watching = async (id: number) => (await store.auctions.viewedBy(id, watcher.id))!.viewerWatches;
    expect([await watching(rows[0]!.id), await watching(rows[1]!.id)]).toEqual([false, true]);
  });

  test('a full watchlist takes no more, however many adds arrive at once from two instances', async () => {
    const seller = await newUser('Seller');
    const watcher = await newUser('Watcher');
    const rows = await db
      .insert(auctions)
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          sellerId: seller.id,
          itemName: `Lot ${i}`,
          itemDescription: 'd',
          itemCategory: 'Other' as const,
          startingPrice: 10,
          currentPrice: 10,
          startsAt: new Date(T0),
          endsAt: new Date(T0 + DAY_MS),
        })),
      )
      .returning({ id: auctions.id });
    const [one, two] = [store.watches, other.watches];
    const outcomes = await Promise.all(rows.map(({ id }, i) => (i % 2 ? one : two).add(watcher.id, id, new Date(T0), 5)));
    expect(outcomes.filter((o) => o === 'watching')).toHaveLength(5);
    expect(outcomes.filter((o) => o === 'full')).toHaveLength(7);
    expect(await one.count(watcher.id)).toBe(5);
    // Watching one already watched changes nothing, full or not.
    const watched = rows.find((_, i) => outcomes[i] === 'watching')!;
    expect(await two.add(watcher.id, watched.id, new Date(T0), 5)).toBe('watching');
  });

  test('the admin users page searches literally and case-insensitively, sorts never-logged-in users last, and counts', async () => {
    const users = store.users;
    const base = { page: 1, limit: 100, role: 'all' as const, sortBy: 'name' as const, sortOrder: 'asc' as const };
    await newUser('Zoë 100%');
    await newUser('zoë_plain');
    const found = await users.adminPage({ ...base, search: 'ZOË' });
    expect(found.users.map((user) => user.name)).toEqual(['Zoë 100%', 'zoë_plain']);
    expect(found.total).toBe(2);
    expect((await users.adminPage({ ...base, search: '0%' })).users.map((user) => user.name)).toEqual(['Zoë 100%']);
    expect((await users.adminPage({ ...base, search: '_' })).users.map((user) => user.name)).toEqual(['zoë_plain']);

    for (const sortOrder of ['asc', 'desc'] as const) {
      const page = await users.adminPage({ ...base, search: '', sortBy: 'lastLogin', sortOrder });
      const logins = page.users.map((user) => user.lastLoginAt);
      const firstNever = logins.indexOf(null);
      expect(firstNever).toBeGreaterThan(0);
      expect(logins.slice(firstNever).every((at) => at === null)).toBe(true);
      expect(page.total).toBe(await users.count());
    }
  });
});
