// Saved searches matched against auctions as they open: the `new_match` notice to each search's owner,
// once per search and auction, naming both; words as the auction search finds them; never for one's own
// auction, a cancelled one, or one that ended before anyone looked; a scheduled auction only from its
// start. Then the real thing: two instances on one database, the running app's own tick, and the mail.
import { describe, expect, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { listAuctions } from '../../src/server/services/auctions';
import { matchSavedSearches } from '../../src/server/services/saved-searches';
import { DAY_MS, HOUR_MS, type Category } from '../../src/shared/constants';
import { insertUser, signedInUser } from '../support/accounts';
import { auctionForm, insertManyAuctions } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { get, postForm } from '../support/http';
import { mailingApp, PUBLIC_URL, startSmtp } from '../support/smtp';
import { newestNotices } from '../support/notices';

interface Listing {
  itemName: string;
  itemDescription?: string;
  category?: Category;
  startingPrice?: number;
  startsAt?: number;
  endsAt?: number;
}

/** An auction straight into the store: open from now for a week unless told. Its id. */
async function list(deps: AppDeps, sellerId: number, fields: Listing): Promise<string> {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: fields.itemName,
    itemDescription: fields.itemDescription ?? 'Nothing more to say about it.',
    itemCategory: fields.category ?? 'Other',
    startingPrice: fields.startingPrice ?? 10,
    photo: null,
    startsAt: new Date(fields.startsAt ?? now),
    endsAt: new Date(fields.endsAt ?? now + 7 * DAY_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

/** A user's new_match notices, oldest first, as `auctionId message`. */
async function matchesOf(deps: AppDeps, userId: number): Promise<string[]> {
  const notices = (await newestNotices(deps.store, userId, 10_000)).reverse();
  return notices.filter((n) => n.kind === 'new_match').map((n) => `${n.auctionId} ${n.message}`);
}

async function people(deps: TestDeps) {
  const names = ['Sally Seller', 'Ann', 'Ben', 'Cy', 'Dee', 'Eve'];
  const [seller, ann, ben, cy, dee, eve] = await Promise.all(names.map((name) => signedInUser(deps, name)));
  return { seller: seller!, ann: ann!, ben: ben!, cy: cy!, dee: dee!, eve: eve! };
}

describe('matching an auction as it opens', () => {
  test('one that starts at once is matched on the next tick: each matching search’s owner is told once, naming both', async ({ deps }) => {
    const { seller, ann, ben, cy, dee, eve } = await people(deps);
    await ann.caller.user.saveSearch({ q: 'brass lamp' });
    await ben.caller.user.saveSearch({ q: 'LAMP', category: 'Home & Garden', maxPrice: 30 });
    await cy.caller.user.saveSearch({ q: 'lamp', maxPrice: 19 }); // Below the price.
    await dee.caller.user.saveSearch({ q: 'lamp', category: 'Art' }); // Another category.
    await eve.caller.user.saveSearch({ q: 'amp' }); // Inside a word, not its start.
    await seller.caller.user.saveSearch({ q: 'lamp' }); // Their own auction.
    const publish = vi.spyOn(deps.notices, 'publish');

    const id = await list(deps, seller.id, {
      itemName: 'Brass desk light',
      itemDescription: 'A working lamp from the 1950s.',
      category: 'Home & Garden',
      startingPrice: 20,
    });
    for (const user of [ann, ben]) expect(await matchesOf(deps, user.id)).toEqual([]);

    expect(await matchSavedSearches(deps)).toEqual([ann.id, ben.id]);
    expect(publish).toHaveBeenCalledWith([ann.id, ben.id]);
    expect(await matchesOf(deps, ann.id)).toEqual([`${id} A new auction matches your saved search “brass lamp”: “Brass desk light”.`]);
    expect(await matchesOf(deps, ben.id)).toEqual([
      `${id} A new auction matches your saved search “LAMP” in Home & Garden up to $30: “Brass desk light”.`,
    ]);
    for (const user of [cy, dee, eve, seller]) expect(await matchesOf(deps, user.id)).toEqual([]);
    const [notice] = await newestNotices(deps.store, ann.id, 1);
    expect(notice).toMatchObject({ kind: 'new_match', auctionId: Number(id), createdAt: new Date(deps.now()), readAt: null });

    // Once: later ticks tell nobody again, whatever happens to the auction.
    await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 25 });
    deps.clock.advance(HOUR_MS);
    expect(await matchSavedSearches(deps)).toEqual([]);
    expect(await matchesOf(deps, ann.id)).toHaveLength(1);
    expect(await matchesOf(deps, ben.id)).toHaveLength(1);
  });

  test('a search by category or price alone matches every auction within them; two searches of one user are two notices', async ({
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    await ann.caller.user.saveSearch({ category: 'Art' });
    await ann.caller.user.saveSearch({ maxPrice: 50 });
    await ann.caller.user.saveSearch({ category: 'Books', maxPrice: 50 });
    const painting = await list(deps, seller.id, { itemName: 'Oil painting', category: 'Art', startingPrice: 50 });
    const print = await list(deps, seller.id, { itemName: 'Large print', category: 'Art', startingPrice: 51 });
    const atlas = await list(deps, seller.id, { itemName: 'Atlas', category: 'Books', startingPrice: 80 });
    await matchSavedSearches(deps);
    expect(await matchesOf(deps, ann.id)).toEqual([
      `${painting} A new auction matches your saved search in Art: “Oil painting”.`,
      `${painting} A new auction matches your saved search up to $50: “Oil painting”.`,
      `${print} A new auction matches your saved search in Art: “Large print”.`,
    ]);
    expect(atlas).toBeDefined();
  });

  test('words match as the auction search finds them: starts of words of the name or description, ignoring case and accents', async ({
    deps,
  }) => {
    const { seller, ann } = await people(deps);
    const cases: Array<[q: string, matches: boolean]> = [
      ['bic', true],
      ['BICYCLE', true],
      ['cycle', false],
      ['CAFÉ', true],
      ['cafe', true],
      ['cafetiere', true],
      ['ete', true],
      ['1968', true],
      ['vintage hardly', true],
      ['vintage zebra', false],
      ['"vint*"', true],
      ['OR', false],
      ['a bic', true],
      ['-used', true],
      ['tandem', false],
    ];
    for (const [q] of cases) await ann.caller.user.saveSearch({ q });
    const id = await list(deps, seller.id, { itemName: 'Café bicycle', itemDescription: 'Vintage cafetière, hardly used; l’été 1968.' });
    await matchSavedSearches(deps);
    const told = (await matchesOf(deps, ann.id)).map((notice) => /saved search “(.*)”:/.exec(notice)![1]);
    expect(told.sort()).toEqual(
      cases
        .filter(([, matches]) => matches)
        .map(([q]) => q)
        .sort(),
    );
    // And the database's own search agrees, word for word.
    for (const [q, matches] of cases) {
      const found = await listAuctions(deps, ann, { q, limit: 10 });
      expect(
        found.items.map((auction) => auction._id),
        q,
      ).toEqual(matches ? [id] : []);
    }
  });

  test('a scheduled auction is matched once it opens, not before', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    await ann.caller.user.saveSearch({ q: 'kite' });
    const startsAt = deps.now() + DAY_MS;
    const id = await list(deps, seller.id, { itemName: 'Red kite', startsAt, endsAt: startsAt + DAY_MS });
    expect(await matchSavedSearches(deps)).toEqual([]);
    deps.clock.set(startsAt - 1);
    expect(await matchSavedSearches(deps)).toEqual([]);
    expect(await matchesOf(deps, ann.id)).toEqual([]);
    deps.clock.set(startsAt);
    expect(await matchSavedSearches(deps)).toEqual([ann.id]);
    expect(await matchesOf(deps, ann.id)).toEqual([`${id} A new auction matches your saved search “kite”: “Red kite”.`]);
    deps.clock.advance(1000);
    expect(await matchSavedSearches(deps)).toEqual([]);
  });

  test('a cancelled auction, and one that ended before any tick saw it, tell nobody, and are looked at once', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    await ann.caller.user.saveSearch({ q: 'kite' });
    const startsAt = deps.now() + HOUR_MS;
    const cancelled = await list(deps, seller.id, { itemName: 'Cancelled kite', startsAt, endsAt: startsAt + DAY_MS });
    await deps.sql('update auctions set cancelled_at = $1 where id = $2', [new Date(deps.now()), Number(cancelled)]);
    const brief = await list(deps, seller.id, { itemName: 'Brief kite', startsAt, endsAt: startsAt + 1000 });
    // The server was down from before their start until after the short one ended.
    deps.clock.set(startsAt + 5000);
    expect(await matchSavedSearches(deps)).toEqual([]);
    expect(await matchesOf(deps, ann.id)).toEqual([]);
    const matched = await deps.sql<{ id: number; matchedAt: number | null }>(
      'select id, matched_at as "matchedAt" from auctions where id in ($1, $2) order by id',
      [Number(cancelled), Number(brief)],
    );
    expect(matched).toEqual([
      { id: Number(cancelled), matchedAt: startsAt + 5000 },
      { id: Number(brief), matchedAt: startsAt + 5000 },
    ]);
  });

  test('a search saved after the auction opened, or deleted before, is not told of it', async ({ deps }) => {
    const { seller, ann, ben } = await people(deps);
    const gone = await ann.caller.user.saveSearch({ q: 'kite' });
    await ann.caller.user.deleteSearch({ id: gone._id });
    await list(deps, seller.id, { itemName: 'Blue kite' });
    await matchSavedSearches(deps);
    await ben.caller.user.saveSearch({ q: 'kite' });
    expect(await matchSavedSearches(deps)).toEqual([]);
    expect(await matchesOf(deps, ann.id)).toEqual([]);
    expect(await matchesOf(deps, ben.id)).toEqual([]);
  });
});

describe('with no saved search at all', () => {
  test('a backlog of opened auctions is claimed in batches of one statement each, and tells nobody', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    await insertManyAuctions(deps, seller.id, 2_500);
    const unmatched = async () =>
      Number((await deps.sqlOne<{ n: number }>('select count(*) as n from auctions where matched_at is null'))!.n);
    expect(await unmatched()).toBe(2_500);
    expect(await matchSavedSearches(deps)).toEqual([]);
    expect(await unmatched()).toBe(0);
    // A search saved afterwards hears of the next auction, not of those.
    await ann.caller.user.saveSearch({ q: 'kite' });
    const kite = await list(deps, seller.id, { itemName: 'Red kite' });
    await matchSavedSearches(deps);
    expect(await matchesOf(deps, ann.id)).toEqual([expect.stringMatching(new RegExp(`^${kite} .*“Red kite”`))]);
  });
});

describe('matching with several instances, on the running app, and by mail', () => {
  test('two instances ticking at once on one database tell each search of 150 auctions (more than a batch) exactly once', async ({
    database,
  }) => {
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const [one, two] = (await Promise.all([database.open(), database.open()])).map(({ settings, ...shared }) =>
      createDeps(settings, { ...shared, now: () => clock }),
    );
    const seller = await insertUser(one!, { name: 'Sally Seller' });
    const ann = await insertUser(one!, { name: 'Ann' });
    const ben = await insertUser(one!, { name: 'Ben' });
    const criteria = { category: null, maxPrice: null, createdAt: new Date(clock) };
    await one!.store.searches.save({ ...criteria, userId: ann.id, q: 'lot' }, 20);
    await one!.store.searches.save({ ...criteria, userId: ann.id, q: 'even' }, 20);
    await one!.store.searches.save({ ...criteria, userId: ben.id, q: 'lot' }, 20);
    const startsAt = clock + HOUR_MS;
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      const itemDescription = i % 2 === 0 ? 'An even lot.' : 'An odd lot.';
      ids.push(await list(one!, seller.id, { itemName: `Lot ${i}`, itemDescription, startsAt, endsAt: startsAt + DAY_MS }));
    }
    clock = startsAt;
    // Each works through the backlog batch by batch, yielding between batches, so the two interleave.
    const told = await Promise.all([matchSavedSearches(one!), matchSavedSearches(two!)]);
    // Whom each auction told: Ann and Ben about every lot (Ann twice about even ones, named once).
    expect(told.flat()).toHaveLength(2 * 150);
    // Each search told of each auction it matches once; the two processes claimed them in whatever order.
    const auctionsIn = (notices: string[], search: string) =>
      notices
        .filter((notice) => notice.includes(search))
        .map((notice) => notice.split(' ')[0]!)
        .sort();
    const annsMatches = await matchesOf(two!, ann.id);
    expect(auctionsIn(annsMatches, '“lot”')).toEqual([...ids].sort());
    expect(auctionsIn(annsMatches, '“even”')).toEqual(ids.filter((_, i) => i % 2 === 0).sort());
    expect(auctionsIn(await matchesOf(two!, ben.id), '“lot”')).toEqual([...ids].sort());
    expect(annsMatches).toHaveLength(225);
  });

  test('two running apps on one database: an opening auction’s searches are each told once, by one of them', async ({ database }) => {
    let clock = Date.parse('2026-06-01T12:00:00Z');
    const deps = (await Promise.all([database.open(), database.open()])).map(({ settings, ...shared }) =>
      createDeps(settings, { ...shared, now: () => clock }),
    );
    const apps = await Promise.all(deps.map((one) => buildApp(one)));
    try {
      await Promise.all(apps.map((app) => app.ready()));
      const [one] = deps;
      const seller = await insertUser(one!, { name: 'Sally Seller' });
      const savers = [await insertUser(one!, { name: 'Ann' }), await insertUser(one!, { name: 'Ben' })];
      for (const saver of savers)
        await one!.store.searches.save({ userId: saver.id, q: 'clock', category: null, maxPrice: null, createdAt: new Date(clock) }, 20);
      const startsAt = clock + HOUR_MS;
      const ids: string[] = [];
      for (let i = 0; i < 40; i++)
        ids.push(await list(one!, seller.id, { itemName: `Wall clock ${i}`, startsAt, endsAt: startsAt + DAY_MS }));
      // Both apps' ticks find them due at once.
      clock = startsAt;
      for (const saver of savers) {
        await expect.poll(async () => (await matchesOf(one!, saver.id)).length, { timeout: 10_000, interval: 100 }).toBe(ids.length);
      }
      // And nothing more comes.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      for (const saver of savers)
        expect((await matchesOf(one!, saver.id)).map((notice) => notice.split(' ')[0]).sort()).toEqual(ids.sort());
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  test('the running app matches an auction created through POST /api/auction within its tick; the bell shows it', async ({ app, deps }) => {
    const { seller, ann } = await people(deps);
    await ann.caller.user.saveSearch({ q: 'desk lamp', category: 'Home & Garden' });
    const created = await postForm(app, '/api/auction', await auctionForm(deps.now()), { token: seller.token });
    expect(created.statusCode).toBe(201);
    const id = (created.json() as { newAuction: { _id: string } }).newAuction._id;
    // Nothing calls the tick here: the app's own timer does, within a second or two.
    await expect.poll(() => matchesOf(deps, ann.id), { timeout: 5000, interval: 100 }).toHaveLength(1);
    const bell = await get(app, '/api/user/notifications', { token: ann.token });
    expect(bell.json()).toMatchObject({
      unread: 1,
      notifications: [
        {
          kind: 'new_match',
          auctionId: id,
          message: 'A new auction matches your saved search “desk lamp” in Home & Garden: “Brass desk lamp”.',
          read: false,
        },
      ],
    });
  });

  test('the notice is mailed, with its subject and a link to the auction', async ({ makeDeps }) => {
    const server = await startSmtp();
    try {
      const { deps } = await mailingApp(makeDeps, server.url);
      const seller = await signedInUser(deps, 'Sally Seller');
      const ann = await signedInUser(deps, 'Ann');
      await ann.caller.user.saveSearch({ q: 'lamp', maxPrice: 40 });
      const id = await list(deps, seller.id, { itemName: 'Brass lamp', startingPrice: 35 });
      expect(await matchSavedSearches(deps)).toEqual([ann.id]);

      const [mail] = await server.waitFor(1);
      expect(mail!.to).toBe(ann.email);
      expect(mail!.subject).toBe('New for your saved search: “Brass lamp”');
      expect(mail!.text).toContain('A new auction matches your saved search “lamp” up to $40: “Brass lamp”.');
      expect(mail!.text).toContain('Price: $35');
      expect(mail!.text).toContain(`${PUBLIC_URL}/auction/${id}`);
      expect(mail!.html).toContain(`<a href="${PUBLIC_URL}/auction/${id}">`);
    } finally {
      await server.close();
    }
  });
});
