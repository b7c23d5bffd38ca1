// Feedback on a trade and the score it adds up to (docs/rules/trust.md): pure rules on the order as
// the feedback's transaction read it; the words are src/shared/feedback.ts's.
import { FEEDBACK_WINDOW_MS, FEEDBACK_WORDS, SCORE_MIN_RATINGS, type FeedbackRating } from '../../shared/feedback';
import type { OrderStatus } from '../../shared/constants';
import { ORDER_WORDS } from '../../shared/orders';
import { conflict, notFound } from './errors';

/** What the rule needs to know of an order. */
export interface FeedbackOrder {
  buyerId: number;
  sellerId: number;
  status: OrderStatus;
  receivedAt: Date | null;
  fromBuyer: unknown;
  fromSeller: unknown;
}

/**
 * Who leaves feedback about whom, or why not: anyone but the buyer and the seller 404 (an order is
 * private), an order not received 409 naming where it stands, a side that spoke already 409, past the
 * window after the receipt 409.
 */
export function decideFeedback(
  order: FeedbackOrder | undefined,
  callerId: number,
  now: number,
): { role: 'buyer' | 'seller'; fromId: number; aboutId: number } {
  if (!order || (callerId !== order.buyerId && callerId !== order.sellerId)) throw notFound(ORDER_WORDS.notFound);
  if (order.status !== 'received' || order.receivedAt === null) throw conflict(FEEDBACK_WORDS.notReceived(order.status));
  const role = callerId === order.buyerId ? 'buyer' : 'seller';
  if ((role === 'buyer' ? order.fromBuyer : order.fromSeller) !== null) throw conflict(FEEDBACK_WORDS.alreadyGiven);
  if (now > order.receivedAt.getTime() + FEEDBACK_WINDOW_MS) throw conflict(FEEDBACK_WORDS.tooLate);
  return { role, fromId: callerId, aboutId: role === 'buyer' ? order.sellerId : order.buyerId };
}

/**
 * The share of positive ratings among positive and negative ones, in whole percent (a half rounds
 * up), or null: while fewer than SCORE_MIN_RATINGS ratings of any kind came in, or none of them was
 * positive or negative. Integer arithmetic, so that 87.5 is never 87.49999.
 */
export function feedbackScore(counts: Record<FeedbackRating, number>): number | null {
  const { positive, neutral, negative } = counts;
  const judged = positive + negative;
  if (positive + neutral + negative < SCORE_MIN_RATINGS || judged === 0) return null;
  return Math.floor((200 * positive + judged) / (2 * judged));
}
