// The bid rule as a pure function (src/server/domain/bidding.ts; docs/rules/bidding.md): properties over
// random sequences of bids applied to a small in-memory auction, the worked example of docs/rules/bidding.md, the
// refusals, soft close, outbid notices and what the close owes.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  closingNotices,
  decideBid,
  type AuctionState,
  type BidRequest,
  type BidState,
  type StandingMax,
} from '../../src/server/domain/bidding';
import { auctionOf, bid, BIDDERS, Market, MINUTE, raise, ranked, refusal, SELLER, START, WINDOW, X, Y, Z } from '../support/bid-market';

// ---------------------------------------------------------------------------------------------

describe('the worked example (starting price 100)', () => {
  const steps = [
    { who: X, amount: 101, max: 150, price: 101, leader: X, entries: [{ bidderId: X, amount: 101, auto: false }], outbid: null },
    {
      who: Y,
      amount: 105,
      max: null,
      price: 106,
      leader: X,
      entries: [
        { bidderId: Y, amount: 105, auto: false },
        { bidderId: X, amount: 106, auto: true },
      ],
      outbid: null,
    },
    {
      who: Y,
      amount: 110,
      max: 200,
      price: 151,
      leader: Y,
      entries: [
        { bidderId: Y, amount: 110, auto: false },
        { bidderId: Y, amount: 151, auto: true },
      ],
      outbid: X,
    },
    {
      who: Z,
      amount: 155,
      max: 200,
      price: 200,
      leader: Y,
      entries: [
        { bidderId: Z, amount: 155, auto: false },
        { bidderId: Y, amount: 200, auto: true },
      ],
      outbid: null,
    },
  ];

  test('X 101 max 150 → 101 X; Y 105 → 106 X; Y 110 max 200 → 151 Y; Z 155 max 200 → 200 Y (Y reached 200 first)', () => {
    const market = new Market({ currentPrice: 100 });
    for (const step of steps) {
      const decision = market.place(bid(step.who, step.amount, step.max));
      const what = `${step.who} bids ${step.amount}`;
      expect(decision.price, what).toBe(step.price);
      expect(decision.leaderId, what).toBe(step.leader);
      expect(decision.entries, what).toEqual(step.entries);
      expect(
        decision.notices.map((n) => [n.userId, n.kind]),
        what,
      ).toEqual(step.outbid === null ? [] : [[step.outbid, 'outbid']]);
    }
    expect(market.history.map((h) => [h.bidderId, h.amount, h.auto])).toEqual([
      [X, 101, false],
      [Y, 105, false],
      [X, 106, true],
      [Y, 110, false],
      [Y, 151, true],
      [Z, 155, false],
      [Y, 200, true],
    ]);
    expect([market.maxOf(X), market.maxOf(Y), market.maxOf(Z)]).toEqual([150, 200, 200]);
  });

  test('the bidder’s standing maximum is reported only when it grows', () => {
    const market = new Market({ currentPrice: 100 });
    expect(market.place(bid(X, 101, 150)).bidderMax).toBe(150);
    expect(market.place(bid(Y, 105)).bidderMax).toBe(105);
    // X bids again below their own maximum: it stays 150, reached when it was.
    expect(market.place(bid(X, 110)).bidderMax).toBeNull();
    expect(market.place(bid(Y, 120, 160)).bidderMax).toBe(160);
  });
});

describe('refusals', () => {
  const rules = { now: START, softCloseMs: WINDOW };
  const state = (fields: Partial<AuctionState> = {}, maxima: StandingMax[] = []): BidState => ({
    auction: auctionOf(fields),
    maxima,
    repeatOf: null,
  });

  test('an unknown auction is not found', () => {
    const error = refusal(() => decideBid({ auction: undefined, maxima: [], repeatOf: null }, bid(X, 101), rules));
    expect([error.kind, error.message]).toEqual(['not-found', 'Auction not found']);
  });

  test('the seller cannot bid, not even a maximum alone', () => {
    for (const request of [bid(SELLER, 101), bid(SELLER, 101, 500), raise(SELLER, 500)]) {
      const error = refusal(() => decideBid(state(), request, rules));
      expect([error.kind, error.message]).toEqual(['forbidden', 'You cannot bid on your own auction.']);
    }
  });

  test('before the start: not started; at the end and after it: ended', () => {
    const early = refusal(() => decideBid(state({ startsAt: new Date(START + 1) }), bid(X, 101), rules));
    expect(early.kind).toBe('bad-request');
    expect(early.message).toMatch(/has not started yet/);
    // Exactly at the start is open.
    expect(decideBid(state({ startsAt: new Date(START) }), bid(X, 101), rules)).not.toBe('repeat');
    for (const endsAt of [START, START - 1]) {
      for (const request of [bid(X, 101), raise(X, 500)]) {
        const late = refusal(() =>
          decideBid(state({ endsAt: new Date(endsAt), leaderId: X }, [{ bidderId: X, amount: 120, order: 1 }]), request, rules),
        );
        expect(late.kind).toBe('bad-request');
        expect(late.message).toMatch(/has ended/);
      }
    }
  });

  test('a closed auction is ended even where the request’s clock says it is not (it was read before the close)', () => {
    const closed = state({ endsAt: new Date(START + 60_000), closedAt: new Date(START + 60_000) });
    for (const request of [bid(X, 101), bid(X, 101, 500)]) {
      const late = refusal(() => decideBid(closed, request, rules));
      expect([late.kind, late.message]).toEqual(['bad-request', 'This auction has ended; bids are no longer accepted.']);
    }
  });

  test('an amount outside current + 1 .. current + 10 is refused naming the bounds and the price, with or without a maximum', () => {
    for (const amount of [0, 99, 100, 111, 5000]) {
      for (const maxBid of [null, 5000]) {
        const error = refusal(() => decideBid(state(), bid(X, amount, maxBid), rules));
        expect(error.kind).toBe('bad-request');
        expect(error.message).toBe('Your bid must be between $101 and $110: the current price is $100.');
      }
    }
    for (const amount of [101, 110]) expect(decideBid(state(), bid(X, amount), rules)).toMatchObject({ price: amount });
  });

  test('a maximum alone from anyone but the leader is refused with an issue at bidAmount', () => {
    const leadByX: StandingMax[] = [
      { bidderId: X, amount: 150, order: 1 },
      { bidderId: Y, amount: 120, order: 2 },
    ];
    const cases: Array<[string, BidState, BidRequest]> = [
      ['before any bid', state(), raise(X, 300)],
      ['from a bidder who does not lead', state({ currentPrice: 121, leaderId: X }, leadByX), raise(Y, 300)],
      ['from a bidder who never bid', state({ currentPrice: 121, leaderId: X }, leadByX), raise(Z, 300)],
    ];
    for (const [what, bidState, request] of cases) {
      const error = refusal(() => decideBid(bidState, request, rules));
      expect(error.kind, what).toBe('bad-request');
      expect(
        error.details.issues?.map((i) => i.path),
        what,
      ).toEqual(['bidAmount']);
    }
  });

  test('a repeated request key: the same auction and amount is a repeat; anything else a conflict', () => {
    const repeated = (repeatOf: BidState['repeatOf']): BidState => ({ ...state(), repeatOf });
    expect(decideBid(repeated({ auctionId: 7, amount: 105 }), bid(X, 105), rules)).toBe('repeat');
    // Even once the price has moved past it or the auction has ended: the first answer stands.
    expect(
      decideBid({ ...repeated({ auctionId: 7, amount: 105 }), auction: auctionOf({ endsAt: new Date(START) }) }, bid(X, 105), rules),
    ).toBe('repeat');
    for (const repeatOf of [
      { auctionId: 7, amount: 106 },
      { auctionId: 8, amount: 105 },
    ]) {
      expect(refusal(() => decideBid(repeated(repeatOf), bid(X, 105), rules)).kind).toBe('conflict');
    }
    expect(refusal(() => decideBid(repeated({ auctionId: 7, amount: 105 }), raise(X, 300), rules)).kind).toBe('conflict');
  });
});

describe('raising a maximum alone', () => {
  function leadingMarket() {
    const market = new Market({ currentPrice: 100 });
    market.place(bid(X, 101, 150));
    market.place(bid(Y, 105));
    return market;
  }

  test('the leader’s maximum grows; the price, the leader, the history and the end stay; nobody is told', () => {
    const market = leadingMarket();
    const before = { ...market.auction };
    const decision = market.decide(raise(X, 400));
    expect(decision).toEqual({
      at: new Date(START),
      price: 106,
      leaderId: X,
      bidderMax: 400,
      entries: [],
      endsAt: before.endsAt,
      notices: [],
    });
  });

  test('a maximum at or below the standing one changes nothing', () => {
    const market = leadingMarket();
    expect(market.decide(raise(X, 150)).bidderMax).toBeNull();
    expect(market.decide(raise(X, 120)).bidderMax).toBeNull();
  });

  test('inside the soft-close window it does not extend', () => {
    const market = leadingMarket();
    market.now = market.auction.endsAt.getTime() - 1000;
    expect(market.decide(raise(X, 400)).endsAt).toEqual(market.auction.endsAt);
  });
});

describe('soft close', () => {
  const endsAt = START + 60 * MINUTE;

  function at(now: number, softCloseMs = WINDOW) {
    const market = new Market({ endsAt: new Date(endsAt) }, softCloseMs);
    market.now = now;
    return market;
  }

  test('a bid inside the window moves the end to the bid’s time plus the window', () => {
    const now = endsAt - 30_000;
    expect(at(now).place(bid(X, 101)).endsAt).toEqual(new Date(now + WINDOW));
    // The first moment inside it.
    expect(at(endsAt - WINDOW + 1).place(bid(X, 101)).endsAt).toEqual(new Date(endsAt + 1));
    // The last moment before the end.
    expect(at(endsAt - 1).place(bid(X, 101)).endsAt).toEqual(new Date(endsAt - 1 + WINDOW));
  });

  test('a bid exactly the window before the end, or earlier, leaves the end', () => {
    for (const now of [endsAt - WINDOW, endsAt - WINDOW - 1, endsAt - 30 * MINUTE]) {
      expect(at(now).place(bid(X, 101)).endsAt).toEqual(new Date(endsAt));
    }
  });

  test('a window of 0 never extends', () => {
    for (const now of [endsAt - 1, endsAt - 1000, endsAt - WINDOW + 1]) {
      expect(at(now, 0).place(bid(X, 101)).endsAt).toEqual(new Date(endsAt));
    }
  });

  test('extensions repeat without limit, and a bid after the extended end is refused', () => {
    const market = at(endsAt - 1000);
    let price = 100;
    for (let i = 0; i < 5; i++) {
      const decision = market.place(bid(i % 2 ? Y : X, ++price));
      expect(decision.endsAt).toEqual(new Date(market.now + WINDOW));
      // Each next bid comes one second before the new end: past the original end long ago.
      market.now = decision.endsAt.getTime() - 1000;
    }
    expect(market.auction.endsAt.getTime()).toBeGreaterThan(endsAt + 4 * WINDOW);
    market.now = market.auction.endsAt.getTime();
    expect(refusal(() => market.place(bid(X, ++price))).message).toMatch(/has ended/);
  });

  test('an automatic bid’s decision extends like any other (the end belongs to the placed bid)', () => {
    const market = at(endsAt - 5 * MINUTE);
    market.place(bid(X, 101, 150));
    market.now = endsAt - 1000;
    const decision = market.place(bid(Y, 105));
    expect(decision.entries.map((e) => e.auto)).toEqual([false, true]);
    expect(decision.endsAt).toEqual(new Date(endsAt - 1000 + WINDOW));
  });
});

describe('outbid notices', () => {
  test('the first bid owes nobody a notice; the leader bidding again neither', () => {
    const market = new Market();
    expect(market.place(bid(X, 101)).notices).toEqual([]);
    expect(market.place(bid(X, 105)).notices).toEqual([]);
    expect(market.place(bid(X, 110, 300)).notices).toEqual([]);
  });

  test('to the previous leader only, when another bidder takes the lead by a placed bid', () => {
    const market = new Market();
    market.place(bid(X, 101));
    market.place(bid(Y, 102));
    const decision = market.place(bid(Z, 110));
    expect(decision.notices).toEqual([
      { userId: Y, kind: 'outbid', message: 'You were outbid on “Brass desk lamp”: the price is now $110.' },
    ]);
  });

  test('to the previous leader when a maximum takes the lead by an automatic bid', () => {
    const market = new Market();
    market.place(bid(X, 101, 150));
    const decision = market.place(bid(Y, 110, 200));
    expect(decision.leaderId).toBe(Y);
    expect(decision.notices).toEqual([
      { userId: X, kind: 'outbid', message: 'You were outbid on “Brass desk lamp”: the price is now $151.' },
    ]);
  });

  test('nobody, when the leader’s maximum answers a bid and keeps the lead (the bidder learns it from the answer)', () => {
    const market = new Market();
    market.place(bid(X, 101, 150));
    for (const amount of [105, 115, 125]) {
      const decision = market.place(bid(Y, amount));
      expect(decision.leaderId).toBe(X);
      expect(decision.notices).toEqual([]);
    }
  });

  test('prices in the message are written with thousands separators', () => {
    const market = new Market({ currentPrice: 1_234_560 });
    market.place(bid(X, 1_234_561));
    expect(market.place(bid(Y, 1_234_567)).notices[0]?.message).toMatch(/the price is now \$1,234,567\.$/);
  });
});

describe('closingNotices', () => {
  const ended = auctionOf({ currentPrice: 1_250, leaderId: Y });

  test('with a winner: won to the winner and sold to the seller, naming the item, the winner and the price', () => {
    expect(closingNotices(ended, { id: Y, name: 'Yuri' })).toEqual([
      { userId: Y, kind: 'won', message: 'You won “Brass desk lamp” for $1,250.' },
      { userId: SELLER, kind: 'sold', message: '“Brass desk lamp” sold to Yuri for $1,250.' },
    ]);
  });

  test('without bids: unsold to the seller, and nothing else', () => {
    expect(closingNotices(auctionOf(), null)).toEqual([
      { userId: SELLER, kind: 'unsold', message: 'Your auction “Brass desk lamp” ended without bids.' },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random sequences

type Command =
  | { kind: 'bid'; bidder: number; step: number; extra: number | null; wait: number }
  | { kind: 'raise'; bidder: number; extra: number; wait: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      bidder: fc.constantFrom(...BIDDERS),
      step: fc.integer({ min: 1, max: 10 }),
      extra: fc.option(fc.integer({ min: 0, max: 80 }), { nil: null }),
      wait: fc.integer({ min: 0, max: 40_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raise' as const),
      bidder: fc.constantFrom(...BIDDERS),
      // Negative: a maximum below the standing one, which changes nothing.
      extra: fc.integer({ min: -20, max: 80 }),
      wait: fc.integer({ min: 0, max: 40_000 }),
    }),
  },
);

const scenarioArb = fc.record({
  startingPrice: fc.integer({ min: 1, max: 500 }),
  lengthMs: fc.integer({ min: 30_000, max: 10 * MINUTE }),
  softCloseMs: fc.constantFrom(0, 1000, WINDOW),
  commands: fc.array(commandArb, { minLength: 1, maxLength: 40 }),
});

/** How often the properties met what they are about: a run that never did would prove nothing. */
const seen = { auto: 0, autoSameAmount: 0, leadChanges: 0, raises: 0, raisesByOthers: 0, extensions: 0, ended: 0, ties: 0 };

describe('properties over random sequences of bids', () => {
  // Thousands of random sequences: a few seconds alone, more on a busy machine.
  test('every decision keeps the rule, applied to the auction one after another', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(scenarioArb, ({ startingPrice, lengthMs, softCloseMs, commands }) => {
        const market = new Market(
          { currentPrice: startingPrice, startsAt: new Date(START), endsAt: new Date(START + lengthMs) },
          softCloseMs,
        );
        for (const command of commands) {
          market.now += command.wait;
          const before = { auction: { ...market.auction }, maxima: market.maxima.map((m) => ({ ...m })), history: market.history.length };
          const leader = before.auction.leaderId;
          const request =
            command.kind === 'bid'
              ? bid(
                  command.bidder,
                  before.auction.currentPrice + command.step,
                  command.extra === null ? null : before.auction.currentPrice + command.step + command.extra,
                )
              : raise(command.bidder, Math.max(1, (market.maxOf(command.bidder) ?? before.auction.currentPrice) + command.extra));

          if (market.now >= before.auction.endsAt.getTime()) {
            // Once ended, every bid and every raise is refused, and nothing changes.
            expect(refusal(() => market.place(request)).message).toMatch(/has ended/);
            seen.ended += 1;
            continue;
          }
          if (command.kind === 'raise' && command.bidder !== leader) {
            const error = refusal(() => market.place(request));
            expect(error.details.issues?.map((i) => i.path)).toEqual(['bidAmount']);
            seen.raisesByOthers += 1;
            continue;
          }

          // The store reads only the leader's maximum: the same decision as with all of them, because every
          // other maximum is at most the price (checked below), so no bid that must top the price can meet it.
          const read = market.state(true);
          const untouched = structuredClone(read);
          const subsetDecision = decideBid(read, request, { now: market.now, softCloseMs });
          // Pure: what it read is as it was.
          expect(read).toEqual(untouched);
          const decision = market.place(request);
          expect(subsetDecision).toEqual(decision);
          expect(decision.at).toEqual(new Date(market.now));

          // The leader has the highest maximum; of equal ones, the one reached first.
          const [first, second] = ranked(market.maxima);
          // Every other bidder's maximum is spent: at most the price.
          for (const other of market.maxima.filter((m) => m.bidderId !== decision.leaderId))
            expect(other.amount).toBeLessThanOrEqual(decision.price);
          expect(decision.leaderId).toBe(first!.bidderId);
          if (second && second.amount === first!.amount) seen.ties += 1;
          // The bidder's standing maximum is the largest amount or maximum they ever sent.
          const sent = Math.max(request.bidAmount ?? 0, request.maxBid ?? 0);
          const standingBefore = before.maxima.find((m) => m.bidderId === request.bidderId)?.amount ?? 0;
          expect(market.maxOf(request.bidderId)).toBe(Math.max(standingBefore, sent));
          expect(decision.bidderMax).toBe(sent > standingBefore ? sent : null);

          if (request.bidAmount === null) {
            // A raise alone: no price, no history, no end moved, nobody told, the same leader.
            seen.raises += 1;
            expect(decision.price).toBe(before.auction.currentPrice);
            expect(decision.entries).toEqual([]);
            expect(market.history).toHaveLength(before.history);
            expect(decision.endsAt).toEqual(before.auction.endsAt);
            expect(decision.notices).toEqual([]);
            expect(decision.leaderId).toBe(leader);
            continue;
          }

          const A = request.bidAmount;
          const M1 = first!.amount;
          // The price never exceeds the leader's maximum, and is A with nobody else, else max(A, min(M1, M2 + 1)).
          expect(decision.price).toBeLessThanOrEqual(M1);
          expect(decision.price).toBe(second ? Math.max(A, Math.min(M1, second.amount + 1)) : A);
          if (second) expect(decision.price).toBeGreaterThanOrEqual(Math.min(M1, second.amount + 1));
          expect(decision.price).toBeGreaterThan(before.auction.currentPrice);

          // The placed bid, then at most one automatic bid by the leader at the new price, exactly when needed.
          expect(decision.entries[0]).toEqual({ bidderId: request.bidderId, amount: A, auto: false });
          const needsAuto = decision.price !== A || decision.leaderId !== request.bidderId;
          expect(decision.entries).toHaveLength(needsAuto ? 2 : 1);
          if (needsAuto) {
            expect(decision.entries[1]).toEqual({ bidderId: decision.leaderId, amount: decision.price, auto: true });
            seen.auto += 1;
            if (decision.price === A) seen.autoSameAmount += 1;
          }

          // Told: the previous leader, once, exactly when the lead changes hands.
          const changed = leader !== null && leader !== decision.leaderId;
          if (changed) seen.leadChanges += 1;
          expect(decision.notices).toEqual(
            changed
              ? [{ userId: leader, kind: 'outbid', message: expect.stringContaining(`$${decision.price.toLocaleString('en-US')}.`) }]
              : [],
          );

          // Soft close: inside the window the end moves to now + window, otherwise it stays.
          const late = softCloseMs > 0 && before.auction.endsAt.getTime() - market.now < softCloseMs;
          expect(decision.endsAt).toEqual(late ? new Date(market.now + softCloseMs) : before.auction.endsAt);
          expect(decision.endsAt.getTime()).toBeGreaterThanOrEqual(before.auction.endsAt.getTime());
          if (late) seen.extensions += 1;
        }

        // The history: prices never go down; equal neighbours only an automatic bid right after its placed bid.
        const { history } = market;
        for (let i = 1; i < history.length; i++) {
          const [previous, entry] = [history[i - 1]!, history[i]!];
          expect(entry.amount).toBeGreaterThanOrEqual(previous.amount);
          if (entry.amount === previous.amount) {
            expect(entry.auto).toBe(true);
            expect(previous.auto).toBe(false);
            expect(entry.decision).toBe(previous.decision);
          }
        }
        // At most one automatic entry per decision, and never first.
        const autos = new Map<number, number>();
        for (const entry of history) if (entry.auto) autos.set(entry.decision, (autos.get(entry.decision) ?? 0) + 1);
        expect([...autos.values()].every((n) => n === 1)).toBe(true);
        // The newest entry is the leader at the current price.
        const last = history.at(-1);
        if (last) expect([last.bidderId, last.amount]).toEqual([market.auction.leaderId, market.auction.currentPrice]);
      }),
      { numRuns: 400, seed: 20260601 },
    );
    // The sequences met every case the rule has.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});
