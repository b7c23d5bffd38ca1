// What the store does for reports of listings (db/common/reports.ts, the same on both databases).
import type { ReportAction, ReportReason, ReportStatus } from '../../shared/reports';
import type { AuditActor, CancelNotices } from './moderation-store';
import type { AuctionRecord, Page } from './records';

/** A report with the names the moderators' page shows: the auction's item, the reporter, who resolved it. */
export interface ReportRecord {
  id: number;
  auctionId: number;
  itemName: string;
  reporterId: number;
  reporterName: string;
  reason: ReportReason;
  details: string;
  createdAt: Date;
  status: ReportStatus;
  resolution: ReportAction | null;
  resolutionNote: string | null;
  resolvedAt: Date | null;
  resolvedById: number | null;
  resolvedByName: string | null;
}

/** A report as the rule let it in. */
export interface NewReport {
  reporterId: number;
  reason: ReportReason;
  details: string;
  at: Date;
}

/** How reports are closed: the action, the administrator's note, when and by whom. */
export interface ReportResolution {
  action: ReportAction;
  note: string;
  at: Date;
  byId: number;
}

export interface ReportStore {
  /**
   * A report on an auction, in one transaction: reads the auction's seller, lets `decide` judge
   * (pure: it throws to refuse), and inserts what it returns. The unique (auction, reporter) key makes
   * a second report of the same person write nothing, even one sent at the same instant: then false.
   */
  make(auctionId: number, decide: (auction: { sellerId: number } | undefined) => NewReport): Promise<ReportRecord | false>;
  /** The user's report on the auction, if they made one. */
  byReporter(auctionId: number, reporterId: number): Promise<ReportRecord | undefined>;
  /** A page of reports of one status: open ones oldest first, resolved ones most recently resolved first. */
  page(status: ReportStatus, options: { limit: number; cursor?: string | null }): Promise<Page<ReportRecord>>;
  /** How many reports wait for a moderator. */
  countOpen(): Promise<number>;
  /**
   * Resolves a report, in one transaction: reads it, lets `decide` judge (pure: it throws to refuse),
   * then one conditional update from `open`; `cancel_auction` first cancels the auction as an
   * administrator's cancel does (409 when it has ended or was cancelled already, with `notices` to its
   * seller, bidders and watchers) and resolves every open report of it alike (resolveOpenReportsOf).
   * The audit log records the resolution, and the cancel. A resolution that came first in between
   * leaves nothing to update: false. Otherwise the report as it now stands, whom the notices went to,
   * and the auction it cancelled, if any.
   */
  resolve(
    id: number,
    decide: (report: ReportRecord | undefined) => ReportResolution,
    context: { actor: AuditActor; notices: CancelNotices },
  ): Promise<{ report: ReportRecord; notified: number[]; cancelled: AuctionRecord | null } | false>;
}
