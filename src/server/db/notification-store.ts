// What the store does for a user's notices (db/common/notifications.ts, the same on both databases).
import type { NotificationRecord, Page } from './records';

/** What a notice opens beside its auction: the order it is about, or the conversation with someone. */
export interface NoticeTarget {
  orderId?: number;
  /** The conversation's other party as the recipient sees it: the seller's correspondent, or the seller. */
  withUserId?: number;
}

export interface NotificationStore {
  /**
   * One page of a user's notices, newest first, keyset by id, and how many of all their notices are
   * unread, both read at one moment.
   */
  page(userId: number, options: { limit: number; cursor?: string | null }): Promise<Page<NotificationRecord> & { unread: number }>;
  /**
   * Marks read, in one transaction, the user's unread notices among `ids` (every one with null);
   * ids of other users' notices, or of none, change nothing. How many it marked, and how many stay unread.
   */
  markRead(userId: number, ids: number[] | null, at: Date): Promise<{ marked: number; unread: number }>;
  /**
   * Where each of these notices of the user leads beyond its auction: the newest order of that
   * auction the user is a party to (for the kinds about an order), and the conversation a message
   * notice was sent for. Notices with neither are left out.
   */
  targetsOf(userId: number, notices: NotificationRecord[]): Promise<Map<number, NoticeTarget>>;
}
