// The bid form's quick check (src/shared/bids.ts checkBid) against the server's own answer to the same
// bid (the place-bid schema, then the bid rule): for every draft the form refuses, the server refuses
// it with the same words on the same field (the server names one refusal: the form shows it among its own), and every draft the form lets through the server takes.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkBid, type BidDraft } from '../../src/shared/bids';
import { placeBidInput } from '../../src/shared/schemas/auction';
import { decideBid, type BidState } from '../../src/server/domain/bidding';
import { AppError } from '../../src/server/domain/errors';

const NOW = Date.parse('2026-06-01T12:00:00Z');
const SELLER = 1;
const VIEWER = 2;
const OTHER = 3;

/** What the server says of a draft: the bid's fields after parsing, or the refused field and its words. */
function serverAnswer(draft: BidDraft): { ok: true } | { ok: false; field: string; message: string } {
  const parsed = placeBidInput.safeParse({ auctionId: '7', bidAmount: draft.amount, maxBid: draft.maximum });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: String(issue.path[0]), message: issue.message };
  }
  const leaderMax = draft.myMaxBid ?? draft.currentPrice;
  const state: BidState = {
    auction: {
      id: 7,
      sellerId: SELLER,
      itemName: 'Brass desk lamp',
      currentPrice: draft.currentPrice,
      startsAt: new Date(NOW - 60_000),
      endsAt: new Date(NOW + 3_600_000),
      leaderId: draft.leading ? VIEWER : OTHER,
      closedAt: null,
      reservePrice: null,
      cancelledAt: null,
    },
    maxima: [{ bidderId: draft.leading ? VIEWER : OTHER, amount: leaderMax, order: 1 }],
    repeatOf: null,
  };
  const request = { bidderId: VIEWER, bidAmount: parsed.data.bidAmount ?? null, maxBid: parsed.data.maxBid ?? null };
  try {
    decideBid(state, request, { now: NOW, softCloseMs: 0 });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const issue = (error.details as { issues?: Array<{ path: string }> } | undefined)?.issues?.[0];
    return { ok: false, field: issue?.path ?? 'bidAmount', message: error.message };
  }
}

const typed = fc.oneof(
  fc.constant(''),
  fc.constant('  '),
  fc.integer({ min: 0, max: 400 }).map(String),
  fc.integer({ min: 999_999_990, max: 1_000_000_010 }).map(String),
  fc.constantFrom('12.5', '1e2', '-5', 'abc', ' 105 ', '00105'),
);

const drafts = fc
  .record({ amount: typed, maximum: typed, currentPrice: fc.integer({ min: 1, max: 300 }), leading: fc.boolean() })
  .map((draft): BidDraft => ({ ...draft, myMaxBid: draft.leading ? draft.currentPrice + 20 : null }));

describe('the bid form says what the server would', () => {
  test('a draft the form refuses, the server refuses with the same words on the same field', () => {
    fc.assert(
      fc.property(drafts, (draft) => {
        const form = checkBid(draft);
        fc.pre(!form.ok);
        const server = serverAnswer(draft);
        if (form.ok) return;
        // A leader's raise that does not go above their maximum: the server takes it and changes nothing.
        if (form.errors.maxBid?.startsWith('Enter more than')) {
          expect(server.ok).toBe(true);
          return;
        }
        expect(server.ok).toBe(false);
        if (server.ok) return;
        // The server names its first refusal; the form shows it on that field, in the same words.
        expect(form.errors[server.field as 'bidAmount' | 'maxBid']).toBe(server.message);
      }),
      { numRuns: 2000 },
    );
  });

  test('a draft the form lets through, the server takes, with the same amounts', () => {
    fc.assert(
      fc.property(drafts, (draft) => {
        const form = checkBid(draft);
        fc.pre(form.ok);
        expect(serverAnswer(draft)).toEqual({ ok: true });
      }),
      { numRuns: 2000 },
    );
  });

  test('the words a bidder reads', () => {
    const draft = { currentPrice: 80, leading: false, myMaxBid: null };
    expect(checkBid({ ...draft, amount: '', maximum: '' })).toEqual({ ok: false, errors: { bidAmount: 'Bid amount is required' } });
    expect(checkBid({ ...draft, amount: '95', maximum: '' })).toEqual({
      ok: false,
      errors: { bidAmount: 'Your bid must be between $81 and $90: the current price is $80.' },
    });
    expect(checkBid({ ...draft, amount: '85', maximum: '84' })).toEqual({
      ok: false,
      errors: { maxBid: 'Maximum bid must be at least your bid amount' },
    });
    expect(checkBid({ ...draft, amount: '', maximum: '150' })).toEqual({
      ok: false,
      errors: { bidAmount: 'Bid amount is required: only the highest bidder can raise their maximum without bidding.' },
    });
    expect(checkBid({ currentPrice: 80, leading: true, myMaxBid: 120, amount: '', maximum: '110' })).toEqual({
      ok: false,
      errors: { maxBid: 'Enter more than your current maximum of $120.' },
    });
    expect(checkBid({ ...draft, amount: '85', maximum: '150' })).toEqual({ ok: true, bid: { bidAmount: 85, maxBid: 150 } });
  });
});
