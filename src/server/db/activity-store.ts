// What the store counts for the menu's badges (db/common/activity.ts, the same on both databases):
// the messages a user has not read, and the orders that may be waiting for them.
import type { OrderStatus } from '../../shared/constants';

/** What the rule of what a side owes needs of an order, seen from the user's side of it. */
export interface OrderProgressRecord {
  side: 'buyer' | 'seller';
  status: OrderStatus;
  shippingCost: number | null;
  dueAt: Date;
  receivedAt: Date | null;
  /** Whether the user has left their feedback on it already. */
  feedbackGiven: boolean;
}

export interface ActivityStore {
  /** How many messages to the user, in all their conversations (as seller or not), they have not read. */
  unreadMessages(userId: number): Promise<number>;
  /**
   * The user's orders that may still owe them a step, from their side: each one neither cancelled
   * nor received, and those received since `receivedSince` (feedback's window). The rule picks which do.
   */
  ordersMayOwe(userId: number, receivedSince: Date): Promise<OrderProgressRecord[]>;
}
