// A user's notices (outbid, won, sold, an order's moves, a message…): the page read, the unread count,
// and marking them read. The events that owe them write them (db/store.ts) and publish to the notice bus.
import type { NotificationKind } from '../../shared/constants';
import type { ListNotificationsInput, MarkNotificationsReadInput } from '../../shared/schemas/notifications';
import type { NoticeTarget } from '../db/notification-store';
import type { NotificationRecord } from '../db/records';
import type { AppDeps } from '../deps';

export interface Notification {
  _id: string;
  kind: NotificationKind;
  message: string;
  auctionId: string;
  /** The order it is about (won, sold and the order's own kinds), for its buyer or seller; else null. */
  orderId: string | null;
  /** For a message: who wrote it, the other side of the conversation it opens; else null. */
  withUserId: string | null;
  createdAt: string;
  read: boolean;
}

export interface NotificationPage {
  /** Newest first. */
  notifications: Notification[];
  /** How many of the user's notices are unread, over all pages. */
  unread: number;
  /** Pass back as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

const idOrNull = (id: number | undefined) => (id === undefined ? null : String(id));

/** The notices as answers, each with what it opens beside its auction. */
async function toNotifications(deps: AppDeps, userId: number, records: NotificationRecord[]): Promise<Notification[]> {
  const targets = records.length === 0 ? new Map<number, NoticeTarget>() : await deps.store.notifications.targetsOf(userId, records);
  return records.map((record) => toNotification(record, targets.get(record.id)));
}

function toNotification(record: NotificationRecord, target: NoticeTarget = {}): Notification {
  return {
    _id: String(record.id),
    kind: record.kind,
    message: record.message,
    auctionId: String(record.auctionId),
    orderId: idOrNull(target.orderId),
    withUserId: idOrNull(target.withUserId),
    createdAt: record.createdAt.toISOString(),
    read: record.readAt !== null,
  };
}

export async function listNotifications(deps: AppDeps, userId: number, input: ListNotificationsInput): Promise<NotificationPage> {
  const page = await deps.store.notifications.page(userId, input);
  return { notifications: await toNotifications(deps, userId, page.items), unread: page.unread, nextCursor: page.nextCursor };
}

/**
 * Marks the caller's notices read: those named, or all. Ids of other users' notices are treated
 * like unknown ones, so the answer never tells whether someone else's notice exists.
 */
export async function markNotificationsRead(deps: AppDeps, userId: number, input: MarkNotificationsReadInput): Promise<{ unread: number }> {
  const ids = input.ids ? input.ids.map(Number) : null;
  const { marked, unread } = await deps.store.notifications.markRead(userId, ids, new Date(deps.now()));
  // The user's other tabs (and other devices) show the new count without a reload.
  if (marked > 0) deps.notices.publish([userId]);
  return { unread };
}

/** What a user's live stream sends: the unread count and the newest notice. */
export interface NoticeSummary {
  unread: number;
  newest: Notification | null;
}

export async function noticeSummary(deps: AppDeps, userId: number): Promise<NoticeSummary> {
  // One read for both, so a stream never shows a new notice beside a count without it.
  const { items, unread } = await deps.store.notifications.page(userId, { limit: 1 });
  return { unread, newest: (await toNotifications(deps, userId, items))[0] ?? null };
}
