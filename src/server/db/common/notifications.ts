// A user's notices, the same on both databases (db/store.ts NotificationStore). They are written by
// the events that owe them, through the dialect's writer (dialect.ts writeNotices).
import { and, count, desc, eq, inArray, isNull, lt, max, or, sql, type Placeholder } from 'drizzle-orm';
import type { NotificationKind } from '../../../shared/constants';
import type { NoticeTarget } from '../notification-store';
import { idCursor, pageOf } from '../paging';
import type { NotificationStore } from '../notification-store';
import { anyId, inAnyIds, rowLimit, type Db, type Dialect } from './dialect';
import { all, get } from './work';

/** The kinds about the order of their auction: they open it rather than the auction. */
const ORDER_KINDS = new Set<NotificationKind>([
  'won',
  'sold',
  'order_paid',
  'order_shipped',
  'order_received',
  'order_cancelled',
  'payment_overdue',
]);

export function notificationQueries({ db, t, transaction }: Dialect): NotificationStore {
  const { notifications, orders, messages } = t;
  const unreadBy = (userId: number | Placeholder) => and(eq(notifications.userId, userId), isNull(notifications.readAt));
  // Answered from the partial index of unread notices alone.
  const unread = (on: Db, userId: number | Placeholder) => on.select({ n: count() }).from(notifications).where(unreadBy(userId));
  // Read alone where no row carries it (a page past the last notice, nothing to mark): prepared once
  // (per connection on PostgreSQL, which names it).
  const unreadCount = unread(db, sql.placeholder('userId')).prepare('notifications-unread');
  const unreadOf = async (userId: number) => (await unreadCount.execute({ userId }))[0]!.n;
  return {
    async page(userId, { limit, cursor }) {
      const after = idCursor(cursor);
      // The count rides on each row, so the page and the count are of one moment: a notice written
      // meanwhile is in both or in neither (on PostgreSQL two statements would see two snapshots).
      const rows = await db
        .select({ notice: notifications, unread: db.$count(notifications, unreadBy(userId)) })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), after === null ? undefined : lt(notifications.id, anyId(after))))
        .orderBy(desc(notifications.id))
        .limit(rowLimit(limit + 1));
      const page = pageOf(rows, limit, (row) => String(row.notice.id));
      const unread = rows[0]?.unread ?? (await unreadOf(userId));
      return { items: page.items.map((row) => row.notice), nextCursor: page.nextCursor, unread };
    },
    async markRead(userId, ids, at) {
      if (ids !== null && ids.length === 0) return { marked: 0, unread: await unreadOf(userId) };
      // The user's own unread notices only: another user's id matches nothing, like an unknown one.
      return transaction(function* (tx) {
        const marked = yield* all(
          tx
            .update(notifications)
            .set({ readAt: at })
            .where(
              and(
                eq(notifications.userId, userId),
                isNull(notifications.readAt),
                ids === null ? undefined : inAnyIds(notifications.id, ids),
              ),
            )
            .returning({ id: notifications.id }),
        );
        return { marked: marked.length, unread: (yield* get(unread(tx, userId)))!.n };
      });
    },
    async targetsOf(userId, notices) {
      const aboutOrders = notices.filter((n) => ORDER_KINDS.has(n.kind));
      const aboutMessages = notices.filter((n) => n.kind === 'message');
      const [orderRows, messageRows] = await Promise.all([
        aboutOrders.length === 0
          ? []
          : db
              .select({ auctionId: orders.auctionId, id: max(orders.id).mapWith(Number) })
              .from(orders)
              .where(
                and(
                  inArray(orders.auctionId, [...new Set(aboutOrders.map((n) => n.auctionId))]),
                  or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
                ),
              )
              .groupBy(orders.auctionId),
        // The message that sent each notice, found through its auction's messages that sent one
        // (messages_noticed_idx): its writer is the one the recipient talks with.
        aboutMessages.length === 0
          ? []
          : db
              .select({ noticeId: messages.noticeId, fromUserId: messages.fromUserId })
              .from(messages)
              .where(
                and(
                  inArray(messages.auctionId, [...new Set(aboutMessages.map((n) => n.auctionId))]),
                  inArray(
                    messages.noticeId,
                    aboutMessages.map((n) => n.id),
                  ),
                ),
              ),
      ]);
      const orderOf = new Map(orderRows.map((row) => [row.auctionId, row.id]));
      const targets = new Map<number, NoticeTarget>();
      for (const notice of aboutOrders) {
        const orderId = orderOf.get(notice.auctionId);
        if (orderId !== undefined) targets.set(notice.id, { orderId });
      }
      for (const row of messageRows) targets.set(row.noticeId!, { withUserId: row.fromUserId });
      return targets;
    },
  };
}
