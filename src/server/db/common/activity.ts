// The menu's counts, the same on both databases (db/activity-store.ts): cheap reads through the
// indexes the lists use already, asked each time the menu opens.
import { and, count, eq, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import { moveStartsFrom, type OrderMove } from '../../../shared/orders';
import type { ActivityStore } from '../activity-store';
import { known, type Dialect } from './dialect';

/** Where some move of an order starts from: an order there may owe one of its sides that move. */
const MOVING_STATUSES = [
  ...new Set(
    (['paid', 'shipped', 'received', 'cancel'] as OrderMove[]).flatMap((move) => [
      ...moveStartsFrom(move, true),
      ...moveStartsFrom(move, false),
    ]),
  ),
];

export function activityQueries({ db, t }: Dialect): ActivityStore {
  const { messages, auctions, orders, feedback } = t;
  const unreadTo = (userId: number) => and(isNull(messages.readAt), ne(messages.fromUserId, userId));
  return {
    async unreadMessages(userId) {
      // As the other party (messages_with_user_idx), and as the seller (their auctions, then each one's messages).
      const [[asOther], [asSeller]] = await Promise.all([
        db
          .select({ n: count() })
          .from(messages)
          .where(and(eq(messages.withUserId, userId), unreadTo(userId))),
        db
          .select({ n: count() })
          .from(messages)
          .innerJoin(auctions, eq(auctions.id, messages.auctionId))
          .where(and(eq(auctions.sellerId, userId), unreadTo(userId))),
      ]);
      return (asOther?.n ?? 0) + (asSeller?.n ?? 0);
    },
    async ordersMayOwe(userId, receivedSince) {
      const rows = await db
        .select({
          buyerId: orders.buyerId,
          status: orders.status,
          shippingCost: orders.shippingCost,
          dueAt: orders.dueAt,
          receivedAt: orders.receivedAt,
          feedbackId: feedback.id,
        })
        .from(orders)
        // The user's own feedback on it, if any: at most one, through the order's feedback (its unique key).
        .leftJoin(feedback, and(eq(feedback.orderId, orders.id), eq(feedback.fromId, userId)))
        .where(
          and(
            or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
            or(inArray(orders.status, MOVING_STATUSES), and(eq(orders.status, known('received')), gte(orders.receivedAt, receivedSince))),
          ),
        );
      return rows.map(({ buyerId, feedbackId, ...order }) => ({
        ...order,
        side: buyerId === userId ? ('buyer' as const) : ('seller' as const),
        feedbackGiven: feedbackId !== null,
      }));
    },
  };
}
