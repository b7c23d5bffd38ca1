// An order's life after the hammer (docs/rules/orders.md): who may move it, from which status, and
// what each move tells whom. Pure rules on the order as its transaction read it; the words are
// src/shared/orders.ts's.
import { formatDollars } from '../../shared/bids';
import type { OrderStatus, Role } from '../../shared/constants';
import { moveStartsFrom, ORDER_WORDS, type OrderMove } from '../../shared/orders';
import type { Notice } from './bidding';
import { conflict, forbidden, notFound } from './errors';

/** What the rules need to know of an order. */
export interface OrderState {
  auctionId: number;
  itemName: string;
  buyerId: number;
  buyerName: string;
  sellerId: number;
  price: number;
  /** Null when the buyer collects the item: such an order may be received straight from paid. */
  shippingCost: number | null;
  status: OrderStatus;
  dueAt: Date;
}

export type { OrderMove };

/** The columns a move sets beside the status. */
export interface OrderChanges {
  paidAt?: Date;
  shippedAt?: Date;
  trackingNumber?: string | null;
  receivedAt?: Date;
  cancelledAt?: Date;
  cancelReason?: string;
}

/** A move as the store writes it: one conditional update from `from` to `to`, with its notices. */
export interface OrderMoveDecision {
  at: Date;
  from: OrderStatus;
  to: OrderStatus;
  changes: OrderChanges;
  notices: Notice[];
  /** The buyer's unpaid strikes rise by one (a cancel for non-payment). */
  strike: boolean;
}

/** Whether the viewer may see the order at all: its buyer, its seller or an administrator. */
export function orderVisibleTo(order: Pick<OrderState, 'buyerId' | 'sellerId'>, viewer: { id: number; role: Role }): boolean {
  return viewer.id === order.buyerId || viewer.id === order.sellerId || viewer.role === 'admin';
}

/** The total the buyer owes: the price and the shipping. */
export const orderTotal = (order: Pick<OrderState, 'price' | 'shippingCost'>) => order.price + (order.shippingCost ?? 0);

/**
 * Decides a move of the order by the caller at `now`, or throws why not: unknown to the caller 404
 * (another's order is not revealed), the wrong party 403, a status the move does not start from 409
 * naming the status, a cancel before the payment is due 409.
 */
export function decideMove(
  order: OrderState | undefined,
  callerId: number,
  move: OrderMove,
  now: number,
  trackingNumber: string | null = null,
): OrderMoveDecision {
  if (!order || (callerId !== order.buyerId && callerId !== order.sellerId)) throw notFound(ORDER_WORDS.notFound);
  const byBuyer = move === 'received';
  if (byBuyer && callerId !== order.buyerId) throw forbidden(ORDER_WORDS.onlyBuyer);
  if (!byBuyer && callerId !== order.sellerId) throw forbidden(ORDER_WORDS.onlySeller);
  if (!moveStartsFrom(move, order.shippingCost === null).includes(order.status)) throw conflict(ORDER_WORDS.notNow(order.status));
  const at = new Date(now);
  const item = `“${order.itemName}”`;
  const base = { at, from: order.status, strike: false };
  switch (move) {
    case 'paid':
      return {
        ...base,
        to: 'paid',
        changes: { paidAt: at },
        notices: [{ userId: order.buyerId, kind: 'order_paid', message: `The seller confirmed your payment for ${item}.` }],
      };
    case 'shipped':
      return {
        ...base,
        to: 'shipped',
        changes: { shippedAt: at, trackingNumber },
        notices: [
          {
            userId: order.buyerId,
            kind: 'order_shipped',
            message: trackingNumber === null ? `${item} was shipped.` : `${item} was shipped: the tracking number is ${trackingNumber}.`,
          },
        ],
      };
    case 'received':
      return {
        ...base,
        to: 'received',
        changes: { receivedAt: at },
        notices: [{ userId: order.sellerId, kind: 'order_received', message: `${order.buyerName} received ${item}.` }],
      };
    case 'cancel':
      if (now < order.dueAt.getTime()) throw conflict(ORDER_WORDS.notDueYet);
      return {
        ...base,
        to: 'cancelled',
        changes: { cancelledAt: at, cancelReason: 'unpaid' },
        notices: [
          {
            userId: order.buyerId,
            kind: 'order_cancelled',
            message: `The seller cancelled your order for ${item}: it was not paid in time.`,
          },
        ],
        strike: true,
      };
  }
}

/** What an order still unpaid at its due time owes: one notice to each side. */
export function overdueNotices(order: OrderState): Notice[] {
  const item = `“${order.itemName}”`;
  const total = formatDollars(orderTotal(order));
  return [
    { userId: order.buyerId, kind: 'payment_overdue', message: `Your payment of ${total} for ${item} is overdue.` },
    {
      userId: order.sellerId,
      kind: 'payment_overdue',
      message: `${order.buyerName} has not paid for ${item} in time: you may cancel the order.`,
    },
  ];
}
