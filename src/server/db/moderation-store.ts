// What the store does for administrators (db/common/moderation.ts, the same on both databases): an
// account's status and role, the cancel of any auction, and the audit log that records each in the
// action's own transaction.
import type { Role } from '../../shared/constants';
import type { AuditAction, AuditTarget, SettableStatus } from '../../shared/moderation';
import type { Notice } from '../domain/bidding';
import type { ModeratedUser } from '../domain/moderation';
import type { AuctionRecord, Page, UserRecord } from './records';

/** Who acts, as the audit log records them: an administrator from an address, or a command-line run (nulls). */
export interface AuditActor {
  id: number | null;
  ipAddress: string | null;
}

/** An entry of the audit log as it is read, with its actor's name (null for a command-line run, or an account gone). */
export interface AuditEntryRecord {
  id: number;
  actorId: number | null;
  actorName: string | null;
  action: AuditAction;
  targetType: AuditTarget;
  targetId: number;
  /** The target's name now: the user's, the auction's item, or the reported auction's item; null when it is gone. */
  targetName: string | null;
  reason: string | null;
  ipAddress: string | null;
  createdAt: Date;
}

/** An audit entry as the audit page reads it: the target's name as each of the three joins found it (one at most). */
export interface AuditRowRecord extends Omit<AuditEntryRecord, 'targetName'> {
  userName: string | null;
  itemName: string | null;
  reportedItemName: string | null;
}

/** The notices a cancel by an administrator owes: `recipients` are its seller, bidders and watchers, each once. */
export type CancelNotices = (auction: AuctionRecord, recipients: number[]) => Notice[];

export type AccountChange =
  | {
      changed: true;
      user: UserRecord;
      /** Whom the notices of the auctions it cancelled went to (a suspension's; none otherwise). */
      notified: number[];
      /** The auctions a suspension cancelled, and the open ones it took the account's bids off (worked out again): their pages read them afresh. */
      reloaded: Array<{ id: number; bidsCount: number }>;
    }
  /** Another change came first between the read and the update: nothing was written. */
  | { changed: false };

export type AdminCancelOutcome =
  | { cancelled: true; auction: AuctionRecord; notified: number[] }
  /** Another cancel, a purchase or the close came first: nothing was written. */
  | { cancelled: false };

export interface ModerationStore {
  /**
   * Gives the account a status, in one transaction: reads it, lets `decide` judge (pure: it throws to
   * refuse), then one conditional update from the status and role it read. A suspension, in the same
   * transaction, ends every session of the account and cancels its open and scheduled auctions
   * (`reason`, with `notices`) and removes its bids from open auctions as an administrator's removal
   * does; a reinstatement clears the reason. The audit entry beside it.
   */
  setStatus(
    change: { userId: number; status: SettableStatus; reason: string | null; cancelReason: string; actor: AuditActor; at: Date },
    decide: (user: ModeratedUser | undefined) => void,
    notices: CancelNotices,
  ): Promise<AccountChange>;
  /** Gives the account a role, in one transaction: read, `decide`, one conditional update, the audit entry. */
  setRole(
    change: { userId: number; role: Role; actor: AuditActor; at: Date },
    decide: (user: ModeratedUser | undefined) => void,
  ): Promise<AccountChange>;
  /**
   * An administrator's cancel of an auction, in one transaction: reads it, lets `decide` judge, then
   * the conditional update (not cancelled, not closed, not ended at `at`), the notices to its seller,
   * bidders and watchers, and the audit entry.
   */
  cancelAuction(
    cancel: { auctionId: number; reason: string; actor: AuditActor; at: Date },
    decide: (auction: AuctionRecord | undefined) => void,
    notices: CancelNotices,
  ): Promise<AdminCancelOutcome>;
  /** A page of the audit log, newest first, keyset by id. */
  auditPage(options: { limit: number; cursor?: string | null }): Promise<Page<AuditEntryRecord>>;
}
