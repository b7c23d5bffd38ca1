// What the store does for address confirmation links (db/common/mail.ts, the same on both databases).
import type { MailMessage } from './records';

export interface EmailConfirmationStore {
  /** Stores the confirmation link (by its token's hash) and queues its mail, in one transaction. */
  create(confirmation: { id: string; userId: number; createdAt: Date; expiresAt: Date }, mail: MailMessage): Promise<void>;
  /**
   * Uses the link up, in one transaction: marks the account's address confirmed (unless it already
   * was) and ends every other confirmation link of the account, dropping their mails not sent yet.
   * The account's id, or undefined when the link is unknown, used or expired.
   */
  consume(id: string, now: number): Promise<number | undefined>;
}
