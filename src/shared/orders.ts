// An order's words and the inputs of its calls, shared by the server (which says them) and the client.
import { z } from 'zod';
import { ORDER_STATUSES, type OrderStatus } from './constants';
import { CONTROL_CHARACTER, LONE_SURROGATE, pageFields } from './schemas/common';

/** The longest tracking number a seller may give. */
export const TRACKING_NUMBER_MAX = 100;
export const ORDERS_PAGE_SIZE = 20;
export const ORDERS_PAGE_MAX = 100;

/** An order's status in words, as the order page and the refusals say it. */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  awaiting_payment: 'awaiting payment',
  paid: 'paid',
  shipped: 'shipped',
  received: 'received',
  cancelled: 'cancelled',
};

export const ORDER_WORDS = {
  notFound: 'Order not found',
  /** A move refused because the order is not where the move starts from: names where it stands. */
  notNow: (status: OrderStatus) => `This order is ${ORDER_STATUS_WORDS[status]}: that step is not possible now.`,
  onlySeller: 'Only the seller can do this.',
  onlyBuyer: 'Only the buyer can do this.',
  notDueYet: 'The payment is not overdue yet: the order can be cancelled once its due time has passed.',
};

/** An order named by its id in the path; any text may name it, an unknown one is 404. */
export const orderIdInput = z.object({ id: z.string().max(1000) });

export const shippedInput = z.object({
  id: z.string().max(1000),
  trackingNumber: z
    .string()
    .trim()
    .max(TRACKING_NUMBER_MAX, `trackingNumber must be at most ${TRACKING_NUMBER_MAX} characters`)
    .refine((value) => !CONTROL_CHARACTER.test(value) && !LONE_SURROGATE.test(value), 'trackingNumber contains an invalid character')
    .nullish()
    .transform((value) => (value ? value : null)),
});

/** The one reason a seller may cancel an order for: it was not paid in time. */
export const cancelOrderInput = z.object({ id: z.string().max(1000), reason: z.literal('unpaid', 'reason must be "unpaid"') });

export const ORDER_ROLES = ['buyer', 'seller'] as const;

export const listOrdersInput = z
  .object({
    role: z.enum(ORDER_ROLES, 'role must be buyer or seller').nullish(),
    status: z.enum(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`).nullish(),
    ...pageFields(ORDERS_PAGE_SIZE, ORDERS_PAGE_MAX),
  })
  .default({ limit: ORDERS_PAGE_SIZE });
export type ListOrdersInput = z.infer<typeof listOrdersInput>;

/** The four moves of an order; who makes each is the server's rule (domain/orders.ts). */
export type OrderMove = 'paid' | 'shipped' | 'received' | 'cancel';

/**
 * The statuses a move starts from. An item collected in person (no shipping cost) is received
 * straight from paid; every other move has one status it starts from.
 */
export function moveStartsFrom(move: OrderMove, pickup: boolean): readonly OrderStatus[] {
  if (move === 'paid' || move === 'cancel') return ['awaiting_payment'];
  if (move === 'shipped') return ['paid'];
  return pickup ? ['shipped', 'paid'] : ['shipped'];
}
