// The feedback rules alone: who may leave one and when, and the score's rounding and threshold.
import { describe, expect, test } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { FEEDBACK_WORDS } from '../../src/shared/feedback';
import { ORDER_WORDS } from '../../src/shared/orders';
import { decideFeedback, feedbackScore, type FeedbackOrder } from '../../src/server/domain/feedback';

const received = Date.parse('2026-06-01T12:00:00Z');
const order: FeedbackOrder = {
  buyerId: 1,
  sellerId: 2,
  status: 'received',
  receivedAt: new Date(received),
  fromBuyer: null,
  fromSeller: null,
};

describe('decideFeedback', () => {
  test('each side about the other', () => {
    expect(decideFeedback(order, 1, received)).toEqual({ role: 'buyer', fromId: 1, aboutId: 2 });
    expect(decideFeedback(order, 2, received + 60 * DAY_MS)).toEqual({ role: 'seller', fromId: 2, aboutId: 1 });
  });

  test('refusals: a stranger or no order 404, not received 409, given already 409, too late 409', () => {
    expect(() => decideFeedback(order, 3, received)).toThrow(ORDER_WORDS.notFound);
    expect(() => decideFeedback(undefined, 1, received)).toThrow(ORDER_WORDS.notFound);
    expect(() => decideFeedback({ ...order, status: 'shipped', receivedAt: null }, 1, received)).toThrow(
      FEEDBACK_WORDS.notReceived('shipped'),
    );
    expect(() => decideFeedback({ ...order, fromBuyer: {} }, 1, received)).toThrow(FEEDBACK_WORDS.alreadyGiven);
    expect(decideFeedback({ ...order, fromBuyer: {} }, 2, received).role).toBe('seller');
    expect(() => decideFeedback(order, 1, received + 60 * DAY_MS + 1)).toThrow(FEEDBACK_WORDS.tooLate);
  });
});

describe('feedbackScore', () => {
  test.each([
    [{ positive: 4, neutral: 0, negative: 0 }, null],
    [{ positive: 0, neutral: 5, negative: 0 }, null],
    [{ positive: 5, neutral: 0, negative: 0 }, 100],
    [{ positive: 0, neutral: 0, negative: 5 }, 0],
    [{ positive: 7, neutral: 0, negative: 1 }, 88],
    [{ positive: 1, neutral: 0, negative: 7 }, 13],
    [{ positive: 2, neutral: 4, negative: 1 }, 67],
    [{ positive: 49, neutral: 0, negative: 1 }, 98],
    [{ positive: 197, neutral: 0, negative: 3 }, 99],
    [{ positive: 1, neutral: 0, negative: 199 }, 1],
  ])('%o → %s', (counts, score) => {
    expect(feedbackScore(counts)).toBe(score);
  });

  test('the words say the score, or that there is none yet', () => {
    expect(FEEDBACK_WORDS.score(98)).toBe('98% positive');
    expect(FEEDBACK_WORDS.score(null)).toBe('Not enough ratings yet');
  });
});
