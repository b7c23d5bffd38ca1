// Orders after the hammer (docs/rules/orders.md): their answers, their reads, the four moves (the rule
// in domain/orders.ts inside the store's one conditional update), and the overdue notices the close's
// tick writes once per order.
import type { Role } from '../../shared/constants';
import { ORDER_WORDS, type ListOrdersInput } from '../../shared/orders';
import type { OrderRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../domain/errors';
import { decideMove, orderTotal, orderVisibleTo, overdueNotices, type OrderMove } from '../domain/orders';
import { parseId } from './auctions';
import { toFeedback, type Feedback } from './feedback';
import { photoUrls } from './photos';

/** An order as both doors answer it. */
export interface Order {
  _id: string;
  auction: { _id: string; itemName: string; itemPhoto: string };
  buyer: { _id: string; name: string };
  seller: { _id: string; name: string };
  price: number;
  shippingCost: number | null;
  total: number;
  status: OrderRecord['status'];
  createdAt: string;
  dueAt: string;
  paidAt: string | null;
  shippedAt: string | null;
  trackingNumber: string | null;
  receivedAt: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  /** Each side's feedback on the trade, once given. */
  feedback: { fromBuyer: Feedback | null; fromSeller: Feedback | null };
}

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function toOrder(row: OrderRecord, publicUrl: string): Order {
  return {
    _id: String(row.id),
    auction: { _id: String(row.auctionId), itemName: row.itemName, itemPhoto: photoUrls(row.photo, [], publicUrl).itemPhoto },
    buyer: { _id: String(row.buyerId), name: row.buyerName },
    seller: { _id: String(row.sellerId), name: row.sellerName },
    price: row.price,
    shippingCost: row.shippingCost,
    total: orderTotal(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    dueAt: row.dueAt.toISOString(),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    trackingNumber: row.trackingNumber,
    receivedAt: iso(row.receivedAt),
    cancelledAt: iso(row.cancelledAt),
    cancelReason: row.cancelReason,
    feedback: {
      fromBuyer: row.fromBuyer && toFeedback(row.fromBuyer, 'buyer', { id: row.buyerId, name: row.buyerName }),
      fromSeller: row.fromSeller && toFeedback(row.fromSeller, 'seller', { id: row.sellerId, name: row.sellerName }),
    },
  };
}

/** The order for its buyer, its seller or an administrator; 404 for anyone else, who is not told it exists. */
export async function getOrder(deps: AppDeps, viewer: { id: number; role: Role }, id: string): Promise<Order> {
  const orderId = parseId(id);
  const row = orderId === null ? undefined : await deps.store.orders.byId(orderId);
  if (!row || !orderVisibleTo(row, viewer)) throw notFound(ORDER_WORDS.notFound);
  return toOrder(row, deps.settings.PUBLIC_URL);
}

/** The caller's orders, as buyer, seller or either, newest first. */
export async function listOrders(
  deps: AppDeps,
  user: { id: number },
  input: ListOrdersInput,
): Promise<{ orders: Order[]; nextCursor: string | null }> {
  const { items, nextCursor } = await deps.store.orders.page(user.id, input);
  return { orders: items.map((row) => toOrder(row, deps.settings.PUBLIC_URL)), nextCursor };
}

/** One move by the caller: 200 with the order, or refused (404, 403, 409 naming where the order stands). */
export async function moveOrder(
  deps: AppDeps,
  user: { id: number },
  id: string,
  move: OrderMove,
  trackingNumber: string | null = null,
): Promise<{ order: Order }> {
  const orderId = parseId(id);
  if (orderId === null) throw notFound(ORDER_WORDS.notFound);
  // The clock is read once the transaction holds the order: the due time is judged at the move.
  const outcome = await deps.store.orders.move(orderId, (row) => decideMove(row, user.id, move, deps.now(), trackingNumber));
  // Another move came first: it stands, and this one is told where the order now is.
  if (!outcome.moved) throw conflict(ORDER_WORDS.notNow(outcome.order.status));
  deps.notices.publish(outcome.notified);
  return { order: toOrder(outcome.order, deps.settings.PUBLIC_URL) };
}

/** Orders told per batch of the overdue tick. */
const OVERDUE_BATCH = 100;

/** Tells both parties of every order whose payment is overdue, once per order; whom it told. */
export async function tellOverdueOrders(deps: AppDeps): Promise<number[]> {
  const told: number[] = [];
  for (;;) {
    const { due, userIds } = await deps.store.orders.tellOverdue(deps.now(), OVERDUE_BATCH, overdueNotices);
    told.push(...userIds);
    // After the commit, so a bell never counts a notice that could still roll back.
    deps.notices.publish(userIds);
    if (due < OVERDUE_BATCH) return told;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
