// What the store does to delete an account (db/common/account-deletion.ts, the same on both databases).
import type { DeletionState } from '../domain/account-deletion';
import type { AuditActor, CancelNotices } from './moderation-store';

export type DeletionOutcome =
  | {
      deleted: true;
      /** The uploaded avatar's file, for the caller to remove once the deletion is committed. */
      avatar: string | null;
      /** Whom the notices of the auctions it cancelled went to. */
      notified: number[];
      /** Its auctions cancelled, and the open ones its bids were taken off (worked out again): their pages read them afresh. */
      reloaded: Array<{ id: number; bidsCount: number }>;
    }
  /** A deletion or another change of the account came first between the read and the update: nothing was written. */
  | { deleted: false };

export interface DeletionStore {
  /**
   * Deletes the account in one transaction: reads it and its trades under way, lets `decide` judge
   * (pure: it throws to refuse), then one conditional update from the status and role it read makes
   * it 'Deleted user' with no e-mail, password or avatar, and, in the same transaction, erases its
   * sessions, login history, notifications and their mails, watchlist, saved searches, two-factor
   * secret, recovery codes and login challenges, reset and confirmation links; ends the second-chance
   * offers pending to or from it; cancels its auctions still to run (none has a bid: `decide` refused
   * those) with `notices`, and takes its bids off the open auctions, as a suspension does. An
   * administrator's deletion (`actor`) is recorded in the audit log, with each cancel, beside it.
   */
  deleteAccount(
    deletion: { userId: number; at: Date; actor: AuditActor | null; cancelReason: string },
    decide: (state: DeletionState) => void,
    notices: CancelNotices,
  ): Promise<DeletionOutcome>;
}
