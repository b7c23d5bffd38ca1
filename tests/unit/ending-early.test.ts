// The rules of cancelling and relisting, alone: which state refuses which, and what a relist's prices
// come to when some are sent and some copied.
import { describe, expect, it } from 'vitest';
import { cancelRefusal, decideRelist, endedWithoutSale, type ListingState } from '../../src/server/domain/ending-early';
import { AppError } from '../../src/server/domain/errors';
import { DAY_MS } from '../../src/shared/constants';
import { BUY_NOW_WORDS, CANCEL_WORDS, RELIST_WORDS, RESERVE_WORDS } from '../../src/shared/listing';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const SELLER = 7;

const auction = (fields: Partial<ListingState> = {}): ListingState => ({
  sellerId: SELLER,
  startingPrice: 100,
  currentPrice: 100,
  bidsCount: 0,
  endsAt: new Date(NOW + DAY_MS),
  leaderId: null,
  closedAt: null,
  cancelledAt: null,
  reservePrice: null,
  buyNowPrice: null,
  ...fields,
});

const ended = { endsAt: new Date(NOW - 1), closedAt: new Date(NOW - 1) };
const dates = { itemStartDate: '2026-06-01', itemEndDate: '2026-06-05' };

/** The refusal as kind and words, or null. */
const said = (error: AppError | null) => error && `${error.kind}: ${error.message}`;

function relistRefusal(...args: Parameters<typeof decideRelist>) {
  try {
    decideRelist(...args);
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return error;
  }
}

describe('cancelRefusal', () => {
  it('lets the seller cancel a scheduled or open auction without a bid', () => {
    expect(cancelRefusal(auction(), SELLER, NOW)).toBeNull();
    expect(cancelRefusal(auction({ endsAt: new Date(NOW + 1) }), SELLER, NOW)).toBeNull();
  });

  it('names each refusal, the first that applies', () => {
    expect(said(cancelRefusal(undefined, SELLER, NOW))).toBe('not-found: Auction not found');
    expect(said(cancelRefusal(auction({ bidsCount: 1 }), SELLER + 1, NOW))).toBe(`forbidden: ${CANCEL_WORDS.notSeller}`);
    expect(said(cancelRefusal(auction({ cancelledAt: new Date(NOW), closedAt: new Date(NOW) }), SELLER, NOW))).toBe(
      `conflict: ${CANCEL_WORDS.cancelled}`,
    );
    // Ended by the clock, closed or not; or closed early with its end still ahead (a purchase).
    expect(said(cancelRefusal(auction({ endsAt: new Date(NOW) }), SELLER, NOW))).toBe(`conflict: ${CANCEL_WORDS.ended}`);
    expect(said(cancelRefusal(auction({ closedAt: new Date(NOW - 1) }), SELLER, NOW))).toBe(`conflict: ${CANCEL_WORDS.ended}`);
    expect(said(cancelRefusal(auction({ ...ended, bidsCount: 2 }), SELLER, NOW))).toBe(`conflict: ${CANCEL_WORDS.ended}`);
    expect(said(cancelRefusal(auction({ bidsCount: 1 }), SELLER, NOW))).toBe(`conflict: ${CANCEL_WORDS.hasBids}`);
  });
});

describe('endedWithoutSale', () => {
  it('is no bid, or a price below the reserve', () => {
    expect(endedWithoutSale({ leaderId: null, currentPrice: 100, reservePrice: null })).toBe(true);
    expect(endedWithoutSale({ leaderId: 3, currentPrice: 149, reservePrice: 150 })).toBe(true);
    expect(endedWithoutSale({ leaderId: 3, currentPrice: 150, reservePrice: 150 })).toBe(false);
    expect(endedWithoutSale({ leaderId: 3, currentPrice: 101, reservePrice: null })).toBe(false);
    // A sale whose order was cancelled unpaid is no sale: the item may go up again.
    expect(endedWithoutSale({ leaderId: 3, currentPrice: 101, reservePrice: null, orderStatus: 'cancelled' })).toBe(true);
    expect(endedWithoutSale({ leaderId: 3, currentPrice: 101, reservePrice: null, orderStatus: 'paid' })).toBe(false);
  });
});

describe('decideRelist', () => {
  it('relists an auction that ended unsold, below its reserve, or was cancelled (open or not), for its seller', () => {
    for (const state of [
      auction(ended),
      auction({ ...ended, leaderId: 3, currentPrice: 120, bidsCount: 2, reservePrice: 150 }),
      auction({ cancelledAt: new Date(NOW - 1), closedAt: new Date(NOW - 1) }),
      auction({ ...ended, cancelledAt: new Date(NOW - 1), leaderId: 3, currentPrice: 200, bidsCount: 1 }),
    ]) {
      expect(relistRefusal(state, false, SELLER, dates, NOW)).toBeNull();
    }
  });

  it('refuses, in this order: unknown, not the seller, not ended, sold, relisted already', () => {
    const sold = auction({ ...ended, leaderId: 3, currentPrice: 101, bidsCount: 1 });
    expect(said(relistRefusal(undefined, true, SELLER, dates, NOW))).toBe('not-found: Auction not found');
    expect(said(relistRefusal(sold, true, SELLER + 1, dates, NOW))).toBe(`forbidden: ${RELIST_WORDS.notSeller}`);
    expect(said(relistRefusal(auction(), true, SELLER, dates, NOW))).toBe(`conflict: ${RELIST_WORDS.notEnded}`);
    expect(said(relistRefusal(auction({ endsAt: new Date(NOW + 2 * DAY_MS) }), false, SELLER, dates, NOW))).toBe(
      `conflict: ${RELIST_WORDS.notEnded}`,
    );
    expect(said(relistRefusal(sold, true, SELLER, dates, NOW))).toBe(`conflict: ${RELIST_WORDS.sold}`);
    expect(said(relistRefusal(auction(ended), true, SELLER, dates, NOW))).toBe(`conflict: ${RELIST_WORDS.relisted}`);
  });

  it('copies a price left out, drops one sent as null, and takes one sent', () => {
    const old = auction({ ...ended, reservePrice: 150, buyNowPrice: 300 });
    const decide = (prices: object) => decideRelist(old, false, SELLER, { ...dates, ...prices }, NOW);
    expect(decide({})).toMatchObject({ startingPrice: 100, reservePrice: 150, buyNowPrice: 300 });
    expect(decide({ reservePrice: null })).toMatchObject({ startingPrice: 100, reservePrice: null, buyNowPrice: 300 });
    expect(decide({ buyNowPrice: null, startingPrice: 120 })).toMatchObject({ startingPrice: 120, reservePrice: 150, buyNowPrice: null });
    expect(decide({ startingPrice: 50, reservePrice: 60, buyNowPrice: 61 })).toMatchObject({
      startingPrice: 50,
      reservePrice: 60,
      buyNowPrice: 61,
    });
    expect(decide({})).toMatchObject({ startsAt: new Date(NOW), endsAt: new Date('2026-06-05T23:59:59.999Z') });
  });

  it('checks copied prices against new ones, and every date and price issue at once', () => {
    const old = auction({ ...ended, reservePrice: 150, buyNowPrice: 300 });
    const issues = (request: object) => relistRefusal(old, false, SELLER, { ...dates, ...request }, NOW)?.details.issues;
    expect(issues({ startingPrice: 150 })).toEqual([{ path: 'reservePrice', message: RESERVE_WORDS.aboveStart }]);
    expect(issues({ startingPrice: 300, reservePrice: null })).toEqual([{ path: 'buyNowPrice', message: BUY_NOW_WORDS.aboveStart }]);
    expect(issues({ reservePrice: 301 })).toEqual([{ path: 'buyNowPrice', message: BUY_NOW_WORDS.notBelowReserve }]);
    expect(issues({ itemStartDate: '2026-05-31', startingPrice: 150 })).toEqual([
      { path: 'itemStartDate', message: 'Start date cannot be in the past.' },
      { path: 'reservePrice', message: RESERVE_WORDS.aboveStart },
    ]);
  });
});
