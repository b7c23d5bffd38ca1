// The end of an auction: once its (possibly extended) end has passed, the close records the outcome
// exactly once, with `won` to the winner (the highest maximum) and `sold` to the seller naming winner
// and price, or `unsold` when nobody bid; answers show `status: 'ended'` and the winner. Then the real
// thing: two closers in two OS processes over one database, and the lifecycle timer of a running app.
import { describe, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { NotificationRecord } from '../../src/server/db/records';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { placeBid } from '../../src/server/services/bids';
import { closeDueAuctions } from '../../src/server/services/closing';
import { DAY_MS, HOUR_MS } from '../../src/shared/constants';
import { insertUser, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { spawnCloser, type CloserProcess } from '../support/closer-process';
import { listen, test, type TestDeps } from '../support/fixtures';
import { get } from '../support/http';
import { newestNotices } from '../support/notices';

const OUTCOME_KINDS = ['won', 'sold', 'unsold'];

/** A user's notices, oldest first. */
async function noticesOf(deps: AppDeps, userId: number): Promise<NotificationRecord[]> {
  return (await newestNotices(deps.store, userId, 10_000)).reverse();
}

/** A user's notices about outcomes (won, sold, unsold), as `kind auctionId`. */
async function outcomesOf(deps: AppDeps, userId: number): Promise<string[]> {
  return (await noticesOf(deps, userId)).filter((n) => OUTCOME_KINDS.includes(n.kind)).map((n) => `${n.kind} ${n.auctionId}`);
}

async function people(deps: TestDeps) {
  const [seller, ann, ben, cy] = await Promise.all(
    ['Sally Seller', 'Ann Bidder', 'Ben Bidder', 'Cy Bidder'].map((name) => signedInUser(deps, name)),
  );
  return { seller: seller!, ann: ann!, ben: ben!, cy: cy! };
}

describe('closeDueAuctions', () => {
  test('records won and sold once, to the bidder with the highest maximum and to the seller naming winner and price', async ({ deps }) => {
    const { seller, ann, ben, cy } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await insertAuction(deps, seller.id, { itemName: 'Pocket watch', startingPrice: 100, endsAt });
    await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 101, maxBid: 150 });
    await ben.caller.auction.placeBid({ auctionId: id, bidAmount: 105 });
    await ben.caller.auction.placeBid({ auctionId: id, bidAmount: 110, maxBid: 200 });
    // Cy places the last bid by hand, but Ben's maximum answers it: Ben leads at 181.
    const last = await cy.caller.auction.placeBid({ auctionId: id, bidAmount: 155, maxBid: 180 });
    expect(last).toMatchObject({ leading: false, auction: { currentPrice: 181 } });

    deps.clock.set(endsAt - 1);
    expect(await closeDueAuctions(deps)).toBe(0);
    for (const user of [seller, ann, ben, cy]) expect(await outcomesOf(deps, user.id)).toEqual([]);
    expect(await ben.caller.auction.byId({ id })).toMatchObject({ status: 'open', winner: null });

    deps.clock.set(endsAt);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await outcomesOf(deps, ben.id)).toEqual([`won ${id}`]);
    expect(await outcomesOf(deps, seller.id)).toEqual([`sold ${id}`]);
    expect(await outcomesOf(deps, ann.id)).toEqual([]);
    expect(await outcomesOf(deps, cy.id)).toEqual([]);
    const won = (await noticesOf(deps, ben.id)).find((n) => n.kind === 'won')!;
    expect(won.message).toMatch(/Pocket watch/);
    expect(won.message).toMatch(/\$181\b/);
    expect(won.createdAt.getTime()).toBe(endsAt);
    const sold = (await noticesOf(deps, seller.id)).find((n) => n.kind === 'sold')!;
    expect(sold.message).toMatch(/Pocket watch/);
    expect(sold.message).toMatch(/Ben Bidder/);
    expect(sold.message).toMatch(/\$181\b/);
    expect((await deps.store.auctions.byId(Number(id)))!.closedAt?.getTime()).toBe(endsAt);

    // Again, and later: nothing more for anyone.
    const before = await Promise.all([seller, ann, ben, cy].map((user) => noticesOf(deps, user.id)));
    expect(await closeDueAuctions(deps)).toBe(0);
    deps.clock.advance(HOUR_MS);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await Promise.all([seller, ann, ben, cy].map((user) => noticesOf(deps, user.id)))).toEqual(before);

    for (const viewer of [seller, ann, cy]) {
      expect(await viewer.caller.auction.byId({ id })).toMatchObject({
        status: 'ended',
        timeLeft: 0,
        currentPrice: 181,
        winner: { _id: ben._id, name: 'Ben Bidder' },
      });
    }
  });

  test('an auction without bids is unsold; auctions not yet ended, and scheduled ones, are left alone', async ({ deps }) => {
    const { seller, ann } = await people(deps);
    const now = deps.now();
    const quiet = await insertAuction(deps, seller.id, { itemName: 'Nobody wants it', endsAt: now + HOUR_MS });
    const later = await insertAuction(deps, seller.id, { itemName: 'Ends later', endsAt: now + 2 * HOUR_MS });
    await ann.caller.auction.placeBid({ auctionId: later, bidAmount: 11 });
    const scheduled = await insertAuction(deps, seller.id, { itemName: 'Not yet', startsAt: now + 3 * HOUR_MS, endsAt: now + DAY_MS });

    deps.clock.set(now + HOUR_MS);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await outcomesOf(deps, seller.id)).toEqual([`unsold ${quiet}`]);
    const unsold = (await noticesOf(deps, seller.id)).find((n) => n.kind === 'unsold')!;
    expect(unsold.message).toMatch(/Nobody wants it/);
    expect(unsold.message).toMatch(/without bids/);
    expect(await outcomesOf(deps, ann.id)).toEqual([]);
    expect(await seller.caller.auction.byId({ id: quiet })).toMatchObject({ status: 'ended', winner: null, bidsCount: 0 });
    expect(await seller.caller.auction.byId({ id: later })).toMatchObject({ status: 'open', winner: null });
    expect(await seller.caller.auction.byId({ id: scheduled })).toMatchObject({ status: 'scheduled', winner: null });
    expect((await deps.store.auctions.byId(Number(later)))!.closedAt).toBeNull();
    expect((await deps.store.auctions.byId(Number(scheduled)))!.closedAt).toBeNull();

    deps.clock.set(now + 2 * HOUR_MS);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await outcomesOf(deps, ann.id)).toEqual([`won ${later}`]);
    expect(await outcomesOf(deps, seller.id)).toEqual([`unsold ${quiet}`, `sold ${later}`]);
    expect(await ann.caller.auction.byId({ id: later })).toMatchObject({ status: 'ended', winner: { _id: ann._id, name: 'Ann Bidder' } });
  });

  test('an auction whose end a late bid moved is not closed until the new end', async ({ makeDeps }) => {
    const deps = await makeDeps({ SOFT_CLOSE_SECONDS: 120 });
    const { seller, ann, ben } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await insertAuction(deps, seller.id, { itemName: 'Late bids', startingPrice: 100, endsAt });

    deps.clock.set(endsAt - 30_000);
    const first = await ann.caller.auction.placeBid({ auctionId: id, bidAmount: 101 });
    const movedTo = endsAt - 30_000 + 120_000;
    expect(first.auction.itemEndDate).toBe(new Date(movedTo).toISOString());

    deps.clock.set(endsAt);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await ann.caller.auction.byId({ id })).toMatchObject({ status: 'open', winner: null, timeLeft: movedTo - endsAt });

    // Another late bid moves it again.
    deps.clock.set(movedTo - 10_000);
    await ben.caller.auction.placeBid({ auctionId: id, bidAmount: 102, maxBid: 300 });
    const movedAgain = movedTo - 10_000 + 120_000;
    // The leader raising a maximum alone does not extend.
    deps.clock.set(movedAgain - 5_000);
    const raised = await ben.caller.auction.placeBid({ auctionId: id, maxBid: 400 });
    expect(raised.auction.itemEndDate).toBe(new Date(movedAgain).toISOString());

    deps.clock.set(movedTo);
    expect(await closeDueAuctions(deps)).toBe(0);
    deps.clock.set(movedAgain - 1);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await outcomesOf(deps, seller.id)).toEqual([]);

    deps.clock.set(movedAgain);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await outcomesOf(deps, ben.id)).toEqual([`won ${id}`]);
    expect(await outcomesOf(deps, seller.id)).toEqual([`sold ${id}`]);
    const sold = (await noticesOf(deps, seller.id)).find((n) => n.kind === 'sold')!;
    expect(sold.message).toMatch(/Ben Bidder.*\$102\b/);
    expect(await ann.caller.auction.byId({ id })).toMatchObject({
      status: 'ended',
      itemEndDate: new Date(movedAgain).toISOString(),
      winner: { _id: ben._id, name: 'Ben Bidder' },
    });
  });

  test('a backlog larger than one batch is closed in full, each auction once', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const endsAt = deps.now() + HOUR_MS;
    const ids = [];
    for (let i = 0; i < 250; i++) ids.push(await insertAuction(deps, seller.id, { itemName: `Lot ${i}`, endsAt: endsAt + (i % 5) }));
    deps.clock.set(endsAt + DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(250);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect((await outcomesOf(deps, seller.id)).sort()).toEqual(ids.map((id) => `unsold ${id}`).sort());
  });
});

describe('auction answers after the end', () => {
  test('REST shows status ended and the winner, or null without bids; before the end, open with no winner', async ({ app, deps }) => {
    const { seller, ann, ben } = await people(deps);
    const endsAt = deps.now() + HOUR_MS;
    const sold = await insertAuction(deps, seller.id, { itemName: 'Sold lot', startingPrice: 100, endsAt });
    const unsold = await insertAuction(deps, seller.id, { itemName: 'Unsold lot', endsAt });
    await ben.caller.auction.placeBid({ auctionId: sold, bidAmount: 101, maxBid: 500 });
    await ann.caller.auction.placeBid({ auctionId: sold, bidAmount: 110 });

    const before = get(app, `/api/auction/${sold}`, { cookie: ann.token });
    expect((await before).json()).toMatchObject({ status: 'open', winner: null });

    deps.clock.set(endsAt);
    await closeDueAuctions(deps);
    const detail = (await get(app, `/api/auction/${sold}`, { cookie: ann.token })).json();
    expect(detail).toMatchObject({ status: 'ended', timeLeft: 0, currentPrice: 111, winner: { _id: ben._id, name: 'Ben Bidder' } });
    expect(Object.keys(detail.winner).sort()).toEqual(['_id', 'name']);
    expect((await get(app, `/api/auction/${unsold}`, { cookie: ann.token })).json()).toMatchObject({ status: 'ended', winner: null });
    const list = (await get(app, '/api/auction', { cookie: seller.token })).json() as Array<{ _id: string; winner: unknown }>;
    expect(list.find((a) => a._id === sold)?.winner).toEqual({ _id: ben._id, name: 'Ben Bidder' });
    expect(list.find((a) => a._id === unsold)?.winner).toBeNull();
    expect((await get(app, `/api/api/auction/${sold}`, { cookie: seller.token })).json().auction).toMatchObject({
      status: 'ended',
      winner: { _id: ben._id, name: 'Ben Bidder' },
    });
  });
});

describe('the close with several processes', () => {
  test('two closers in two OS processes over one database close each of 200 auctions ending at once exactly once', async ({ database }) => {
    const AUCTIONS = 200;
    const { settings, ...shared } = await database.open();
    const { store } = shared;
    // The bids are placed an hour before the end (by this clock), so none of them moves it.
    let clock = Date.now();
    const deps = createDeps(settings, { ...shared, now: () => clock });
    const closers: CloserProcess[] = [];
    try {
      const seller = await insertUser(deps, { name: 'Sally Seller' });
      const bidders = [];
      for (let i = 0; i < 4; i++) bidders.push(await insertUser(deps, { name: `Bidder ${i}` }));
      closers.push(spawnCloser(database.location), spawnCloser(database.location));
      await Promise.all(closers.map((closer) => closer.ready));

      // Both closers are now looping; every auction ends at this one instant, late enough for 200
      // auctions and their bids to be in first on a busy machine (other test files, browsers among
      // them, run beside this one).
      const endsAt = Date.now() + 12_000;
      clock = endsAt - HOUR_MS;
      const winners = new Map<string, { id: number; name: string }>();
      const ids: string[] = [];
      for (let i = 0; i < AUCTIONS; i++) {
        const id = await insertAuction(deps, seller.id, { itemName: `Lot ${i}`, startingPrice: 100, endsAt });
        ids.push(id);
        if (i % 3 === 0) continue;
        const winner = bidders[i % 4]!;
        const other = bidders[(i + 1) % 4]!;
        await placeBid(deps, winner, { auctionId: id, bidAmount: 101, maxBid: 150 + i });
        await placeBid(deps, other, { auctionId: id, bidAmount: 110 });
        winners.set(id, winner);
      }
      // Otherwise some auctions were due, or closed, before their bids: this machine is too slow for the test.
      expect(Date.now(), 'the auctions and bids were in before the end').toBeLessThan(endsAt);

      const closedCount = async () =>
        (await Promise.all(ids.map((id) => store.auctions.byId(Number(id))))).filter((a) => a?.closedAt).length;
      await expect.poll(closedCount, { timeout: 20_000, interval: 100 }).toBe(AUCTIONS);
      const [first, second] = await Promise.all(closers.map((closer) => closer.stop()));
      expect(first! + second!, `closed by the first process ${first}, by the second ${second}`).toBe(AUCTIONS);

      clock = Date.now();
      expect(await closeDueAuctions(deps)).toBe(0);
      for (const id of ids) {
        const auction = (await store.auctions.byId(Number(id)))!;
        expect(auction.closedAt!.getTime()).toBeGreaterThanOrEqual(endsAt);
      }

      // Exactly one set of notices per auction: sold or unsold to the seller, won to its winner only.
      const sellerNotices = (await noticesOf(deps, seller.id)).filter((n) => OUTCOME_KINDS.includes(n.kind));
      expect(sellerNotices.map((n) => `${n.kind} ${n.auctionId}`).sort()).toEqual(
        ids.map((id) => `${winners.has(id) ? 'sold' : 'unsold'} ${id}`).sort(),
      );
      for (const notice of sellerNotices) {
        const winner = winners.get(String(notice.auctionId));
        if (winner) expect(notice.message).toContain(`sold to ${winner.name} for $111`);
      }
      for (const bidder of bidders) {
        expect((await outcomesOf(deps, bidder.id)).sort()).toEqual(
          ids
            .filter((id) => winners.get(id)?.id === bidder.id)
            .map((id) => `won ${id}`)
            .sort(),
        );
      }
    } finally {
      for (const closer of closers) closer.kill();
    }
  }, 90_000);

  test('a running app closes an auction within 5 s of its end, on the real clock', async ({ database }) => {
    const { settings, ...shared } = await database.open({ SOFT_CLOSE_SECONDS: 0 });
    const { store } = shared;
    // The real clock, as in production; no soft close, so the bid just before the end does not move it.
    const deps = createDeps(settings, shared);
    const app = await buildApp(deps);
    try {
      const { baseUrl } = await listen(app);
      const seller = await signedInUser(deps, 'Sally Seller');
      const bidder = await signedInUser(deps, 'Ben Bidder');
      const endsAt = Date.now() + 1_500;
      const sold = await insertAuction(deps, seller.id, { itemName: 'Sold lot', startingPrice: 100, endsAt });
      const unsold = await insertAuction(deps, seller.id, { itemName: 'Unsold lot', endsAt });
      await bidder.caller.auction.placeBid({ auctionId: sold, bidAmount: 101 });

      await expect
        .poll(async () => (await outcomesOf(deps, seller.id)).sort(), { timeout: 8_000, interval: 100 })
        .toEqual([`sold ${sold}`, `unsold ${unsold}`].sort());
      expect(await outcomesOf(deps, bidder.id)).toEqual([`won ${sold}`]);
      for (const id of [sold, unsold]) {
        const closedAt = (await store.auctions.byId(Number(id)))!.closedAt!.getTime();
        expect(closedAt).toBeGreaterThanOrEqual(endsAt);
        expect(closedAt - endsAt).toBeLessThan(5_000);
      }
      const res = await fetch(`${baseUrl}/api/auction/${sold}`, { headers: { authorization: `Bearer ${seller.token}` } });
      expect(await res.json()).toMatchObject({ status: 'ended', winner: { _id: bidder._id, name: 'Ben Bidder' } });
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  });
});
