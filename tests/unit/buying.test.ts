// The purchase rule as a pure function (src/server/domain/buying.ts; docs/rules/bidding.md#buy-it-now):
// its refusals in order, what a purchase owes, and, over random bids before it, that a purchase is
// possible exactly while Buy It Now is available and that nothing is possible after it.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { decideBid } from '../../src/server/domain/bidding';
import { buyNowAvailable, decidePurchase, type PurchaseAuction, type PurchaseState } from '../../src/server/domain/buying';
import { AppError } from '../../src/server/domain/errors';
import { BUY_NOW_WORDS, CANCEL_WORDS } from '../../src/shared/listing';

const SELLER = 1;
const BUYER = { id: 2, name: 'Bea Buyer' };
const LEADER = 3;
const START = Date.parse('2026-06-01T12:00:00Z');
const MINUTE = 60_000;

function auctionOf(fields: Partial<PurchaseAuction> = {}): PurchaseAuction {
  return {
    id: 7,
    sellerId: SELLER,
    itemName: 'Brass desk lamp',
    currentPrice: 100,
    startsAt: new Date(START - MINUTE),
    endsAt: new Date(START + 60 * MINUTE),
    leaderId: null,
    closedAt: null,
    bidsCount: 0,
    reservePrice: null,
    buyNowPrice: 250,
    cancelledAt: null,
    ...fields,
  };
}

const stateOf = (fields: Partial<PurchaseAuction> = {}, bought = false): PurchaseState => ({ auction: auctionOf(fields), bought });

/** The refusal a call throws, as `kind: message`. */
function refusal(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    if (error instanceof AppError) return `${error.kind}: ${error.message}`;
    throw error;
  }
  throw new Error('expected the purchase to be refused');
}

describe('decidePurchase', () => {
  test('buys at the Buy It Now price at that moment, owing won to the buyer and sold to the seller', () => {
    const decision = decidePurchase(stateOf(), BUYER, START);
    expect(decision).toEqual({
      at: new Date(START),
      price: 250,
      notices: [
        { userId: BUYER.id, kind: 'won', message: 'You won “Brass desk lamp” for $250.' },
        { userId: SELLER, kind: 'sold', message: '“Brass desk lamp” sold to Bea Buyer for $250.' },
      ],
    });
  });

  test('with a reserve not met, the leader is told the purchase outbid them; a leader who buys is not', () => {
    const state = stateOf({ reservePrice: 300, buyNowPrice: 400, currentPrice: 180, bidsCount: 3, leaderId: LEADER });
    expect(decidePurchase(state, BUYER, START).notices.map((n) => [n.userId, n.kind, n.message])).toEqual([
      [LEADER, 'outbid', 'You were outbid on “Brass desk lamp”: it was bought at its Buy It Now price of $400.'],
      [BUYER.id, 'won', 'You won “Brass desk lamp” for $400.'],
      [SELLER, 'sold', '“Brass desk lamp” sold to Bea Buyer for $400.'],
    ]);
    const own = decidePurchase({ ...state, auction: { ...state.auction!, leaderId: BUYER.id } }, BUYER, START);
    expect(own.notices.map((n) => n.kind)).toEqual(['won', 'sold']);
  });

  test('refuses in order: unknown, the seller, cancelled, bought, no price, not open, no longer available', () => {
    expect(refusal(() => decidePurchase({ auction: undefined, bought: false }, BUYER, START))).toBe('not-found: Auction not found');
    // The seller is refused whatever else is wrong with the auction.
    const everythingWrong = { cancelledAt: new Date(START), closedAt: new Date(START), bidsCount: 4 };
    expect(refusal(() => decidePurchase(stateOf(everythingWrong, true), { id: SELLER, name: 'S' }, START))).toBe(
      `forbidden: ${BUY_NOW_WORDS.sellerCannotBuy}`,
    );
    expect(refusal(() => decidePurchase(stateOf({ cancelledAt: new Date(START) }), BUYER, START))).toBe(
      `bad-request: ${CANCEL_WORDS.notOpen}`,
    );
    expect(refusal(() => decidePurchase(stateOf({ closedAt: new Date(START) }, true), BUYER, START))).toBe(
      `conflict: ${BUY_NOW_WORDS.alreadyBought}`,
    );
    expect(refusal(() => decidePurchase(stateOf({ buyNowPrice: null }), BUYER, START))).toBe(`bad-request: ${BUY_NOW_WORDS.none}`);
    const notOpen = `bad-request: ${BUY_NOW_WORDS.notOpen}`;
    expect(refusal(() => decidePurchase(stateOf({ startsAt: new Date(START + 1) }), BUYER, START))).toBe(notOpen);
    expect(refusal(() => decidePurchase(stateOf({ endsAt: new Date(START) }), BUYER, START))).toBe(notOpen);
    // Closed counts as ended whatever the clock says.
    expect(refusal(() => decidePurchase(stateOf({ closedAt: new Date(START - 1) }), BUYER, START))).toBe(notOpen);
    const gone = `conflict: ${BUY_NOW_WORDS.gone}`;
    expect(refusal(() => decidePurchase(stateOf({ bidsCount: 1, currentPrice: 101, leaderId: LEADER }), BUYER, START))).toBe(gone);
    expect(
      refusal(() => decidePurchase(stateOf({ reservePrice: 150, currentPrice: 150, bidsCount: 2, leaderId: LEADER }), BUYER, START)),
    ).toBe(gone);
  });

  test('the start is included and the end excluded, as for a bid', () => {
    expect(decidePurchase(stateOf({ startsAt: new Date(START) }), BUYER, START).at).toEqual(new Date(START));
    expect(decidePurchase(stateOf({ endsAt: new Date(START + 1) }), BUYER, START).price).toBe(250);
  });
});

describe('buyNowAvailable', () => {
  test('without a reserve until the first bid; with one while it is not met; never without a price', () => {
    expect(buyNowAvailable({ buyNowPrice: 250, bidsCount: 0 }, null)).toBe(true);
    expect(buyNowAvailable({ buyNowPrice: 250, bidsCount: 1 }, null)).toBe(false);
    expect(buyNowAvailable({ buyNowPrice: 250, bidsCount: 5 }, false)).toBe(true);
    expect(buyNowAvailable({ buyNowPrice: 250, bidsCount: 5 }, true)).toBe(false);
    expect(buyNowAvailable({ buyNowPrice: null, bidsCount: 0 }, null)).toBe(false);
  });
});

describe('purchases after random bids', () => {
  const bidders = [3, 4, 5];
  const bidsArb = fc.array(
    fc.record({ bidder: fc.constantFrom(...bidders), step: fc.integer({ min: 1, max: 10 }), extra: fc.integer({ min: 0, max: 60 }) }),
    { maxLength: 12 },
  );

  test('a purchase stands exactly while available; after it every bid is refused as ended and every purchase as bought', () => {
    fc.assert(
      fc.property(
        bidsArb,
        fc.option(fc.integer({ min: 101, max: 200 }), { nil: null }),
        fc.integer({ min: 1, max: 40 }),
        (bids, reserve, above) => {
          let auction = auctionOf({ reservePrice: reserve, buyNowPrice: (reserve ?? 100) + above });
          let leaderMax = 0;
          let now = START;
          for (const { bidder, step, extra } of bids) {
            const maxima = auction.leaderId === null ? [] : [{ bidderId: auction.leaderId, amount: leaderMax, order: 0 }];
            const decision = decideBid(
              { auction, maxima, repeatOf: null },
              { bidderId: bidder, bidAmount: auction.currentPrice + step, maxBid: auction.currentPrice + step + extra },
              { now, softCloseMs: 0 },
            );
            if (decision === 'repeat') throw new Error('no request keys here');
            // The leader's maximum changes only when the bidder leads with a grown one.
            if (decision.leaderId === bidder && decision.bidderMax !== null) leaderMax = decision.bidderMax;
            auction = {
              ...auction,
              currentPrice: decision.price,
              leaderId: decision.leaderId,
              bidsCount: auction.bidsCount + decision.entries.length,
            };
            now += 1000;
          }
          const reserveMet = auction.reservePrice === null ? null : auction.currentPrice >= auction.reservePrice;
          const available = buyNowAvailable(auction, reserveMet);
          if (!available) {
            expect(refusal(() => decidePurchase({ auction, bought: false }, BUYER, now))).toBe(`conflict: ${BUY_NOW_WORDS.gone}`);
            return;
          }
          const purchase = decidePurchase({ auction, bought: false }, BUYER, now);
          expect(purchase.price).toBe(auction.buyNowPrice);
          expect(purchase.price).toBeGreaterThan(auction.currentPrice);
          // Exactly the leader it displaced is told, once.
          const outbid = purchase.notices.filter((n) => n.kind === 'outbid').map((n) => n.userId);
          expect(outbid).toEqual(auction.leaderId === null ? [] : [auction.leaderId]);
          // As the store writes it: the buyer leads at the price, ended and closed at the purchase's moment.
          const after: PurchaseAuction = {
            ...auction,
            currentPrice: purchase.price,
            leaderId: BUYER.id,
            bidsCount: auction.bidsCount + 1,
            endsAt: purchase.at,
            closedAt: purchase.at,
          };
          for (const bidder of bidders) {
            const late = () =>
              decideBid(
                { auction: after, maxima: [{ bidderId: BUYER.id, amount: purchase.price, order: 0 }], repeatOf: null },
                { bidderId: bidder, bidAmount: purchase.price + 1, maxBid: null },
                { now, softCloseMs: 0 },
              );
            expect(refusal(late)).toBe('bad-request: This auction has ended; bids are no longer accepted.');
            expect(refusal(() => decidePurchase({ auction: after, bought: true }, { id: bidder, name: 'B' }, now))).toBe(
              `conflict: ${BUY_NOW_WORDS.alreadyBought}`,
            );
          }
        },
      ),
      { seed: 20260601, numRuns: 300 },
    );
  });
});
