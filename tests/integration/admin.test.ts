// The admin console's reads (docs/rules/lists-and-search.md): admin.dashboard, admin.users,
// admin.auctions and admin.messages through the router, and GET /api/admin/dashboard and
// /api/admin/users through app.inject.
import { describe, expect } from 'vitest';
import type { Caller } from '../../src/server/trpc/router';
import { DAY_MS, HOUR_MS } from '../../src/shared/constants';
import { PASSWORD, anonymousCaller, insertUser, sessionOf, signedInUser } from '../support/accounts';
import { insertAuction, insertAuctionsInOrder } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, login } from '../support/http';

type Role = 'user' | 'admin';

const MINUTE = 60_000;
const ADMIN_USER_KEYS = ['_id', 'avatar', 'createdAt', 'email', 'lastLogin', 'location', 'name', 'role', 'status'];
const AUCTION_KEYS = [
  '_id',
  'bids',
  'bidsCount',
  'currentPrice',
  'itemCategory',
  'itemDescription',
  'itemEndDate',
  'itemName',
  'itemPhoto',
  'itemStartDate',
  'seller',
  'sellerName',
  'startingPrice',
  'timeLeft',
];
const PAGINATION_KEYS = ['currentPage', 'hasNextPage', 'hasPrevPage', 'limit', 'totalPages', 'totalUsers'];

const adminOf = (deps: TestDeps, name = 'Ada Admin') => signedInUser(deps, name, { role: 'admin' });

const sortedKeys = (value: object) => Object.keys(value).sort();

describe('admin.dashboard', () => {
  test('stats count auctions by end date against the server clock, every account, and sign-ups of the last 7 days', async ({ deps }) => {
    const T0 = deps.now();
    deps.clock.set(T0 - 30 * DAY_MS);
    const seller = await insertUser(deps, { name: 'Old Seller' });
    await insertUser(deps, { name: 'Old Admin', role: 'admin' });
    deps.clock.set(T0 - 8 * DAY_MS);
    await insertUser(deps, { name: 'Eight Days' });
    deps.clock.set(T0 - 6 * DAY_MS);
    await insertUser(deps, { name: 'Six Days A' });
    await insertUser(deps, { name: 'Six Days B' });
    deps.clock.set(T0 - DAY_MS);
    const admin = await adminOf(deps);
    deps.clock.set(T0);

    const ended = await insertAuction(deps, seller.id, { itemName: 'Ended', startsAt: T0 - 10 * DAY_MS, endsAt: T0 - DAY_MS });
    const endsTomorrow = await insertAuction(deps, seller.id, {
      itemName: 'Ends tomorrow',
      startsAt: T0 - 2 * DAY_MS,
      endsAt: T0 + DAY_MS,
    });
    const endsLater = await insertAuction(deps, seller.id, { itemName: 'Ends later', startsAt: T0 - HOUR_MS, endsAt: T0 + 5 * DAY_MS });

    const first = await admin.caller.admin.dashboard();
    expect(first.stats).toEqual({ activeAuctions: 2, totalAuctions: 3, totalUsers: 6, recentUsers: 3, openReports: 0 });
    const ids = first.recentAuctions.map((a) => a._id);
    expect(ids).toEqual(expect.arrayContaining([endsTomorrow, endsLater]));
    expect(ids).not.toContain(ended);

    // Two days on: the "ends tomorrow" auction has ended and the six-day-old sign-ups are eight days old.
    deps.clock.advance(2 * DAY_MS);
    const later = await admin.caller.admin.dashboard();
    expect(later.stats).toEqual({ activeAuctions: 1, totalAuctions: 3, totalUsers: 6, recentUsers: 1, openReports: 0 });
    expect(later.recentAuctions.map((a) => a._id)).toEqual([endsLater]);
  });

  test('activeAuctions agrees with the dashboard a user sees, and counts open auctions: not one that has not started', async ({ deps }) => {
    const now = deps.now();
    const admin = await adminOf(deps);
    const seller = await insertUser(deps, { name: 'Seller' });
    await insertAuction(deps, seller.id, { startsAt: now + DAY_MS, endsAt: now + 3 * DAY_MS });
    await insertAuction(deps, seller.id, { startsAt: now - DAY_MS, endsAt: now + DAY_MS });
    await insertAuction(deps, seller.id, { startsAt: now - 3 * DAY_MS, endsAt: now - 1 });
    const { stats } = await admin.caller.admin.dashboard();
    const userStats = await (await sessionOf(deps, seller.id)).caller.auction.stats();
    expect(stats.activeAuctions).toBe(userStats.activeAuctions);
    expect(stats.totalAuctions).toBe(userStats.totalAuctions);
    expect(stats.activeAuctions).toBe(1);
  });

  test('an auction ending exactly now is no longer active', async ({ deps }) => {
    const now = deps.now();
    const admin = await adminOf(deps);
    const id = await insertAuction(deps, admin.id, { startsAt: now - DAY_MS, endsAt: now + MINUTE });
    expect((await admin.caller.admin.dashboard()).stats.activeAuctions).toBe(1);
    deps.clock.advance(MINUTE);
    const dashboard = await admin.caller.admin.dashboard();
    expect(dashboard.stats.activeAuctions).toBe(0);
    expect(dashboard.recentAuctions.map((a) => a._id)).not.toContain(id);
  });

  test('recentAuctions are whole Auction objects, as auction.byId describes them', async ({ deps }) => {
    const admin = await adminOf(deps);
    const seller = await insertUser(deps, { name: 'Sally Seller' });
    const ids = await insertAuctionsInOrder(
      deps,
      seller.id,
      [1, 2, 3, 4].map((n) => ({ itemName: `Lot ${n}`, startingPrice: 10 * n })),
    );
    const { recentAuctions } = await admin.caller.admin.dashboard();
    expect(recentAuctions.length).toBeGreaterThan(0);
    // Newest first.
    expect(recentAuctions.map((a) => a._id)).toEqual([...ids].reverse().slice(0, recentAuctions.length));
    for (const auction of recentAuctions) {
      expect(sortedKeys(auction)).toEqual(expect.arrayContaining(AUCTION_KEYS));
      const detail = await admin.caller.auction.byId({ id: auction._id });
      const { bids: _ignored, ...rest } = detail;
      expect(auction).toMatchObject(rest);
      expect(auction.seller).toEqual({ _id: String(seller.id), name: 'Sally Seller' });
      expect(auction.timeLeft).toBeGreaterThan(0);
    }
  });

  test('recentUsersList: the 10 newest accounts, newest first, as AdminUser (lastLogin null = never)', async ({ deps }) => {
    const start = deps.now();
    const admin = await adminOf(deps);
    const inserted = [];
    for (let i = 0; i < 13; i += 1) {
      deps.clock.advance(HOUR_MS);
      inserted.push(await insertUser(deps, { name: `Member ${i}`, email: `member${i}@example.com`, role: i === 5 ? 'admin' : 'user' }));
    }
    const { recentUsersList, stats } = await admin.caller.admin.dashboard();
    expect(stats.totalUsers).toBe(14);
    expect(recentUsersList.map((u) => u.name)).toEqual(
      inserted
        .slice(3)
        .reverse()
        .map((u) => u.name),
    );
    for (const user of recentUsersList) expect(sortedKeys(user)).toEqual(ADMIN_USER_KEYS);
    const newest = inserted[12]!;
    expect(recentUsersList[0]).toEqual({
      _id: String(newest.id),
      name: 'Member 12',
      email: 'member12@example.com',
      role: 'user',
      status: 'active',
      createdAt: new Date(start + 13 * HOUR_MS).toISOString(),
      lastLogin: null,
      // No photo: the initial drawn on a colour of their own.
      avatar: `http://localhost:3000/avatars/${newest.id}/M.svg`,
      location: null,
    });
    expect(recentUsersList.find((u) => u.name === 'Member 5')?.role).toBe('admin');
  });

  test('a login from a local address sets lastLogin with no location; a public one (through a trusted proxy) has a location', async ({
    makeApp,
  }) => {
    const { app, deps } = await makeApp({ TRUST_PROXY: 1 });
    const admin = await adminOf(deps);
    const local = await insertUser(deps, { name: 'Local Lou' });
    const travelling = await insertUser(deps, { name: 'Public Pat' });
    deps.clock.advance(5 * MINUTE);
    expect((await login(app, local.email, PASSWORD)).statusCode).toBe(200);
    deps.clock.advance(MINUTE);
    expect((await login(app, travelling.email, PASSWORD, { headers: { 'x-forwarded-for': '8.8.8.8' } })).statusCode).toBe(200);

    const res = await get(app, '/api/admin/dashboard', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const list = (res.json() as { recentUsersList: Array<Record<string, unknown>> }).recentUsersList;
    const lou = list.find((u) => u._id === String(local.id))!;
    const pat = list.find((u) => u._id === String(travelling.id))!;
    expect(lou.lastLogin).toBe(new Date(deps.now() - MINUTE).toISOString());
    expect(lou.location).toBeNull();
    expect(pat.lastLogin).toBe(new Date(deps.now()).toISOString());
    expect(pat.location).toEqual({
      city: expect.toBeOneOf([null, expect.any(String)]),
      region: expect.toBeOneOf([null, expect.any(String)]),
      country: 'United States',
    });
    expect(list.find((u) => u._id === String(admin.id))?.lastLogin).toBeNull();

    // The users list shows the same.
    const page = await admin.caller.admin.users({ search: 'Public Pat' });
    expect(page.data.users).toHaveLength(1);
    expect(page.data.users[0]!.location).toEqual(pat.location);
    expect(page.data.users[0]!.lastLogin).toBe(pat.lastLogin);
  });

  test('GET /api/admin/dashboard answers {stats, recentAuctions, recentUsersList} with ISO dates', async ({ app, deps }) => {
    const admin = await adminOf(deps);
    await insertAuction(deps, admin.id, { itemName: 'Visible' });
    const res = await get(app, '/api/admin/dashboard', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      stats: object;
      recentAuctions: Array<Record<string, unknown>>;
      recentUsersList: Array<Record<string, unknown>>;
    };
    expect(sortedKeys(body)).toEqual(['recentAuctions', 'recentUsersList', 'stats']);
    expect(body.stats).toEqual({ activeAuctions: 1, totalAuctions: 1, totalUsers: 1, recentUsers: 1, openReports: 0 });
    expect(body.recentAuctions.map((a) => a.itemName)).toEqual(['Visible']);
    expect(body.recentUsersList).toHaveLength(1);
    expect(body.recentUsersList[0]!.createdAt).toBe(new Date(deps.now()).toISOString());
  });
});

// ---------------------------------------------------------------------------------------------
// admin.users

const FIRST = ['alice', 'Bob', 'carol', 'Dave', 'eve', 'Frank', 'grace', 'Heidi', 'ivan', 'Judy', 'karl', 'Liam', 'mona', 'Ned', 'olga'];
const LAST = ['Stone', 'apple', 'Moss', 'ray'];
const COUNT = 48;

interface Inserted {
  id: string;
  name: string;
  email: string;
  role: Role;
  createdAt: number;
  lastLogin: number | null;
}

/** The caller's admin account plus COUNT users: mixed-case names, some admins, some never logged in. */
async function populate(deps: TestDeps) {
  const T0 = deps.now();
  deps.clock.set(T0 - 2 * DAY_MS);
  const admin = await adminOf(deps, 'Zara Console');
  const all: Inserted[] = [
    { id: String(admin.id), name: admin.name, email: admin.email, role: 'admin', createdAt: deps.now(), lastLogin: null },
  ];
  for (let i = 0; i < COUNT; i += 1) {
    deps.clock.advance(MINUTE);
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length)]}`;
    const email = `u${(i * 37) % 101}-${i}@example.${i % 2 ? 'com' : 'org'}`;
    const role: Role = i % 7 === 0 ? 'admin' : 'user';
    const row = await insertUser(deps, { name, email, role });
    let lastLogin: number | null = null;
    if (i % 3 !== 0) {
      lastLogin = T0 - ((i * 919) % 1000) * MINUTE;
      await deps.sql('update users set last_login_at = $1 where id = $2', [new Date(lastLogin), row.id]);
    }
    all.push({ id: String(row.id), name, email, role, createdAt: deps.now(), lastLogin });
  }
  deps.clock.set(T0);
  return { admin, all };
}

type SortBy = 'name' | 'email' | 'role' | 'createdAt' | 'lastLogin';

/** Every user in one request (limit 100), in the order asked for. */
async function everyone(caller: Caller, sortBy: SortBy, sortOrder: 'asc' | 'desc') {
  const page = await caller.admin.users({ sortBy, sortOrder, limit: 100 });
  return page.data.users;
}

function compareBy(sortBy: Exclude<SortBy, 'role'>) {
  const key = (u: Inserted): string | number | null =>
    sortBy === 'name' ? u.name.toLowerCase() : sortBy === 'email' ? u.email : sortBy === 'createdAt' ? u.createdAt : u.lastLogin;
  return (a: Inserted, b: Inserted) => {
    const x = key(a)!;
    const y = key(b)!;
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

describe('admin.users', () => {
  test('by default: newest accounts first, 20 a page, with pagination on pages 1 to 3 and past the end', async ({ deps }) => {
    const { admin, all } = await populate(deps);
    const newestFirst = [...all].reverse().map((u) => u.id);
    expect(all).toHaveLength(COUNT + 1);

    const one = await admin.caller.admin.users();
    expect(one.data.users.map((u) => u._id)).toEqual(newestFirst.slice(0, 20));
    expect(one.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalUsers: 49,
      limit: 20,
      hasNextPage: true,
      hasPrevPage: false,
    });

    const two = await admin.caller.admin.users({ page: 2 });
    expect(two.data.users.map((u) => u._id)).toEqual(newestFirst.slice(20, 40));
    expect(two.data.pagination).toEqual({ currentPage: 2, totalPages: 3, totalUsers: 49, limit: 20, hasNextPage: true, hasPrevPage: true });

    const three = await admin.caller.admin.users({ page: 3 });
    expect(three.data.users.map((u) => u._id)).toEqual(newestFirst.slice(40));
    expect(three.data.pagination).toEqual({
      currentPage: 3,
      totalPages: 3,
      totalUsers: 49,
      limit: 20,
      hasNextPage: false,
      hasPrevPage: true,
    });

    const four = await admin.caller.admin.users({ page: 4 });
    expect(four.data.users).toEqual([]);
    expect(four.data.pagination).toMatchObject({ currentPage: 4, totalUsers: 49, hasNextPage: false, hasPrevPage: true });

    // Another page size.
    const sevens = await admin.caller.admin.users({ limit: 7, page: 7 });
    expect(sevens.data.users.map((u) => u._id)).toEqual(newestFirst.slice(42, 49));
    expect(sevens.data.pagination).toEqual({
      currentPage: 7,
      totalPages: 7,
      totalUsers: 49,
      limit: 7,
      hasNextPage: false,
      hasPrevPage: true,
    });
  });

  for (const sortBy of ['name', 'email', 'createdAt'] as const) {
    test(`sortBy ${sortBy}, asc and desc${sortBy === 'name' ? ' (case-insensitive)' : ''}`, async ({ deps }) => {
      const { admin, all } = await populate(deps);
      const asc = [...all].sort(compareBy(sortBy)).map((u) => u.id);
      expect((await everyone(admin.caller, sortBy, 'asc')).map((u) => u._id)).toEqual(asc);
      expect((await everyone(admin.caller, sortBy, 'desc')).map((u) => u._id)).toEqual([...asc].reverse());
    });
  }

  test('sortBy lastLogin: by time either way, and accounts that never logged in come last either way', async ({ deps }) => {
    const { admin, all } = await populate(deps);
    const seen = all.filter((u) => u.lastLogin !== null);
    const never = all.filter((u) => u.lastLogin === null).map((u) => u.id);
    expect(never.length).toBeGreaterThan(5);
    const asc = [...seen].sort(compareBy('lastLogin')).map((u) => u.id);
    for (const [order, expected] of [
      ['asc', asc],
      ['desc', [...asc].reverse()],
    ] as const) {
      const list = await everyone(admin.caller, 'lastLogin', order);
      expect(list.slice(0, seen.length).map((u) => u._id)).toEqual(expected);
      expect(
        list
          .slice(seen.length)
          .map((u) => u._id)
          .sort(),
      ).toEqual([...never].sort());
      expect(list.slice(seen.length).every((u) => u.lastLogin === null)).toBe(true);
    }
  });

  test('sortBy role: admins before users ascending, users before admins descending', async ({ deps }) => {
    const { admin, all } = await populate(deps);
    const admins = all.filter((u) => u.role === 'admin').length;
    const asc = await everyone(admin.caller, 'role', 'asc');
    expect(asc.map((u) => u.role)).toEqual([...Array(admins).fill('admin'), ...Array(all.length - admins).fill('user')]);
    const desc = await everyone(admin.caller, 'role', 'desc');
    expect(desc.map((u) => u.role)).toEqual([...Array(all.length - admins).fill('user'), ...Array(admins).fill('admin')]);
  });

  test('paging through any sort order (ties included) shows every user exactly once, as one long page would', async ({ deps }) => {
    const { admin, all } = await populate(deps);
    for (const sortBy of ['role', 'lastLogin', 'name'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const whole = (await everyone(admin.caller, sortBy, sortOrder)).map((u) => u._id);
        const paged: string[] = [];
        for (let page = 1; page <= 3; page += 1) {
          paged.push(...(await admin.caller.admin.users({ sortBy, sortOrder, page })).data.users.map((u) => u._id));
        }
        expect(paged).toEqual(whole);
        expect(new Set(paged).size).toBe(all.length);
      }
    }
  });

  test('role filter: user or admin, with the totals counted after the filter', async ({ deps }) => {
    const { admin, all } = await populate(deps);
    const admins = all
      .filter((u) => u.role === 'admin')
      .map((u) => u.id)
      .sort();
    const members = all
      .filter((u) => u.role === 'user')
      .map((u) => u.id)
      .sort();

    const onlyAdmins = await admin.caller.admin.users({ role: 'admin', limit: 100 });
    expect(onlyAdmins.data.users.map((u) => u._id).sort()).toEqual(admins);
    expect(onlyAdmins.data.pagination).toMatchObject({ totalUsers: admins.length, totalPages: 1, hasNextPage: false });

    const onlyUsers = await admin.caller.admin.users({ role: 'user' });
    expect(onlyUsers.data.users.every((u) => u.role === 'user')).toBe(true);
    expect(onlyUsers.data.pagination).toMatchObject({ totalUsers: members.length, totalPages: Math.ceil(members.length / 20) });

    expect((await admin.caller.admin.users({ role: 'all' })).data.pagination.totalUsers).toBe(all.length);
  });

  describe('search', () => {
    async function searchSetup(deps: TestDeps) {
      const admin = await adminOf(deps, 'Root Person');
      const add = async (name: string, email: string, role: Role = 'user') => {
        deps.clock.advance(MINUTE);
        return String((await insertUser(deps, { name, email, role })).id);
      };
      const ids = {
        quuxName: await add('Zed Quux', 'zed@example.com'),
        quuxEmail: await add('Plain Person', 'quuxmail@example.com'),
        quuxAdmin: await add('Quuxine Admin', 'qa@example.com', 'admin'),
        percent: await add('Fifty % Off', 'fifty@example.com'),
        underscore: await add('Under Score', 'under_score@example.com'),
        emile: await add('Émile Zola', 'ezola@example.com'),
      };
      for (let i = 0; i < 6; i += 1) await add(`Filler Person ${i}`, `filler${i}@example.net`);
      const search = async (search: string, more: { role?: 'all' | 'user' | 'admin'; limit?: number } = {}) => {
        const page = await admin.caller.admin.users({ search, limit: 100, ...more });
        return { ids: page.data.users.map((u) => u._id).sort(), total: page.data.pagination.totalUsers };
      };
      return { admin, ids, search };
    }

    test('matches name or email, whatever the case', async ({ deps }) => {
      const { ids, search } = await searchSetup(deps);
      const quux = [ids.quuxName, ids.quuxEmail, ids.quuxAdmin].sort();
      expect(await search('quux')).toEqual({ ids: quux, total: 3 });
      expect(await search('QUUX')).toEqual({ ids: quux, total: 3 });
      expect(await search('QuUxMaIl')).toEqual({ ids: [ids.quuxEmail], total: 1 });
      expect(await search('  quux  ')).toEqual({ ids: quux, total: 3 });
      expect(await search('nobody-has-this')).toEqual({ ids: [], total: 0 });
    });

    test('search and role filter combine', async ({ deps }) => {
      const { ids, search } = await searchSetup(deps);
      expect(await search('quux', { role: 'admin' })).toEqual({ ids: [ids.quuxAdmin], total: 1 });
      expect(await search('quux', { role: 'user' })).toEqual({ ids: [ids.quuxName, ids.quuxEmail].sort(), total: 2 });
    });

    test('% and _ are literal characters, not wildcards', async ({ deps }) => {
      const { ids, search } = await searchSetup(deps);
      expect(await search('%')).toEqual({ ids: [ids.percent], total: 1 });
      expect(await search('_')).toEqual({ ids: [ids.underscore], total: 1 });
      expect(await search('50%')).toEqual({ ids: [], total: 0 });
      expect(await search('under_')).toEqual({ ids: [ids.underscore], total: 1 });
      expect(await search('under%')).toEqual({ ids: [], total: 0 });
    });

    test('a name with accented capitals is found as written, and in either case', async ({ deps }) => {
      const { ids, search } = await searchSetup(deps);
      expect(await search('Émile')).toEqual({ ids: [ids.emile], total: 1 });
      expect(await search('émile')).toEqual({ ids: [ids.emile], total: 1 });
      expect(await search('ÉMILE ZOLA')).toEqual({ ids: [ids.emile], total: 1 });
    });

    test('search results are paged with their own totals', async ({ deps }) => {
      const { search, admin } = await searchSetup(deps);
      const page = await admin.caller.admin.users({ search: 'filler', limit: 4, page: 2 });
      expect(page.data.users).toHaveLength(2);
      expect(page.data.pagination).toEqual({
        currentPage: 2,
        totalPages: 2,
        totalUsers: 6,
        limit: 4,
        hasNextPage: false,
        hasPrevPage: true,
      });
      expect((await search('filler')).total).toBe(6);
    });
  });

  test('through the router, bad parameters are BAD_REQUEST', async ({ deps }) => {
    const admin = await adminOf(deps);
    await expect(admin.caller.admin.users({ sortBy: 'password' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.caller.admin.users({ limit: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.caller.admin.users({ page: 1.5 } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('GET /api/admin/users', () => {
  test('answers exactly {data: {users, pagination}} with AdminUser rows', async ({ app, deps }) => {
    const { admin, all } = await populate(deps);
    const res = await get(app, '/api/admin/users', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { users: Array<Record<string, unknown>>; pagination: Record<string, unknown> } };
    expect(Object.keys(body)).toEqual(['data']);
    expect(sortedKeys(body.data)).toEqual(['pagination', 'users']);
    expect(sortedKeys(body.data.pagination)).toEqual(PAGINATION_KEYS);
    expect(body.data.pagination).toEqual({
      currentPage: 1,
      totalPages: 3,
      totalUsers: all.length,
      limit: 20,
      hasNextPage: true,
      hasPrevPage: false,
    });
    expect(body.data.users).toHaveLength(20);
    for (const user of body.data.users) expect(sortedKeys(user)).toEqual(ADMIN_USER_KEYS);
    expect(body.data.users.map((u) => u._id)).toEqual(
      [...all]
        .reverse()
        .slice(0, 20)
        .map((u) => u.id),
    );
  });

  test('query-string parameters as the client sends them', async ({ app, deps }) => {
    const { admin, all } = await populate(deps);
    const res = await get(app, '/api/admin/users?page=2&search=&role=all&limit=10&sortBy=email&sortOrder=asc', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { users: Array<{ _id: string }>; pagination: object } };
    const byEmail = [...all].sort(compareBy('email')).map((u) => u.id);
    expect(body.data.users.map((u) => u._id)).toEqual(byEmail.slice(10, 20));
    expect(body.data.pagination).toEqual({
      currentPage: 2,
      totalPages: 5,
      totalUsers: all.length,
      limit: 10,
      hasNextPage: true,
      hasPrevPage: true,
    });

    const literal = await get(app, `/api/admin/users?search=${encodeURIComponent('%')}`, { token: admin.token });
    expect(literal.statusCode).toBe(200);
    expect((literal.json() as { data: { pagination: { totalUsers: number } } }).data.pagination.totalUsers).toBe(0);

    const max = await get(app, '/api/admin/users?limit=100', { token: admin.token });
    expect(max.statusCode).toBe(200);
    const maxBody = max.json() as { data: { users: unknown[]; pagination: { limit: number; totalPages: number } } };
    expect(maxBody.data.users).toHaveLength(all.length);
    expect(maxBody.data.pagination).toMatchObject({ limit: 100, totalPages: 1 });
  });

  const BAD: Array<[string, string]> = [
    ['sortBy=password', 'sortBy'],
    ['sortBy=', 'sortBy'],
    ['sortOrder=sideways', 'sortOrder'],
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
    ['page=abc', 'page'],
    ['page=1.5', 'page'],
    ['role=root', 'role'],
    ['role=user&role=admin', 'role'],
  ];
  test.for(BAD)('?%s is 400 naming %s', async ([qs, field], { app, deps }) => {
    const admin = await adminOf(deps);
    const res = await get(app, `/api/admin/users?${qs}`, { token: admin.token });
    expect(res.statusCode).toBe(400);
    const body = expectErrorBody(res);
    expect(Array.isArray(body.issues)).toBe(true);
    expect(body.issues!.map((i) => i.path)).toContain(field);
  });

  /** Every C0 and C1 control character and DEL, each alone and inside a search long enough for the trigram index. */
  const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => i), ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i)].map((c) =>
    String.fromCharCode(c),
  );

  test('a search with a NUL byte or any other control character is 400 at search, through REST and the router', async ({ app, deps }) => {
    const admin = await adminOf(deps);
    const nul = await get(app, '/api/admin/users?search=abc%00def', { token: admin.token });
    expect(nul.statusCode).toBe(400);
    expect(expectErrorBody(nul).issues).toEqual([{ path: 'search', message: 'search cannot contain control characters' }]);
    for (const control of CONTROLS) {
      // Leading and trailing whitespace is trimmed away (a tab, a line break): only controls inside count.
      for (const search of [`ab${control}cd`, `a${control}b`]) {
        const res = await get(app, `/api/admin/users?search=${encodeURIComponent(search)}`, { token: admin.token });
        expect(res.statusCode, JSON.stringify(search)).toBe(400);
        await expect(admin.caller.admin.users({ search })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('admin.auctions', () => {
  async function auctionsSetup(deps: TestDeps) {
    const now = deps.now();
    const admin = await adminOf(deps);
    const seller = await insertUser(deps, { name: 'Busy Seller' });
    const active: string[] = [];
    const ended: string[] = [];
    /** Hours from now until each active auction ends. */
    const activeHours: number[] = [];
    for (let i = 0; i < 25; i += 1) {
      if (i % 5 < 3) {
        active.push(
          await insertAuction(deps, seller.id, { itemName: `Active ${i}`, startsAt: now - DAY_MS, endsAt: now + (i + 1) * HOUR_MS }),
        );
        activeHours.push(i + 1);
      } else {
        ended.push(
          await insertAuction(deps, seller.id, { itemName: `Ended ${i}`, startsAt: now - 3 * DAY_MS, endsAt: now - (i + 1) * HOUR_MS }),
        );
      }
    }
    return { admin, active, activeHours, ended, all: [...active, ...ended] };
  }

  async function walk(caller: Caller, status: 'all' | 'open' | 'ended', limit: number) {
    const seen: string[] = [];
    const totals = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof caller.admin.auctions>> = await caller.admin.auctions({ status, limit, cursor });
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(limit);
      seen.push(...page.items.map((a) => a._id));
      totals.add(page.total);
      cursor = page.nextCursor;
      if (pages > 50) throw new Error('paging does not end');
    } while (cursor);
    return { seen, totals: [...totals], pages };
  }

  const newestFirst = (ids: string[]) => [...ids].sort((a, b) => Number(b) - Number(a));

  test('status all: every auction newest first, paged by nextCursor, with the total', async ({ deps }) => {
    const { admin, all } = await auctionsSetup(deps);
    const first = await admin.caller.admin.auctions({ limit: 10 });
    expect(first.items).toHaveLength(10);
    expect(first.total).toBe(25);
    expect(first.nextCursor).not.toBeNull();
    for (const a of first.items) expect(sortedKeys(a)).toEqual(expect.arrayContaining(AUCTION_KEYS));
    const { seen, totals, pages } = await walk(admin.caller, 'all', 10);
    expect(seen).toEqual(newestFirst(all));
    expect(totals).toEqual([25]);
    expect(pages).toBe(3);
    // The default is all, 20 a page.
    const byDefault = await admin.caller.admin.auctions();
    expect(byDefault.items.map((a) => a._id)).toEqual(newestFirst(all).slice(0, 20));
    expect(byDefault.total).toBe(25);
  });

  test('status active and ended split the auctions by end date, and follow the clock', async ({ deps }) => {
    const { admin, active, activeHours, ended } = await auctionsSetup(deps);
    const live = await walk(admin.caller, 'open', 4);
    expect(live.seen).toEqual(newestFirst(active));
    expect(live.totals).toEqual([active.length]);
    const over = await walk(admin.caller, 'ended', 4);
    expect(over.seen).toEqual(newestFirst(ended));
    expect(over.totals).toEqual([ended.length]);
    const endedPage = await admin.caller.admin.auctions({ status: 'ended', limit: 100 });
    expect(endedPage.items.every((a) => a.timeLeft === 0)).toBe(true);
    expect(endedPage.nextCursor).toBeNull();

    // Five hours on, the auctions that ended within them have moved from active to ended.
    deps.clock.advance(5 * HOUR_MS);
    const stillActive = active.filter((_, k) => activeHours[k]! > 5);
    const justEnded = active.filter((_, k) => activeHours[k]! <= 5);
    expect(justEnded.length).toBeGreaterThan(0);
    const after = await admin.caller.admin.auctions({ status: 'open', limit: 100 });
    expect(after.items.map((a) => a._id)).toEqual(newestFirst(stillActive));
    expect(after.total).toBe(stillActive.length);
    expect(after.items.every((a) => a.timeLeft > 0)).toBe(true);
    const nowEnded = await admin.caller.admin.auctions({ status: 'ended', limit: 100 });
    expect(nowEnded.items.map((a) => a._id)).toEqual(newestFirst([...ended, ...justEnded]));
  });

  test('an exact page leaves no empty page behind, and a bad cursor is BAD_REQUEST', async ({ deps }) => {
    const { admin } = await auctionsSetup(deps);
    const { pages } = await walk(admin.caller, 'all', 5);
    expect(pages).toBe(5);
    await expect(admin.caller.admin.auctions({ cursor: 'abc' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(admin.caller.admin.auctions({ status: 'sold' } as never)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
  });
});

describe('admin.messages', () => {
  test('contact messages newest first, paged by nextCursor, with the total', async ({ deps }) => {
    const admin = await adminOf(deps);
    const visitor = anonymousCaller(deps, '203.0.113.50');
    for (let i = 1; i <= 5; i += 1) {
      deps.clock.advance(MINUTE);
      await visitor.contact.send({ name: `Writer ${i}`, email: `Writer${i}@Example.com`, subject: `Subject ${i}`, message: `Body ${i}` });
    }
    const first = await admin.caller.admin.messages({ limit: 2 });
    expect(first.total).toBe(5);
    expect(first.items.map((m) => m.subject)).toEqual(['Subject 5', 'Subject 4']);
    expect(first.items[0]).toEqual({
      _id: expect.any(String),
      name: 'Writer 5',
      email: 'writer5@example.com',
      subject: 'Subject 5',
      message: 'Body 5',
      createdAt: new Date(deps.now()).toISOString(),
    });
    const second = await admin.caller.admin.messages({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((m) => m.subject)).toEqual(['Subject 3', 'Subject 2']);
    const third = await admin.caller.admin.messages({ limit: 2, cursor: second.nextCursor });
    expect(third.items.map((m) => m.subject)).toEqual(['Subject 1']);
    expect(third.nextCursor).toBeNull();
    expect((await admin.caller.admin.messages()).items).toHaveLength(5);
    // A cursor beyond any id a database can hold (newest first: everything lies after it) is read, not a 500.
    const beyond = await admin.caller.admin.messages({ cursor: '999999999999999' });
    expect([beyond.items.length, beyond.nextCursor]).toEqual([5, null]);
  });

  test('no messages: an empty page', async ({ deps }) => {
    const admin = await adminOf(deps);
    expect(await admin.caller.admin.messages()).toEqual({ items: [], total: 0, nextCursor: null });
  });
});
