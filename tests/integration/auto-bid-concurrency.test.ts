// Automatic bids under concurrency, over real HTTP: many bidders with distinct maxima all bid at once
// (POST /api/auction/:id {bidAmount, maxBid}), each retrying from the price it reads after a 400 or
// 409 until a bid is accepted or the price is past its maximum. Then: no lost or duplicate bid, prices
// in the history never go down, the leader is the highest maximum at the price the rule gives, and
// after the end the close names that bidder the winner.
import { describe, expect } from 'vitest';
import { seededRandom } from '../../src/server/seed/seeded-random';
import type { BidRecord } from '../../src/server/db/records';
import { formatDollars } from '../../src/shared/bids';
import { closeDueAuctions } from '../../src/server/services/closing';
import { BID_MAX_STEP, BID_MIN_STEP, HOUR_MS } from '../../src/shared/constants';
import { signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';
import { newestNotices } from '../support/notices';

const BIDDERS = 30;
const STARTING = 100;
/** A bidder that has not got a bid in after this many tries is stuck: the test fails rather than spin. */
const MAX_TRIES = 200;

type Person = Awaited<ReturnType<typeof signedInUser>>;

interface AuctionAnswer {
  _id: string;
  currentPrice: number;
  bidsCount: number;
  itemEndDate: string;
  status: string;
  myMaxBid: number | null;
  winner: { _id: string; name: string } | null;
  bids: Array<{ _id: string; bidder: { _id: string }; bidAmount: number; auto: boolean }>;
}

interface Accepted {
  bidder: Person;
  max: number;
  bidAmount: number;
  body: { message: string; leading: boolean; auction: AuctionAnswer };
}

const headers = (token: string) => ({ cookie: sessionCookieHeader(token), 'content-type': 'application/json' });

async function readAuction(base: string, token: string, auctionId: string): Promise<AuctionAnswer> {
  const res = await fetch(`${base}/api/auction/${auctionId}`, { headers: { cookie: sessionCookieHeader(token) } });
  expect(res.status).toBe(200);
  return (await res.json()) as AuctionAnswer;
}

/**
 * One bidder: bids from the price it read, up to its maximum, with that maximum; after a 400 or 409
 * reads the price again and retries, until a bid is accepted (its maximum then stands) or the price
 * has reached its maximum. Returns the accepted answer, if any.
 */
async function bidder(base: string, auctionId: string, who: Person, max: number, random: () => number): Promise<Accepted | null> {
  let price = (await readAuction(base, who.token, auctionId)).currentPrice;
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    if (price + BID_MIN_STEP > max) return null;
    const bidAmount = Math.min(max, price + BID_MIN_STEP + Math.floor(random() * BID_MAX_STEP));
    const res = await fetch(`${base}/api/auction/${auctionId}`, {
      method: 'POST',
      headers: headers(who.token),
      body: JSON.stringify({ bidAmount, maxBid: max }),
    });
    const body = (await res.json()) as Accepted['body'] & { error?: string };
    if (res.status === 201) return { bidder: who, max, bidAmount, body };
    expect([400, 409], JSON.stringify(body)).toContain(res.status);
    expect(body.error).toMatch(/current price is \$[\d,]+/);
    price = (await readAuction(base, who.token, auctionId)).currentPrice;
  }
  throw new Error(`${who.name} got no bid in after ${MAX_TRIES} tries`);
}

/** Distinct random maxima above the starting price, one per bidder, at most `spread` above it. */
function distinctMaxima(random: () => number, count: number, spread: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(STARTING + 1 + Math.floor(random() * spread));
  return [...chosen];
}

/** The history of one auction, oldest first, read from the store (with each bid's number). */
async function historyOf(deps: TestDeps, auctionId: string): Promise<BidRecord[]> {
  return deps.store.bids.since(0, [Number(auctionId)], 100_000);
}

async function contest(
  base: string,
  deps: TestDeps,
  seller: Person,
  bidders: Person[],
  { seed, spread }: { seed: number; spread: number },
) {
  const random = seededRandom(seed);
  // Ends in an hour: no bid comes near enough to the end to move it.
  const auctionId = await insertAuction(deps, seller.id, {
    itemName: `Contested ${seed}`,
    startingPrice: STARTING,
    endsAt: deps.now() + HOUR_MS,
  });
  const maxima = distinctMaxima(random, bidders.length, spread);
  const outcomes = await Promise.all(bidders.map((who, i) => bidder(base, auctionId, who, maxima[i]!, seededRandom(seed * 100 + i))));
  return { auctionId, maxima, accepted: outcomes.filter((o): o is Accepted => o !== null) };
}

/** Checks one contest: the history, the leader, the price, each bidder's standing maximum, the answers. */
async function checkContest(
  base: string,
  deps: TestDeps,
  seller: Person,
  bidders: Person[],
  { auctionId, maxima, accepted }: Awaited<ReturnType<typeof contest>>,
) {
  const history = await historyOf(deps, auctionId);
  const auction = (await deps.store.auctions.byId(Number(auctionId)))!;
  const detail = await readAuction(base, seller.token, auctionId);

  // No lost or duplicate bid: the count is the history's length, numbered 1..n, and the bids placed
  // by hand are exactly the accepted answers.
  expect(auction.bidsCount).toBe(history.length);
  expect(detail.bidsCount).toBe(history.length);
  expect(history.map((b) => b.seq)).toEqual(history.map((_, i) => i + 1));
  expect(new Set(history.map((b) => b.id)).size).toBe(history.length);
  const placed = history.filter((b) => !b.auto);
  expect(placed.map((b) => `${b.bidderId}:${b.amount}`).sort()).toEqual(accepted.map((a) => `${a.bidder.id}:${a.bidAmount}`).sort());
  for (const a of accepted) {
    // The answer lists the bids it added, newest first: the placed bid last.
    const own = a.body.auction.bids.at(-1)!;
    expect(own).toMatchObject({ bidder: { _id: a.bidder._id }, bidAmount: a.bidAmount, auto: false });
    expect(history.find((b) => b.id === Number(own._id))).toMatchObject({ bidderId: a.bidder.id, amount: a.bidAmount, auto: false });
  }
  expect(history.some((b) => b.bidderId === seller.id)).toBe(false);
  // The detail read lists the same bids, newest first.
  expect(detail.bids.map((b) => Number(b._id))).toEqual(history.map((b) => b.id).reverse());

  // Prices never go down: each placed bid within the bounds of the price before it, each automatic
  // bid right after a placed one and at least its amount; only those may repeat an amount.
  let price = STARTING;
  history.forEach((b, i) => {
    const before = history[i - 1];
    if (b.auto) {
      expect(before && !before.auto, `bid ${b.seq} is automatic without a placed bid before it`).toBe(true);
      expect(b.amount).toBeGreaterThanOrEqual(before!.amount);
    } else {
      expect(b.amount).toBeGreaterThanOrEqual(price + BID_MIN_STEP);
      expect(b.amount).toBeLessThanOrEqual(price + BID_MAX_STEP);
    }
    price = b.amount;
  });

  // The leader is the bidder with the highest maximum, at the price the rule gives.
  const maxOf = new Map(bidders.map((who, i) => [who.id, maxima[i]!]));
  const top = bidders[maxima.indexOf(Math.max(...maxima))]!;
  const m1 = maxOf.get(top.id)!;
  expect(accepted.map((a) => a.bidder.id)).toContain(top.id);
  expect(auction.leaderId).toBe(top.id);
  expect(history.at(-1)!.bidderId).toBe(top.id);
  expect(auction.currentPrice).toBe(history.at(-1)!.amount);
  expect(detail.currentPrice).toBe(auction.currentPrice);
  expect(auction.currentPrice).toBeLessThanOrEqual(m1);
  // Every other maximum sent with an accepted bid stands; the highest of them is M2.
  const m2 = Math.max(...accepted.filter((a) => a.bidder.id !== top.id).map((a) => a.max));
  const lastPlaced = placed.at(-1)!.amount;
  expect(auction.currentPrice).toBe(Math.max(lastPlaced, Math.min(m1, m2 + 1)));
  // Nobody else could have gone on: the price is at or past every other bidder's maximum.
  for (const [id, max] of maxOf) if (id !== top.id) expect(auction.currentPrice).toBeGreaterThanOrEqual(max);

  // Each bidder's standing maximum is the one it sent with its accepted bid, and only it sees it.
  for (const who of bidders) {
    const standing = (await deps.store.auctions.viewedBy(Number(auctionId), who.id))!.viewerMax ?? undefined;
    const mine = accepted.find((a) => a.bidder.id === who.id);
    expect(standing).toBe(mine ? mine.max : undefined);
  }
  expect((await readAuction(base, top.token, auctionId)).myMaxBid).toBe(m1);
  expect(detail.myMaxBid).toBeNull();

  // Each answer: the bidder's own maximum; a bidder outbid at once is told so, with the new price.
  for (const a of accepted) {
    expect(a.body.auction.myMaxBid).toBe(a.max);
    if (!a.body.leading) expect(a.body.message).toContain(formatDollars(a.body.auction.currentPrice));
  }

  // One outbid notice per change of leader, to the bidder who lost the lead.
  const expectedOutbid = new Map<number, number>();
  let leader: number | null = null;
  history.forEach((b, i) => {
    const next = history[i + 1];
    if (next?.auto) return;
    // The last bid of a decision names the leader after it.
    if (leader !== null && leader !== b.bidderId) expectedOutbid.set(leader, (expectedOutbid.get(leader) ?? 0) + 1);
    leader = b.bidderId;
  });
  for (const who of bidders) {
    const notices = await newestNotices(deps.store, who.id, 10_000);
    const outbid = notices.filter((n) => n.kind === 'outbid' && n.auctionId === Number(auctionId)).length;
    expect(outbid, `outbid notices of ${who.name}`).toBe(expectedOutbid.get(who.id) ?? 0);
  }
  return { top, price: auction.currentPrice };
}

describe('automatic bids at the same instant', () => {
  test(`${BIDDERS} bidders with distinct maxima on two auctions at once: the highest maximum leads and wins`, async ({ listening }) => {
    const { baseUrl: base, deps } = listening;
    const seller = await signedInUser(deps, 'Sally Seller');
    const bidders: Person[] = [];
    for (let i = 0; i < BIDDERS; i++) bidders.push(await signedInUser(deps, `Bidder ${i}`));

    const contests = await Promise.all([
      contest(base, deps, seller, bidders, { seed: 7, spread: 2000 }),
      // Maxima close together: many bidders are still in when the price reaches them.
      contest(base, deps, seller, [...bidders].reverse(), { seed: 11, spread: 45 }),
    ]);
    const results = [];
    for (const [i, c] of contests.entries()) {
      results.push(await checkContest(base, deps, seller, i === 0 ? bidders : [...bidders].reverse(), c));
    }

    // After the end, the close names the same bidder the winner, at that price.
    const ends = await Promise.all(contests.map(async (c) => Date.parse((await readAuction(base, seller.token, c.auctionId)).itemEndDate)));
    deps.clock.set(Math.max(...ends));
    await closeDueAuctions(deps);
    for (const [i, { auctionId }] of contests.entries()) {
      const { top, price } = results[i]!;
      const after = await readAuction(base, bidders[0]!.token, auctionId);
      expect(after).toMatchObject({ status: 'ended', currentPrice: price, winner: { _id: top._id, name: top.name } });
      const won = (await newestNotices(deps.store, top.id, 10_000)).filter((n) => n.kind === 'won' && n.auctionId === Number(auctionId));
      expect(won).toHaveLength(1);
      expect(won[0]!.message).toContain(formatDollars(price));
      const sold = (await newestNotices(deps.store, seller.id, 10_000)).filter(
        (n) => n.kind === 'sold' && n.auctionId === Number(auctionId),
      );
      expect(sold).toHaveLength(1);
      expect(sold[0]!.message).toContain(top.name);
      expect(sold[0]!.message).toContain(formatDollars(price));
      for (const who of bidders) {
        if (who.id === top.id) continue;
        const notices = await newestNotices(deps.store, who.id, 10_000);
        expect(notices.filter((n) => n.kind === 'won' && n.auctionId === Number(auctionId))).toEqual([]);
      }
    }
  }, 60_000);
});
