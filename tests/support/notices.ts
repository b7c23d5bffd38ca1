// A user's notices as the tests read them from the store: newest first, without the unread count.
import type { NotificationStore } from '../../src/server/db/notification-store';
import type { NotificationRecord } from '../../src/server/db/records';

/** The user's newest `limit` notices, newest first (the first page of the store's own read). */
export async function newestNotices(
  store: { notifications: NotificationStore },
  userId: number,
  limit: number,
): Promise<NotificationRecord[]> {
  return (await store.notifications.page(userId, { limit })).items;
}
