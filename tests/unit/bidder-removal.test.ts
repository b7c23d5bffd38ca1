// The replay of a bidder's removal (src/server/domain/bidder-removal.ts; docs/rules/bidding.md): over
// random auctions built by the bid rule itself, removing a bidder gives the auction a fresh one would
// have become without them, prices the remaining maxima allow, and the placed bids as they were.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideRemoval, replayRequests, type Replay, type StoredRequest } from '../../src/server/domain/bidder-removal';
import { settleBid, type BidRequest, type HistoryEntry } from '../../src/server/domain/bidding';
import { AppError } from '../../src/server/domain/errors';
import { BIDDERS, Market, MINUTE, START } from '../support/bid-market';

const STARTING_PRICE = 100;

type Attempt = { kind: 'bid'; who: number; step: number; extra: number | null } | { kind: 'raise'; who: number; by: number };

const attemptArb: fc.Arbitrary<Attempt> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      who: fc.constantFrom(...BIDDERS),
      step: fc.integer({ min: 1, max: 10 }),
      extra: fc.option(fc.integer({ min: 0, max: 80 }), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('raise' as const), who: fc.constantFrom(...BIDDERS), by: fc.integer({ min: 1, max: 80 }) }),
  },
);

const reserveArb = fc.option(fc.integer({ min: 101, max: 180 }), { nil: null });

interface Built {
  market: Market;
  /** The accepted requests, as the store keeps them. */
  requests: StoredRequest[];
  /** The history with the ids the database would have given it, oldest first. */
  history: Array<HistoryEntry & { id: number }>;
}

/** An auction built request by request by the bid rule (refused ones dropped), stored as the bid transaction stores it. */
function build(reservePrice: number | null, attempts: Attempt[]): Built {
  const market = new Market({ currentPrice: STARTING_PRICE, reservePrice }, 0);
  const requests: StoredRequest[] = [];
  const history: Built['history'] = [];
  for (const attempt of attempts) {
    const price = market.auction.currentPrice;
    const request: BidRequest =
      attempt.kind === 'bid'
        ? {
            bidderId: attempt.who,
            bidAmount: price + attempt.step,
            maxBid: attempt.extra === null ? null : price + attempt.step + attempt.extra,
          }
        : { bidderId: attempt.who, bidAmount: null, maxBid: (market.maxOf(attempt.who) ?? 0) + attempt.by };
    let decision;
    try {
      decision = market.place(request);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const createdAt = new Date(market.now);
    for (const entry of decision.entries) history.push({ ...entry, id: history.length + 1 });
    if (request.bidAmount !== null) {
      const placed = history.at(decision.entries.length > 1 ? -2 : -1)!;
      const maxBid = Math.max(request.bidAmount, request.maxBid ?? 0);
      requests.push({
        kind: 'bid',
        bidId: placed.id,
        bidderId: request.bidderId,
        amount: request.bidAmount,
        maxBid,
        createdAt,
        endsAt: decision.endsAt,
      });
    } else if (decision.bidderMax !== null) {
      requests.push({ kind: 'raise', bidderId: request.bidderId, maxBid: decision.bidderMax, createdAt, endsAt: decision.endsAt });
    }
    market.now += MINUTE / 10;
  }
  return { market, requests, history };
}

/**
 * A fresh auction fed the requests the way the bid transaction feeds the rule (only the leader's
 * maximum read, the auction written back after each), without the bounds: the history it writes.
 */
function fresh(reservePrice: number | null, requests: StoredRequest[]) {
  let auction = { currentPrice: STARTING_PRICE, leaderId: null as number | null, reservePrice, leaderMax: 0 };
  const history: HistoryEntry[] = [];
  for (const request of requests) {
    const leader = auction.leaderId === null ? [] : [{ bidderId: auction.leaderId, amount: auction.leaderMax, order: 0 }];
    const bidAmount = request.kind === 'bid' ? request.amount : null;
    const settled = settleBid(auction, leader, { bidderId: request.bidderId, bidAmount, maxBid: request.maxBid });
    history.push(...settled.entries);
    // As the bid's writes keep it (db/bid-writes.ts): the bidder's grown maximum when they lead, else the leader's as it was.
    const leaderMax = settled.leaderId === request.bidderId && settled.bidderMax !== null ? settled.bidderMax : auction.leaderMax;
    auction = { ...auction, currentPrice: settled.price, leaderId: settled.leaderId, leaderMax };
  }
  return { price: auction.currentPrice, leaderId: auction.leaderId, history };
}

const removalOf = (built: Built, reservePrice: number | null, bidderId: number): Replay =>
  decideRemoval(
    {
      auction: { startingPrice: STARTING_PRICE, reservePrice, endsAt: new Date(START + 60 * MINUTE), closedAt: null },
      requests: built.requests,
    },
    bidderId,
    START,
  );

const shape = (entries: Array<Pick<HistoryEntry, 'bidderId' | 'amount' | 'auto'>>) =>
  entries.map((e) => `${e.bidderId}:${e.amount}:${e.auto ? 'auto' : 'placed'}`);

const cases = fc.record({
  reserve: reserveArb,
  attempts: fc.array(attemptArb, { minLength: 1, maxLength: 30 }),
  removed: fc.constantFrom(...BIDDERS),
});

describe('the replay of a removal', () => {
  test('replaying every request gives back the auction the bid rule built', () => {
    fc.assert(
      fc.property(cases, ({ reserve, attempts }) => {
        const built = build(reserve, attempts);
        const replay = replayRequests({ startingPrice: STARTING_PRICE, reservePrice: reserve }, built.requests);
        expect(replay.price).toBe(built.market.auction.currentPrice);
        expect(replay.leaderId).toBe(built.market.auction.leaderId);
        if (replay.leaderId !== null) expect(replay.leaderMax).toBe(built.market.maxOf(replay.leaderId));
        expect(shape(replay.history)).toEqual(shape(built.history));
        expect(replay.history.filter((b) => !b.auto).map((b) => b.bidId)).toEqual(built.history.filter((b) => !b.auto).map((b) => b.id));
      }),
      { numRuns: 400 },
    );
  });

  test('removing a bidder gives what a fresh auction that never saw them becomes', () => {
    fc.assert(
      fc.property(cases, ({ reserve, attempts, removed }) => {
        const built = build(reserve, attempts);
        fc.pre(built.requests.some((r) => r.bidderId === removed));
        const replay = removalOf(built, reserve, removed);
        const never = fresh(
          reserve,
          built.requests.filter((r) => r.bidderId !== removed),
        );
        expect([replay.price, replay.leaderId]).toEqual([never.price, never.leaderId]);
        expect(shape(replay.history)).toEqual(shape(never.history));
        expect(replay.history.some((b) => b.bidderId === removed)).toBe(false);
        expect(replay.maxima.some((m) => m.bidderId === removed)).toBe(false);
      }),
      { numRuns: 400 },
    );
  });

  test('prices never exceed what the remaining maxima allow, and the history never goes down', () => {
    fc.assert(
      fc.property(cases, ({ reserve, attempts, removed }) => {
        const built = build(reserve, attempts);
        fc.pre(built.requests.some((r) => r.bidderId === removed));
        const replay = removalOf(built, reserve, removed);
        const maxOf = new Map(replay.maxima.map((m) => [m.bidderId, m.amount]));
        if (replay.leaderId === null) {
          expect([replay.price, replay.history]).toEqual([STARTING_PRICE, []]);
          return;
        }
        expect(replay.price).toBeLessThanOrEqual(replay.leaderMax!);
        expect(replay.leaderMax).toBe(maxOf.get(replay.leaderId));
        // Everyone else's maximum is spent: at most the price.
        for (const [bidderId, amount] of maxOf) if (bidderId !== replay.leaderId) expect(amount).toBeLessThanOrEqual(replay.price);
        for (const b of replay.history) expect(b.amount).toBeLessThanOrEqual(maxOf.get(b.bidderId)!);
        const amounts = replay.history.map((b) => b.amount);
        expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
        expect(replay.history.at(-1)!.amount).toBe(replay.price);
      }),
      { numRuns: 400 },
    );
  });

  test('placed bids keep their ids, in order, and are numbered again from 1; only the removed bidder can lose the lead', () => {
    fc.assert(
      fc.property(cases, ({ reserve, attempts, removed }) => {
        const built = build(reserve, attempts);
        fc.pre(built.requests.some((r) => r.bidderId === removed));
        const replay = removalOf(built, reserve, removed);
        const kept = built.history.filter((b) => !b.auto && b.bidderId !== removed);
        expect(replay.history.filter((b) => !b.auto).map((b) => [b.bidId, b.amount])).toEqual(kept.map((b) => [b.id, b.amount]));
        expect(replay.history.filter((b) => b.auto).every((b) => b.bidId === null)).toBe(true);
        expect(replay.history.map((b) => b.seq)).toEqual(replay.history.map((_, i) => i + 1));
        const leader = built.market.auction.leaderId;
        if (leader !== removed) {
          expect(replay.leaderId).toBe(leader);
          expect(replay.price).toBeLessThanOrEqual(built.market.auction.currentPrice);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe('what a removal refuses', () => {
  const built = build(null, [{ kind: 'bid', who: BIDDERS[0]!, step: 1, extra: 50 }]);
  const auction = { startingPrice: STARTING_PRICE, reservePrice: null, endsAt: new Date(START + MINUTE), closedAt: null };
  const refused = (call: () => unknown) => {
    try {
      call();
    } catch (error) {
      if (error instanceof AppError) return [error.kind, error.message];
      throw error;
    }
    throw new Error('expected the removal to be refused');
  };

  test('no auction: 404; ended by the clock or closed: 409; a user without a bid there: 404', () => {
    expect(refused(() => decideRemoval({ auction: undefined, requests: [] }, BIDDERS[0]!, START))).toEqual([
      'not-found',
      'Auction not found',
    ]);
    expect(refused(() => decideRemoval({ auction, requests: built.requests }, BIDDERS[0]!, START + MINUTE))).toEqual([
      'conflict',
      'This auction has ended: its bids stay as they are.',
    ]);
    expect(
      refused(() => decideRemoval({ auction: { ...auction, closedAt: new Date(START) }, requests: built.requests }, BIDDERS[0]!, START))[0],
    ).toBe('conflict');
    expect(refused(() => decideRemoval({ auction, requests: built.requests }, BIDDERS[1]!, START))).toEqual([
      'not-found',
      'This user has no bid on this auction.',
    ]);
  });

  test('the last bidder removed leaves the auction at its starting price, without a leader', () => {
    expect(decideRemoval({ auction, requests: built.requests }, BIDDERS[0]!, START)).toEqual({
      price: STARTING_PRICE,
      leaderId: null,
      leaderMax: null,
      maxima: [],
      history: [],
    });
  });
});
