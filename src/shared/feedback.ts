// Feedback on a trade and the public profile it adds up to: the words, the numbers and the inputs,
// shared by the server (which judges and says them) and the client.
import { z } from 'zod';
import { DAY_MS, type OrderStatus } from './constants';
import { ORDER_STATUS_WORDS } from './orders';
import { LONE_SURROGATE } from './schemas/common';

export const FEEDBACK_RATINGS = ['positive', 'neutral', 'negative'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_ROLES = ['buyer', 'seller'] as const;
export type FeedbackRole = (typeof FEEDBACK_ROLES)[number];

/** The longest comment a feedback may carry. */
export const FEEDBACK_COMMENT_MAX = 500;
/** How long after the receipt each side may leave its feedback. */
export const FEEDBACK_WINDOW_DAYS = 60;
export const FEEDBACK_WINDOW_MS = FEEDBACK_WINDOW_DAYS * DAY_MS;
/** The stretch of time a profile's counts and score cover. */
export const PROFILE_WINDOW_MS = 365 * DAY_MS;
/** Below this many ratings in that time a profile shows no score. */
export const SCORE_MIN_RATINGS = 5;
/** How many feedbacks a profile shows, newest first. */
export const PROFILE_RECENT_FEEDBACK = 10;
/** How many open auctions a profile shows, newest first. */
export const PROFILE_OPEN_AUCTIONS = 24;

export const FEEDBACK_WORDS = {
  /** A second feedback by the same side of the order. */
  alreadyGiven: 'You have already left feedback on this order.',
  notReceived: (status: OrderStatus) => `This order is ${ORDER_STATUS_WORDS[status]}: feedback can be left once it is received.`,
  tooLate: `Feedback can be left within ${FEEDBACK_WINDOW_DAYS} days of receipt: that time has passed.`,
  userNotFound: 'User not found',
  /** The profile's score, or its absence. */
  score: (score: number | null) => (score === null ? 'Not enough ratings yet' : `${score}% positive`),
};

/** C0 and C1 control characters but the line breaks, and the marks that reorder the text around them. */
const NOT_IN_COMMENT = /(?![\n\r])[\p{Cc}\p{Bidi_Control}]/u;

export const feedbackInput = z.object({
  id: z.string().max(1000),
  rating: z.enum(FEEDBACK_RATINGS, 'rating must be positive, neutral or negative'),
  comment: z
    .string('comment must be text')
    .trim()
    .max(FEEDBACK_COMMENT_MAX, `comment must be at most ${FEEDBACK_COMMENT_MAX} characters`)
    .refine((value) => !NOT_IN_COMMENT.test(value) && !LONE_SURROGATE.test(value), 'comment contains an invalid character')
    .default(''),
});
export type FeedbackInput = z.infer<typeof feedbackInput>;

/** A user named by their id in the path; any text may name one, an unknown one is 404. */
export const userIdInput = z.object({ id: z.string().max(1000) });
