// The dashboard's counts (auction.stats, GET /api/auction/stats) come from counts the database keeps as
// auctions are written (docs/decisions/0017-counts-the-database-keeps.md). After every kind of write,
// on whichever database the project runs, they are what counting the rows answers at that moment:
// all auctions not cancelled, those open by the clock, and the caller's own with the cancelled.
import { describe, expect } from 'vitest';
import { closeDueAuctions } from '../../src/server/services/closing';
import { DAY_MS, HOUR_MS } from '../../src/shared/constants';
import { PASSWORD, signedInUser } from '../support/accounts';
import { auctionForm, insertAuction, plainDate } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { get } from '../support/http';

type Person = Awaited<ReturnType<typeof signedInUser>>;

interface Counts {
  total: number;
  active: number;
  own: number;
}

/** The counts as counting the rows finds them, at the clock's moment: what the dashboard answered before it read kept counts. */
async function countedRows(deps: TestDeps, sellerId: number): Promise<Counts> {
  const at = new Date(deps.now());
  return (await deps.sqlOne<Counts>(
    `select (select count(*) from auctions where cancelled_at is null) as total,
       (select count(*) from auctions where cancelled_at is null and starts_at <= $1 and ends_at > $1) as active,
       (select count(*) from auctions where seller_id = $2) as own`,
    [at, sellerId],
  ))!;
}

/** The viewer's dashboard counts are `expected`, and so are the rows counted one by one. */
async function expectCounts(deps: TestDeps, viewer: Person, expected: Counts) {
  const stats = await viewer.caller.auction.stats();
  expect({ total: stats.totalAuctions, active: stats.activeAuctions, own: stats.userAuctionCount }).toEqual(expected);
  expect(await countedRows(deps, viewer.id)).toEqual(expected);
}

/** An auction through the create form with a photo, as a seller lists one: open from now for `days`. */
async function listed(deps: TestDeps, seller: Person, days = 3) {
  const form = await auctionForm(deps.now(), { itemEndDate: plainDate(deps.now(), days) });
  return (await seller.caller.auction.create(form)).newAuction._id;
}

async function people(deps: TestDeps) {
  const [sally, ann] = await Promise.all(['Sally Seller', 'Ann Buyer'].map((name) => signedInUser(deps, name)));
  return { sally: sally!, ann: ann! };
}

describe('the dashboard counts', () => {
  test('follow a create, a scheduled start, a cancel, an end passing before and after the close, and a relist', async ({ deps }) => {
    const { sally, ann } = await people(deps);
    await expectCounts(deps, sally, { total: 0, active: 0, own: 0 });

    const made = await listed(deps, sally);
    await expectCounts(deps, sally, { total: 1, active: 1, own: 1 });
    await insertAuction(deps, sally.id, { startsAt: deps.now() + DAY_MS, endsAt: deps.now() + 3 * DAY_MS });
    const short = await insertAuction(deps, sally.id, { endsAt: deps.now() + HOUR_MS });
    await insertAuction(deps, ann.id);
    await expectCounts(deps, sally, { total: 4, active: 3, own: 3 });
    await expectCounts(deps, ann, { total: 4, active: 3, own: 1 });

    // A cancelled auction leaves every count but its seller's own.
    await sally.caller.auction.cancel({ id: made });
    await expectCounts(deps, sally, { total: 3, active: 2, own: 3 });

    // The short one's end passes: no longer open, before the close records it and after.
    deps.clock.advance(2 * HOUR_MS);
    await expectCounts(deps, sally, { total: 3, active: 1, own: 3 });
    expect(await closeDueAuctions(deps)).toBe(1);
    await expectCounts(deps, sally, { total: 3, active: 1, own: 3 });

    // Unsold, it is relisted: one more auction, open.
    const dates = { itemStartDate: plainDate(deps.now()), itemEndDate: plainDate(deps.now(), 5) };
    await sally.caller.auction.relist({ id: short, ...dates });
    await expectCounts(deps, sally, { total: 4, active: 2, own: 4 });

    // The scheduled one opens when its start comes.
    deps.clock.advance(DAY_MS);
    await expectCounts(deps, sally, { total: 4, active: 3, own: 4 });
  });

  test('follow Buy It Now, which ends an auction at once, also when the clock is set back before the purchase', async ({ deps }) => {
    const { sally, ann } = await people(deps);
    const bought = await insertAuction(deps, sally.id, { startingPrice: 100 });
    await deps.sql('update auctions set buy_now_price = 250 where id = $1', [Number(bought)]);
    await insertAuction(deps, sally.id);
    deps.clock.advance(DAY_MS);
    await expectCounts(deps, ann, { total: 2, active: 2, own: 0 });
    await ann.caller.auction.buy({ id: bought });
    await expectCounts(deps, ann, { total: 2, active: 1, own: 0 });
    // Closed, but by the clock its end is an hour ahead again: open, as counting the rows finds it.
    deps.clock.advance(-HOUR_MS);
    await expectCounts(deps, ann, { total: 2, active: 2, own: 0 });
  });

  test("follow an account's deletion, which cancels its listings without bids, and an administrator's cancel", async ({ deps }) => {
    const { sally, ann } = await people(deps);
    const admin = await signedInUser(deps, 'Adam Admin', { role: 'admin' });
    await insertAuction(deps, sally.id);
    await insertAuction(deps, sally.id, { startsAt: deps.now() + DAY_MS, endsAt: deps.now() + 2 * DAY_MS });
    const anns = await insertAuction(deps, ann.id);
    await insertAuction(deps, ann.id);
    await expectCounts(deps, ann, { total: 4, active: 3, own: 2 });

    await sally.caller.user.deleteAccount({ password: PASSWORD });
    await expectCounts(deps, ann, { total: 2, active: 2, own: 2 });
    // The deleted account's auctions are still theirs, cancelled.
    expect((await deps.store.auctions.counts(deps.now(), sally.id)).own).toBe(2);

    await admin.caller.admin.cancelAuction({ id: anns, reason: 'Prohibited' });
    await expectCounts(deps, ann, { total: 1, active: 1, own: 2 });
  });

  test("follow writes made behind the app's back: a cancel undone, a seller changed, rows deleted and inserted", async ({ deps }) => {
    const { sally, ann } = await people(deps);
    const [first, second] = [await insertAuction(deps, sally.id), await insertAuction(deps, sally.id)];
    await sally.caller.auction.cancel({ id: first });
    await expectCounts(deps, sally, { total: 1, active: 1, own: 2 });

    await deps.sql('update auctions set cancelled_at = null, closed_at = null where id = $1', [Number(first)]);
    await expectCounts(deps, sally, { total: 2, active: 2, own: 2 });
    // Cancelled without being closed, as a tool might.
    await deps.sql('update auctions set cancelled_at = $1 where id = $2', [new Date(deps.now()), Number(second)]);
    await expectCounts(deps, sally, { total: 1, active: 1, own: 2 });

    await deps.sql('update auctions set seller_id = $1 where id = $2', [ann.id, Number(second)]);
    await expectCounts(deps, sally, { total: 1, active: 1, own: 1 });
    await expectCounts(deps, ann, { total: 1, active: 1, own: 1 });

    await deps.sql('delete from auctions where id = $1', [Number(first)]);
    await expectCounts(deps, sally, { total: 0, active: 0, own: 0 });
    await deps.sql(
      `insert into auctions (seller_id, item_name, item_description, item_category, starting_price, current_price, starts_at, ends_at, created_at)
       values ($1, 'Tin robot', 'Wind-up.', 'Toys', 5, 5, $2, $3, $2)`,
      [sally.id, new Date(deps.now()), new Date(deps.now() + DAY_MS)],
    );
    await expectCounts(deps, sally, { total: 1, active: 1, own: 1 });
  });

  test('REST answers the same counts as tRPC', async ({ app, deps }) => {
    const { sally } = await people(deps);
    await insertAuction(deps, sally.id);
    await insertAuction(deps, sally.id, { startsAt: deps.now() - 2 * DAY_MS, endsAt: deps.now() - DAY_MS });
    const res = await get(app, '/api/auction/stats', { cookie: sally.token });
    expect(res.json()).toMatchObject({ totalAuctions: 2, activeAuctions: 1, userAuctionCount: 2 });
    await expectCounts(deps, sally, { total: 2, active: 1, own: 2 });
  });

  test('and the lists beside them are of one moment, while auctions are being listed', async ({ deps }) => {
    const { sally } = await people(deps);
    // The k-th auction is "Lot k": the newest one a dashboard lists names the counts it comes with.
    const dashboards: Array<Awaited<ReturnType<typeof sally.caller.auction.stats>>> = [];
    let listing = true;
    // Each read gives the event loop a turn, as a request over the network does: the writes of a turn
    // commit at its end (db/sqlite/group-commit.ts), so a reader that never let one end would hold them.
    const reading = (async () => {
      while (listing) {
        dashboards.push(await sally.caller.auction.stats());
        await new Promise(setImmediate);
      }
    })();
    for (let k = 1; k <= 60; k += 1) await insertAuction(deps, sally.id, { itemName: `Lot ${k}` });
    listing = false;
    await reading;
    expect(dashboards.length).toBeGreaterThan(10);
    for (const { totalAuctions, activeAuctions, userAuctionCount, latestAuctions, latestUserAuctions } of dashboards) {
      expect([totalAuctions, activeAuctions]).toEqual([userAuctionCount, userAuctionCount]);
      expect(latestUserAuctions.map((a) => a.itemName)).toEqual(latestAuctions.map((a) => a.itemName));
      expect(latestUserAuctions[0]?.itemName).toBe(userAuctionCount === 0 ? undefined : `Lot ${userAuctionCount}`);
    }
  });
});
