// The reserve in the bid rule and at the close (src/server/domain/bidding.ts; docs/rules/bidding.md):
// the worked example, a maximum raised alone to the reserve, a cancelled auction, what the close owes
// below the reserve, then properties over random sequences of bids with and without a reserve.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { closingNotices, decideBid, reserveMet, type Notice } from '../../src/server/domain/bidding';
import { formatDollars } from '../../src/shared/bids';
import { CANCEL_WORDS } from '../../src/shared/listing';
import { auctionOf, bid, BIDDERS, Market, MINUTE, raise, ranked, refusal, SELLER, START, WINDOW, X, Y, Z } from '../support/bid-market';

/** Whether a message names that amount in dollars (`$250` in '… $250.', not in '$1,250' or '$2,500'). */
const names = (message: string, amount: number) => new RegExp(`\\$${formatDollars(amount).slice(1)}(?![\\d,])`).test(message);

const entriesOf = (market: Market) => market.history.map((h) => [h.bidderId, h.amount, h.auto]);

describe('automatic bids and the reserve (starting price 100, reserve 300)', () => {
  const reserved = () => new Market({ currentPrice: 100, reservePrice: 300 });

  test('X bids 101 with a maximum of 500: the price is 300, X leads, history X 101 placed and X 300 automatic', () => {
    const market = reserved();
    const decision = market.place(bid(X, 101, 500));
    expect(decision).toMatchObject({ price: 300, leaderId: X, bidderMax: 500, notices: [] });
    expect(entriesOf(market)).toEqual([
      [X, 101, false],
      [X, 300, true],
    ]);
    expect(reserveMet(market.auction)).toBe(true);
  });

  test('the longer example: X 101 max 250 → 101; Y 105 max 280 → 251 Y; Y raises to 400 alone → 300; X 305 → 306 Y', () => {
    const market = reserved();
    const steps = [
      { request: bid(X, 101, 250), price: 101, leader: X, met: false, outbid: [] },
      { request: bid(Y, 105, 280), price: 251, leader: Y, met: false, outbid: [X] },
      { request: raise(Y, 400), price: 300, leader: Y, met: true, outbid: [] },
      { request: bid(X, 305), price: 306, leader: Y, met: true, outbid: [] },
    ];
    for (const step of steps) {
      const decision = market.place(step.request);
      expect([decision.price, decision.leaderId, reserveMet(market.auction)]).toEqual([step.price, step.leader, step.met]);
      expect(decision.notices.map((n) => n.userId)).toEqual(step.outbid);
    }
    expect(entriesOf(market)).toEqual([
      [X, 101, false],
      [Y, 105, false],
      [Y, 251, true],
      [Y, 300, true],
      [X, 305, false],
      [Y, 306, true],
    ]);
    expect([market.maxOf(X), market.maxOf(Y)]).toEqual([305, 400]);
  });

  test('a maximum below the reserve leaves the price where the maxima put it, the reserve not met', () => {
    const market = reserved();
    expect(market.place(bid(X, 101, 250)).price).toBe(101);
    // Y's maximum tops X's, both below the reserve: one step above X's, as without a reserve.
    expect(market.place(bid(Y, 105, 299))).toMatchObject({ price: 251, leaderId: Y });
    expect(reserveMet(market.auction)).toBe(false);
    // X comes back with a maximum past the reserve: min(400, 299 + 1) = 300 reaches it by itself.
    expect(market.place(bid(X, 260, 400))).toMatchObject({ price: 300, leaderId: X });
  });

  test('a maximum of exactly the reserve reaches it', () => {
    const market = reserved();
    expect(market.place(bid(X, 101, 300))).toMatchObject({ price: 300, entries: [{ auto: false }, { amount: 300, auto: true }] });
  });

  test('a placed bid of the reserve itself needs no automatic bid', () => {
    const market = new Market({ currentPrice: 295, reservePrice: 300 });
    expect(market.place(bid(X, 300, 800))).toMatchObject({ price: 300, entries: [{ bidderId: X, amount: 300, auto: false }] });
  });

  test('once the reserve is met the rule is the automatic-bid rule alone', () => {
    const market = reserved();
    market.place(bid(X, 101, 500));
    expect(market.place(bid(Y, 305))).toMatchObject({ price: 306, leaderId: X });
    expect(market.place(bid(Y, 315, 450))).toMatchObject({ price: 451, leaderId: X });
  });

  test('a new leader whose maximum passes the reserve takes the lead at the reserve; the outbid notice names that public price', () => {
    const market = reserved();
    market.place(bid(X, 101, 150));
    const decision = market.place(bid(Y, 105, 400));
    expect(decision).toMatchObject({ price: 300, leaderId: Y });
    expect(decision.entries).toEqual([
      { bidderId: Y, amount: 105, auto: false },
      { bidderId: Y, amount: 300, auto: true },
    ]);
    expect(decision.notices).toEqual([
      { userId: X, kind: 'outbid', message: 'You were outbid on “Brass desk lamp”: the price is now $300.' },
    ]);
  });

  test('a bidder outbid at once below the reserve is told the public price, never the reserve', () => {
    const market = new Market({ currentPrice: 100, reservePrice: 1_250 });
    market.place(bid(X, 101, 900));
    const decision = market.place(bid(Y, 110));
    expect(decision).toMatchObject({ price: 111, leaderId: X, notices: [] });
    market.place(bid(Y, 120, 1_000));
    expect(market.auction).toMatchObject({ currentPrice: 901, leaderId: Y });
    for (const notice of market.place(bid(Z, 905, 1_100)).notices) expect(names(notice.message, 1_250)).toBe(false);
  });
});

describe('a maximum raised alone and the reserve', () => {
  function leading(reservePrice: number | null = 300) {
    const market = new Market({ currentPrice: 100, reservePrice });
    market.place(bid(X, 101));
    market.place(bid(Y, 105));
    market.place(bid(X, 110, 200));
    return market;
  }

  test('below the reserve it changes nothing but the maximum', () => {
    const market = leading();
    expect(market.place(raise(X, 299))).toMatchObject({ price: 110, bidderMax: 299, entries: [], notices: [] });
  });

  test('to the reserve or past it, the price moves to the reserve with one automatic bid, nobody told, the end kept', () => {
    const market = leading();
    market.now = market.auction.endsAt.getTime() - 1000;
    const endsAt = market.auction.endsAt;
    const decision = market.place(raise(X, 450));
    expect(decision).toEqual({
      at: new Date(market.now),
      price: 300,
      leaderId: X,
      bidderMax: 450,
      entries: [{ bidderId: X, amount: 300, auto: true }],
      endsAt,
      notices: [],
    });
    // Raised again: the price is already at the reserve.
    expect(market.place(raise(X, 600))).toMatchObject({ price: 300, entries: [] });
  });

  test('without a reserve a raise alone never moves the price', () => {
    expect(leading(null).place(raise(X, 5_000))).toMatchObject({ price: 110, entries: [] });
  });
});

describe('a cancelled auction', () => {
  const rules = { now: START, softCloseMs: WINDOW };
  const cancelled = auctionOf({ cancelledAt: new Date(START - MINUTE) });

  test('refuses every bid and raise with 400, the seller still 403', () => {
    for (const request of [bid(X, 101), bid(X, 105, 500), raise(X, 500)]) {
      const error = refusal(() => decideBid({ auction: cancelled, maxima: [], repeatOf: null }, request, rules));
      expect([error.kind, error.message]).toEqual(['bad-request', CANCEL_WORDS.notOpen]);
    }
    expect(refusal(() => decideBid({ auction: cancelled, maxima: [], repeatOf: null }, bid(SELLER, 101), rules)).kind).toBe('forbidden');
  });

  test('owes nobody a notice at its end', () => {
    expect(closingNotices(cancelled, null)).toEqual([]);
  });
});

describe('the close and the reserve', () => {
  const yuri = { id: Y, name: 'Yuri' };

  test('below the reserve: reserve_not_met to the leader and unsold to the seller, naming the highest bid', () => {
    expect(closingNotices(auctionOf({ currentPrice: 250, leaderId: Y, reservePrice: 300 }), yuri)).toEqual([
      { userId: Y, kind: 'reserve_not_met', message: "“Brass desk lamp” ended below the seller's reserve: your bid of $250 did not win." },
      { userId: SELLER, kind: 'unsold', message: 'Your auction “Brass desk lamp” ended below your reserve: the highest bid was $250.' },
    ]);
  });

  test('at the reserve or above: won and sold as without one', () => {
    for (const currentPrice of [300, 301]) {
      expect(closingNotices(auctionOf({ currentPrice, leaderId: Y, reservePrice: 300 }), yuri).map((n) => n.kind)).toEqual(['won', 'sold']);
    }
  });

  test('without bids: unsold, ended without bids, reserve or not', () => {
    expect(closingNotices(auctionOf({ reservePrice: 300 }), null)).toEqual([
      { userId: SELLER, kind: 'unsold', message: 'Your auction “Brass desk lamp” ended without bids.' },
    ]);
  });

  test('reserveMet: null without a reserve, else whether the price reached it', () => {
    expect(reserveMet({ currentPrice: 500, reservePrice: null })).toBeNull();
    expect(reserveMet({ currentPrice: 299, reservePrice: 300 })).toBe(false);
    expect(reserveMet({ currentPrice: 300, reservePrice: 300 })).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random sequences, with and without a reserve

type Command = { kind: 'bid'; bidder: number; step: number; extra: number | null } | { kind: 'raise'; extra: number };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      bidder: fc.constantFrom(...BIDDERS),
      step: fc.integer({ min: 1, max: 10 }),
      extra: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
    }),
  },
  // By the leader: a raise by anyone else is refused before the reserve matters.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('raise' as const), extra: fc.integer({ min: -20, max: 300 }) }) },
);

const scenarioArb = fc.record({
  startingPrice: fc.integer({ min: 1, max: 500 }),
  // Above the starting price, as the create form requires; null for no reserve at all.
  reserveAbove: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
  commands: fc.array(commandArb, { minLength: 1, maxLength: 40 }),
});

const seen = { liftedByBid: 0, liftedByRaise: 0, outbidAtReserve: 0, closedBelow: 0, closedMet: 0, closedWithout: 0, noReserve: 0 };

/** Every notice's message names no amount equal to the reserve unless the public price is that amount. */
function expectReserveUnnamed(notices: Notice[], reservePrice: number | null, publicPrice: number) {
  if (reservePrice === null || reservePrice === publicPrice) return;
  for (const notice of notices) expect(names(notice.message, reservePrice), notice.message).toBe(false);
}

describe('properties over random sequences of bids with and without a reserve', () => {
  test('the price reaches the reserve exactly when the leader’s maximum does, no higher than the maxima allow', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(scenarioArb, ({ startingPrice, reserveAbove, commands }) => {
        const reservePrice = reserveAbove === null ? null : startingPrice + reserveAbove;
        if (reservePrice === null) seen.noReserve += 1;
        const market = new Market({
          currentPrice: startingPrice,
          reservePrice,
          startsAt: new Date(START),
          endsAt: new Date(START + 60 * MINUTE),
        });

        for (const command of commands) {
          const before = { ...market.auction };
          const leader = before.leaderId;
          if (command.kind === 'raise' && leader === null) continue;
          const request =
            command.kind === 'bid'
              ? bid(
                  command.bidder,
                  before.currentPrice + command.step,
                  command.extra === null ? null : before.currentPrice + command.step + command.extra,
                )
              : raise(leader!, Math.max(1, market.maxOf(leader!)! + command.extra));

          // The store reads only the leader's maximum: the same decision as with all of them.
          const subset = decideBid(market.state(true), request, { now: market.now, softCloseMs: market.softCloseMs });
          const decision = market.place(request);
          expect(subset).toEqual(decision);

          const [first, second] = ranked(market.maxima);
          const M1 = first!.amount;
          expect(decision.leaderId).toBe(first!.bidderId);
          // What the maxima alone give, then the reserve's say: up to the reserve when the leader's maximum reaches it.
          const A = request.bidAmount;
          const byMaxima = A === null ? before.currentPrice : second ? Math.max(A, Math.min(M1, second.amount + 1)) : A;
          const lifted = reservePrice !== null && M1 >= reservePrice && byMaxima < reservePrice;
          expect(decision.price).toBe(lifted ? reservePrice : byMaxima);
          expect(decision.price).toBeLessThanOrEqual(M1);
          if (reservePrice !== null) expect(decision.price >= reservePrice).toBe(M1 >= reservePrice);
          if (lifted) seen[A === null ? 'liftedByRaise' : 'liftedByBid'] += 1;

          // The history: the placed bid first, then an automatic bid by the leader at the price exactly when needed.
          if (A === null) {
            expect(decision.entries).toEqual(lifted ? [{ bidderId: leader, amount: reservePrice, auto: true }] : []);
            expect(decision.notices).toEqual([]);
            expect(decision.endsAt).toEqual(before.endsAt);
          } else {
            const needsAuto = decision.price !== A || decision.leaderId !== request.bidderId;
            expect(decision.entries).toEqual([
              { bidderId: request.bidderId, amount: A, auto: false },
              ...(needsAuto ? [{ bidderId: decision.leaderId, amount: decision.price, auto: true }] : []),
            ]);
          }
          if (lifted && decision.notices.length > 0) seen.outbidAtReserve += 1;
          expectReserveUnnamed(decision.notices, reservePrice, decision.price);
        }

        // Prices never go down; the newest entry is the leader at the current price.
        for (let i = 1; i < market.history.length; i++)
          expect(market.history[i]!.amount).toBeGreaterThanOrEqual(market.history[i - 1]!.amount);
        const last = market.history.at(-1);
        if (last) expect([last.bidderId, last.amount]).toEqual([market.auction.leaderId, market.auction.currentPrice]);

        // The close: a winner only at or above the reserve, and the reserve unnamed.
        const { leaderId, currentPrice } = market.auction;
        const notices = closingNotices(market.auction, leaderId === null ? null : { id: leaderId, name: 'Leader' });
        const below = leaderId !== null && reservePrice !== null && currentPrice < reservePrice;
        expect(notices.map((n) => `${n.kind} ${n.userId}`)).toEqual(
          leaderId === null
            ? [`unsold ${SELLER}`]
            : below
              ? [`reserve_not_met ${leaderId}`, `unsold ${SELLER}`]
              : [`won ${leaderId}`, `sold ${SELLER}`],
        );
        seen[leaderId === null ? 'closedWithout' : below ? 'closedBelow' : 'closedMet'] += 1;
        expectReserveUnnamed(notices, reservePrice, currentPrice);
      }),
      { numRuns: 400, seed: 20260602 },
    );
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});
