// A user's notices, the same on both databases (db/store.ts NotificationStore). They are written by
// the events that owe them, through the dialect's writer (dialect.ts writeNotices).
import { and, count, desc, eq, isNull, lt, sql, type Placeholder } from 'drizzle-orm';
import { idCursor, pageOf } from '../paging';
import type { NotificationStore } from '../store';
import { anyId, inAnyIds, type Db, type Dialect } from './dialect';
import { all, get } from './work';

export function notificationQueries({ db, t, transaction }: Dialect): NotificationStore {
  const { notifications } = t;
  // Answered from the partial index of unread notices alone.
  const unread = (on: Db, userId: number | Placeholder) =>
    on
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  // Read on every page (the header's count) and after every change of a user's notices (their live
  // stream): prepared once (per connection on PostgreSQL, which names it).
  const unreadCount = unread(db, sql.placeholder('userId')).prepare('notifications-unread');
  const unreadOf = async (userId: number) => (await unreadCount.execute({ userId }))[0]!.n;
  return {
    async newestOf(userId, limit) {
      return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id)).limit(limit);
    },
    async page(userId, { limit, cursor }) {
      const after = idCursor(cursor);
      const rows = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), after === null ? undefined : lt(notifications.id, anyId(after))))
        .orderBy(desc(notifications.id))
        .limit(limit + 1);
      return pageOf(rows, limit, (row) => String(row.id));
    },
    unreadCount(userId) {
      return unreadOf(userId);
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
  };
}
