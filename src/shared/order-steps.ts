// What each side of an order owes next: the main button of the orders pages and the count beside
// 'Orders' in the menu, from one rule (the server decides the moves themselves, domain/orders.ts).
import { FEEDBACK_WINDOW_MS } from './feedback';
import { moveStartsFrom, type ORDER_ROLES, type OrderMove } from './orders';
import type { OrderStatus } from './constants';

/** What one side of an order may be asked to do next: a move, or the feedback once it is received. */
export type OrderAction = OrderMove | 'feedback';

export const ORDER_ACTION_WORDS: Record<OrderAction, string> = {
  paid: 'Confirm payment',
  shipped: 'Mark shipped',
  received: 'Confirm receipt',
  cancel: 'Cancel (unpaid)',
  feedback: 'Leave feedback',
};

/** What the list and the menu need to know of an order to tell a side what it owes. */
export interface OrderProgress {
  status: OrderStatus;
  shippingCost: number | null;
  dueAt: string | Date;
  receivedAt: string | Date | null;
  /** Whether this side has already left its feedback. */
  feedbackGiven: boolean;
}

/**
 * The one thing a side of the order owes now, or null while the other side is to act: the seller
 * confirms the payment, then ships; the buyer confirms receipt; each leaves feedback within its
 * window once received. A seller whose buyer is overdue still owes the payment's confirmation first
 * (the money may have come late); cancelling is offered beside it, not instead.
 */
export function actionOwed(order: OrderProgress, side: (typeof ORDER_ROLES)[number], now: number): OrderAction | null {
  const pickup = order.shippingCost === null;
  // A collected item is handed over, not shipped: its seller owes nothing once it is paid.
  const owns: OrderMove[] = side === 'buyer' ? ['received'] : pickup ? ['paid'] : ['paid', 'shipped'];
  const move = owns.find((candidate) => moveStartsFrom(candidate, pickup).includes(order.status));
  if (move) return move;
  if (order.status !== 'received' || order.feedbackGiven || order.receivedAt === null) return null;
  return now - new Date(order.receivedAt).getTime() <= FEEDBACK_WINDOW_MS ? 'feedback' : null;
}

/** Whether the seller may cancel the order as unpaid at `now`: still unpaid after its due time. */
export const cancellableUnpaid = (order: Pick<OrderProgress, 'status' | 'dueAt'>, now: number) =>
  order.status === 'awaiting_payment' && now >= new Date(order.dueAt).getTime();
