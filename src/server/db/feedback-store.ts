// What the store does for feedback and public profiles (db/common/feedback.ts, the same on both databases).
import type { FeedbackRating } from '../../shared/feedback';
import type { FeedbackRecord, OrderRecord, PublicUserRecord } from './records';

/** A feedback as the rule decided it: by which side, about whom. */
export interface NewFeedback {
  role: 'buyer' | 'seller';
  fromId: number;
  aboutId: number;
  rating: FeedbackRating;
  comment: string;
  at: Date;
}

export interface FeedbackStore {
  /**
   * Leaves one side's feedback on an order, in one transaction: reads the order (with the feedback
   * given already), lets `decide` judge it (pure: it throws to refuse), and inserts what it returns.
   * The unique key (order, side) makes a second one write nothing, even one sent at the same instant:
   * then false. The order as it stands afterwards otherwise.
   */
  leave(orderId: number, decide: (order: OrderRecord | undefined) => NewFeedback): Promise<OrderRecord | false>;
  /** The user's public fields, or undefined. */
  publicUser(id: number): Promise<PublicUserRecord | undefined>;
  /** How many feedbacks of each rating the user received since `since`. */
  counts(aboutId: number, since: Date): Promise<Record<FeedbackRating, number>>;
  /** The newest feedbacks about the user, with who left them. */
  recent(aboutId: number, limit: number): Promise<FeedbackRecord[]>;
}
