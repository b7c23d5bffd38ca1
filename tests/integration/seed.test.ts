import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { BID_MAX_STEP, BID_MIN_STEP, CATEGORIES } from '../../src/shared/constants';
import { DEMO_ACCOUNTS, seed, seedDemoData } from '../../src/server/seed/seed';
import { cardName } from '../../src/server/services/photos';
import { anonymousCaller, signedInUser, signedIn } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { rowsIn } from '../support/sql';

async function counts(deps: TestDeps) {
  return {
    users: await rowsIn(deps, 'users'),
    auctions: await rowsIn(deps, 'auctions'),
    bids: await rowsIn(deps, 'bids'),
    files: readdirSync(deps.settings.UPLOAD_DIR).length,
  };
}

/** Every auction as stored, times in epoch milliseconds. */
function auctionRows(deps: TestDeps) {
  return deps.sql<{
    id: number;
    sellerId: number;
    itemCategory: string;
    itemDescription: string;
    startingPrice: number;
    currentPrice: number;
    bidsCount: number;
    photo: string | null;
    /** JSON text on SQLite, already parsed on PostgreSQL. */
    morePhotos: string | string[];
    startsAt: number;
    endsAt: number;
    createdAt: number;
    matchedAt: number | Date | null;
  }>(
    `select id, seller_id as "sellerId", item_category as "itemCategory", item_description as "itemDescription",
       starting_price as "startingPrice", current_price as "currentPrice", bids_count as "bidsCount", photo,
       more_photos as "morePhotos", starts_at as "startsAt", ends_at as "endsAt", created_at as "createdAt",
       matched_at as "matchedAt"
     from auctions order by id`,
  );
}

/** Every photo of an auction row, the cover first. */
const photosOf = ({ photo, morePhotos }: { photo: string | null; morePhotos: string | string[] }) => [
  photo!,
  ...(typeof morePhotos === 'string' ? (JSON.parse(morePhotos) as string[]) : morePhotos),
];

describe('demo data in an empty database', () => {
  // Seeded once, then only read: every test here looks at the same demo data.
  let deps: TestDeps;
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;

  test.beforeAll(async ({ sharedDeps }) => {
    deps = sharedDeps;
    seeded = await seedDemoData(deps);
    // Rendering the pictures the first time takes a few seconds on a slow machine.
  }, 60_000);

  test('reports the auctions and the accounts to print', async () => {
    expect(seeded).not.toBeNull();
    expect(seeded!.auctions).toBe(await rowsIn(deps, 'auctions'));
    expect(seeded!.accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    expect(seeded!.accounts.filter((a) => a.role === 'admin')).toHaveLength(1);
    for (const account of seeded!.accounts) expect(account.password.length).toBeGreaterThanOrEqual(8);
  });

  test('the demo accounts have confirmed addresses, so their notices are mailed as a real account’s are', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const row = await deps.store.users.byEmail(account.email);
      expect(row?.emailVerifiedAt, account.email).toEqual(row?.createdAt);
    }
  });

  test('lists 12 or more auctions over 8 or more categories, some ended and some live', async () => {
    const rows = await auctionRows(deps);
    const now = deps.now();
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(CATEGORIES).toContain(row.itemCategory);
    expect(new Set(rows.map((r) => r.itemCategory)).size).toBeGreaterThanOrEqual(8);
    expect(rows.filter((r) => r.endsAt <= now).length).toBeGreaterThanOrEqual(3);
    const live = rows.filter((r) => r.startsAt <= now && now < r.endsAt);
    expect(live.length).toBeGreaterThanOrEqual(3);
    for (const row of live) {
      const left = row.endsAt - now;
      expect(left).toBeGreaterThanOrEqual(2 * 24 * 3600_000);
      expect(left).toBeLessThanOrEqual(14 * 24 * 3600_000);
    }
    for (const row of rows) {
      expect(row.endsAt).toBeGreaterThan(row.startsAt);
      expect(row.createdAt).toBeLessThanOrEqual(now);
      expect(row.itemDescription.length).toBeGreaterThan(60);
    }
    // Sellers are spread over the demo users.
    expect(new Set(rows.map((r) => r.sellerId)).size).toBeGreaterThanOrEqual(4);
    expect(rows.some((r) => r.bidsCount > 0)).toBe(true);
    expect(rows.some((r) => r.bidsCount === 0)).toBe(true);
  });

  test('gives every auction real JPEG photos, each with its card copy, several on most', async () => {
    const rows = await auctionRows(deps);
    const photos = rows.flatMap(photosOf);
    for (const photo of photos) {
      expect(photo).toMatch(/\.jpg$/);
      const bytes = readFileSync(join(deps.settings.UPLOAD_DIR, photo));
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 900 });
      const card = join(deps.settings.UPLOAD_DIR, cardName(photo));
      expect(existsSync(card)).toBe(true);
      expect((await sharp(card).metadata()).format).toBe('webp');
    }
    expect(rows.filter((row) => photosOf(row).length >= 3).length).toBeGreaterThanOrEqual(4);
    // The views of one auction are different pictures.
    const several = photosOf(rows.find((row) => photosOf(row).length >= 3)!);
    expect(new Set(several.map((photo) => readFileSync(join(deps.settings.UPLOAD_DIR, photo)).toString('base64'))).size).toBe(
      several.length,
    );
    // Nothing else was left behind.
    expect(readdirSync(deps.settings.UPLOAD_DIR)).toHaveLength(photos.length * 2);
  });

  test('shows every condition, reserves met and not, Buy It Now prices, pickup and shipping', async () => {
    // A visitor who sells nothing, as the list shows the auctions to anyone.
    const { caller } = await signedInUser(deps, 'Visitor', { email: 'visitor@example.test' });
    const { items: seen } = await caller.auction.list({ limit: 100, status: 'all' });
    expect(new Set(seen.map((a) => a.itemCondition))).toEqual(new Set(['new', 'like_new', 'good', 'fair', 'for_parts']));
    expect(seen.some((a) => a.reserveMet === true)).toBe(true);
    expect(seen.some((a) => a.reserveMet === false && a.status === 'open')).toBe(true);
    expect(seen.some((a) => a.buyNowAvailable)).toBe(true);
    expect(seen.some((a) => a.shippingCost === null)).toBe(true);
    expect(seen.some((a) => a.shippingCost !== null && a.shippingCost > 0)).toBe(true);
    for (const a of seen) expect(a.itemLocation).toEqual(expect.any(String));
    // Demo auctions already open are no news to a saved search; the scheduled one is matched when it opens.
    const rows = await auctionRows(deps);
    for (const row of rows) expect(row.matchedAt !== null, `auction ${row.id}`).toBe(Number(row.startsAt) <= deps.now());
    // Nobody but the seller reads a reserve's number.
    for (const a of seen) expect(a).not.toHaveProperty('reservePrice');
  });

  test('keeps the bid invariants on every auction', async () => {
    const now = deps.now();
    const all = await auctionRows(deps);
    const joined = new Map(
      (await deps.sql<{ id: number; createdAt: number }>('select id, created_at as "createdAt" from users')).map((u) => [
        u.id,
        u.createdAt,
      ]),
    );
    const bids = await deps.sql<{ auctionId: number; bidderId: number; amount: number; createdAt: number }>(
      'select auction_id as "auctionId", bidder_id as "bidderId", amount, created_at as "createdAt" from bids order by id',
    );
    let total = 0;
    for (const auction of all) {
      const list = bids.filter((b) => b.auctionId === auction.id);
      total += list.length;
      expect(auction.bidsCount).toBe(list.length);
      expect(auction.currentPrice).toBe(list.at(-1)?.amount ?? auction.startingPrice);
      let price = auction.startingPrice;
      let time = auction.startsAt;
      for (const bid of list) {
        const step = bid.amount - price;
        expect(step).toBeGreaterThanOrEqual(BID_MIN_STEP);
        expect(step).toBeLessThanOrEqual(BID_MAX_STEP);
        expect(bid.bidderId).not.toBe(auction.sellerId);
        const at = bid.createdAt;
        expect(at).toBeGreaterThanOrEqual(time);
        expect(at).toBeLessThan(auction.endsAt);
        expect(at).toBeLessThanOrEqual(now);
        expect(at).toBeGreaterThanOrEqual(joined.get(bid.bidderId)!);
        price = bid.amount;
        time = at;
      }
      if (auction.startsAt > now) expect(list).toHaveLength(0);
    }
    expect(total).toBeGreaterThan(0);
  });

  test('fills the pages after the hammer: an order in each state, conversations and feedback, dated after each end', async () => {
    const orders = await deps.sql<{ status: string; auctionId: number; createdAt: number; paidAt: number | null }>(
      'select status, auction_id as "auctionId", created_at as "createdAt", paid_at as "paidAt" from orders order by id',
    );
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['awaiting_payment', 'paid', 'shipped', 'received', 'cancelled']));
    // Each order was made at its auction's end, not when the demo was loaded.
    const endOf = new Map((await auctionRows(deps)).map((a) => [a.id, Number(a.endsAt)]));
    for (const order of orders) {
      expect(Number(order.createdAt) - endOf.get(order.auctionId)!).toBeLessThan(60_000);
      if (order.paidAt !== null) expect(Number(order.paidAt)).toBeGreaterThan(Number(order.createdAt));
    }
    // The received one was rated by both sides; the seller's profile shows it.
    const { caller } = await signedInUser(deps, 'Reader', { email: 'reader@example.test' });
    const sofia = (await deps.store.users.byEmail('sofia@demo.test'))!;
    const profile = await caller.users.profile({ id: String(sofia.id) });
    expect(profile.recentFeedback).toEqual([expect.objectContaining({ rating: 'positive', role: 'buyer' })]);
    expect(await rowsIn(deps, 'feedback')).toBe(2);
    // A question answered before the end, and talk after it; the cancelled buyer has a strike.
    expect(await rowsIn(deps, 'messages')).toBeGreaterThanOrEqual(5);
    const struck = await deps.sql<{ n: number }>('select count(*) as n from users where unpaid_strikes > 0');
    expect(Number(struck[0]!.n)).toBe(1);
  });

  test('lets every demo account log in, with its role', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { user } = await signedIn(anonymousCaller(deps).auth.login({ email: account.email, password: account.password }));
      expect(user).toMatchObject({ email: account.email, name: account.name, role: account.role });
    }
  });

  // Last here, since it seeds the demo data a second time (a minute on).
  test('adds nothing the second time', async () => {
    // The tests above signed up readers of their own besides the demo accounts.
    const before = await counts(deps);
    expect(before.auctions).toBe(seeded!.auctions);

    deps.clock.advance(60_000);
    expect(await seed(deps)).toEqual({ users: 0, auctions: 0, bids: 0 });
    expect(await counts(deps)).toEqual(before);
  });
});

describe('seeding again', () => {
  test('fills in what is missing and leaves what exists alone', async ({ deps }) => {
    // Someone already holds one of the demo emails, with a password of their own.
    await anonymousCaller(deps).auth.signup({ name: 'Maya T.', email: 'maya@demo.test', password: 'her own password' });
    const added = await seed(deps);
    expect(added.users).toBe(DEMO_ACCOUNTS.length - 1);
    const { user } = await signedIn(anonymousCaller(deps).auth.login({ email: 'maya@demo.test', password: 'her own password' }));
    expect(user.name).toBe('Maya T.');
    expect((await auctionRows(deps)).filter((a) => String(a.sellerId) === user._id).length).toBeGreaterThan(0);

    // One auction removed: the next run puts back that one only.
    const victim = (await auctionRows(deps))[0]!;
    await deps.sql('delete from auctions where id = $1', [victim.id]);
    const again = await seed(deps);
    expect(again).toEqual({ users: 0, auctions: 1, bids: victim.bidsCount });
  });

  test('seedDemoData does nothing on a database with users', async ({ deps }) => {
    await anonymousCaller(deps).auth.signup({ name: 'First User', email: 'first@example.com', password: 'long enough' });
    expect(await seedDemoData(deps)).toBeNull();
    expect(await counts(deps)).toEqual({ users: 1, auctions: 0, bids: 0, files: 0 });
  });
});

describe('npm run seed (the real command line)', () => {
  test('adds the demo data once, says where, and exits', { timeout: 90_000 }, ({ database }) => {
    const run = () => {
      const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/seed/seed-cli.ts'], {
        cwd: process.cwd(),
        env: { ...process.env, DATABASE_URL: '', ...database.location, NODE_ENV: 'test' },
        encoding: 'utf8',
        // A command that keeps a connection open after its work never exits: that is a failure too.
        timeout: 60_000,
      });
      return { status: result.status, output: `${result.stdout}${result.stderr}`.trim() };
    };
    const first = run();
    expect(first.status).toBe(0);
    expect(first.output).toMatch(/^Added \d+ users, \d+ auctions, \d+ bids to \S+$/);
    expect(run()).toEqual({ status: 0, output: expect.stringMatching(/^Demo data already present in \S+: nothing added$/) });
  });
});
