// Many bidders at the same instant through REST: no 5xx, exactly one accepted bid per price, no lost
// bid, and the auction's price and count agree with the bid rows and the accepted answers.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import { seededRandom } from '../../src/server/seed/seeded-random';
import { signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { get, post } from '../support/http';

function bidRequest(app: FastifyInstance, token: string, auctionId: string, bidAmount: unknown) {
  return post(app, `/api/auction/${auctionId}`, { bidAmount }, { cookie: token });
}

async function readPrice(app: FastifyInstance, token: string, auctionId: string): Promise<number> {
  const res = await get(app, `/api/auction/${auctionId}`, { cookie: token });
  expect(res.statusCode).toBe(200);
  return res.json().currentPrice as number;
}

interface Answer {
  auctionId: string;
  bidderId: number;
  amount: number;
  status: number;
}

/** Checks one auction against the answers its bidders received. */
async function checkAuction(deps: TestDeps, auctionId: string, sellerId: number, startingPrice: number, answers: Answer[]) {
  const mine = answers.filter((a) => a.auctionId === auctionId);
  const accepted = mine.filter((a) => a.status === 201);
  const rows = await deps.sql<{ bidderId: number; amount: number; auto: number }>(
    'select bidder_id as "bidderId", amount, auto from bids where auction_id = $1 order by id',
    [Number(auctionId)],
  );
  const auction = (await deps.store.auctions.byId(Number(auctionId)))!;

  expect(accepted.length).toBeGreaterThan(0);
  expect(auction.bidsCount).toBe(rows.length);
  expect(rows.length).toBe(accepted.length);
  // Every accepted answer is a stored bid, by that bidder at that amount (no lost bid, no phantom).
  expect(rows.map((r) => `${r.bidderId}:${r.amount}`).sort()).toEqual(accepted.map((a) => `${a.bidderId}:${a.amount}`).sort());
  // In the order they were stored, prices rise by 1 to 10 from the starting price, never repeating.
  let previous = startingPrice;
  for (const row of rows) {
    expect(row.amount - previous).toBeGreaterThanOrEqual(1);
    expect(row.amount - previous).toBeLessThanOrEqual(10);
    previous = row.amount;
  }
  expect(new Set(rows.map((r) => r.amount)).size).toBe(rows.length);
  // Without maxima no bid is placed automatically.
  expect(rows.filter((r) => r.auto)).toEqual([]);
  expect(auction.currentPrice).toBe(Math.max(...accepted.map((a) => a.amount)));
  expect(rows.some((r) => r.bidderId === sellerId)).toBe(false);
}

describe('bids at the same instant', () => {
  test('20 bidders x 6 rounds on 3 auctions, each bidding from the price it last read', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const bidders = await Promise.all(Array.from({ length: 20 }, (_, i) => signedInUser(deps, `Bidder ${i}`)));
    const STARTING = 100;
    const ids = await Promise.all(
      [0, 1, 2].map((i) => insertAuction(deps, seller.id, { startingPrice: STARTING, itemName: `Contested ${i}` })),
    );
    const next = seededRandom(20260601);

    const answers: Answer[] = [];
    for (let round = 0; round < 6; round++) {
      // Everyone reads, then everyone fires at once: most bids are based on a price that is about to move.
      const reads = await Promise.all(bidders.flatMap((b) => ids.map(async (id) => ({ b, id, price: await readPrice(app, b.token, id) }))));
      const shots = reads.map(({ b, id, price }) => {
        const amount = price + 1 + Math.floor(next() * 10);
        // Some send the amount as a string of digits, as older clients do.
        const sent = next() < 0.3 ? String(amount) : amount;
        return bidRequest(app, b.token, id, sent).then((res) => ({ auctionId: id, bidderId: b.id, amount, status: res.statusCode, res }));
      });
      // The seller tries too; every one of those must be refused.
      const sellerShots = ids.map((id) => bidRequest(app, seller.token, id, STARTING + 1 + round));
      const [results, sellerResults] = await Promise.all([Promise.all(shots), Promise.all(sellerShots)]);
      for (const r of sellerResults) expect(r.statusCode).toBe(403);
      for (const r of results) {
        expect([201, 400, 409], r.res.body).toContain(r.status);
        if (r.status === 201) {
          const body = r.res.json();
          expect(Object.keys(body).sort()).toEqual(['auction', 'leading', 'message']);
          // Nobody here sends a maximum: an accepted bid is above every earlier one, so it leads at its own amount.
          expect(body).toMatchObject({ message: 'Bid placed successfully', leading: true });
          expect(body.auction.currentPrice).toBe(r.amount);
        } else {
          const body = r.res.json();
          expect(body.error).toMatch(/current price is \$[\d,]+/);
          expect(body.message).toBe(body.error);
        }
        answers.push({ auctionId: r.auctionId, bidderId: r.bidderId, amount: r.amount, status: r.status });
      }
    }

    expect(answers).toHaveLength(20 * 3 * 6);
    for (const id of ids) await checkAuction(deps, id, seller.id, STARTING, answers);
    // Over the REST read, too: the count and the price agree with the bids listed.
    const detail = (await get(app, `/api/auction/${ids[0]}`, { cookie: seller.token })).json();
    expect(detail.bidsCount).toBe(detail.bids.length);
    expect(detail.currentPrice).toBe(detail.bids[0].bidAmount);
  });

  test('all bidders send exactly the same amount at once: exactly one is accepted', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const bidders = await Promise.all(Array.from({ length: 25 }, (_, i) => signedInUser(deps, `Bidder ${i}`)));
    const id = await insertAuction(deps, seller.id, { startingPrice: 50 });

    const answers: Answer[] = [];
    for (const amount of [55, 60, 61]) {
      const results = await Promise.all(bidders.map((b) => bidRequest(app, b.token, id, amount).then((res) => ({ b, res }))));
      const statuses = results.map((r) => r.res.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(statuses.every((s) => s === 201 || s === 400 || s === 409)).toBe(true);
      for (const { b, res } of results) answers.push({ auctionId: id, bidderId: b.id, amount, status: res.statusCode });
    }
    await checkAuction(deps, id, seller.id, 50, answers);
    expect(await deps.store.auctions.byId(Number(id))).toMatchObject({ currentPrice: 61, bidsCount: 3 });
  });
});
