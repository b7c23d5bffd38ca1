// Reports of listings (docs/rules/trust.md#reports): a user's report, the moderators' lists and their
// resolution (the rules in domain/reports.ts, inside the store's one transaction each).
import {
  REPORT_WORDS,
  type AdminReportsInput,
  type ReportAction,
  type ReportInput,
  type ReportReason,
  type ReportStatus,
  type ResolveReportInput,
} from '../../shared/reports';
import type { ReportRecord } from '../db/report-store';
import type { AppDeps } from '../deps';
import { conflict, notFound } from '../domain/errors';
import { cancelNotices } from '../domain/moderation';
import { decideReport, decideResolution } from '../domain/reports';
import { parseId, reloadFollowers } from './auctions';
import type { Moderator } from './moderation';

/** A report as both doors answer it; `resolution` is null while it is open. */
export interface Report {
  _id: string;
  auction: { _id: string; itemName: string };
  reporter: { _id: string; name: string };
  reason: ReportReason;
  details: string;
  createdAt: string;
  status: ReportStatus;
  resolution: { action: ReportAction; note: string; resolvedAt: string; resolvedBy: { _id: string; name: string } | null } | null;
}

function toReport(row: ReportRecord): Report {
  const { resolution: action, resolvedAt } = row;
  return {
    _id: String(row.id),
    auction: { _id: String(row.auctionId), itemName: row.itemName },
    reporter: { _id: String(row.reporterId), name: row.reporterName },
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    resolution:
      row.status === 'resolved' && action !== null && resolvedAt !== null
        ? {
            action,
            note: row.resolutionNote ?? '',
            resolvedAt: resolvedAt.toISOString(),
            // The administrator's account may be gone since.
            resolvedBy: row.resolvedById === null ? null : { _id: String(row.resolvedById), name: row.resolvedByName ?? '' },
          }
        : null,
  };
}

/** The caller reports a listing: 201 with the report, or refused (404, 403 for its seller, 409 the second time). */
export async function makeReport(deps: AppDeps, user: { id: number }, input: ReportInput): Promise<Report> {
  const auctionId = parseId(input.auctionId);
  if (auctionId === null) throw notFound(REPORT_WORDS.auctionNotFound);
  const report = await deps.store.reports.make(auctionId, (auction) => {
    decideReport(auction, user.id);
    return { reporterId: user.id, reason: input.reason, details: input.details, at: new Date(deps.now()) };
  });
  // The unique key let one report of this person on this listing in: the earlier one stands.
  if (report === false) throw conflict(REPORT_WORDS.alreadyReported);
  return toReport(report);
}

/**
 * What the caller reported about the listing, so that its page says so rather than offer a report it
 * would refuse: the reason and when, or null (also for an unknown auction, which its page shows anyway).
 */
export async function myReport(deps: AppDeps, user: { id: number }, auctionIdText: string) {
  const auctionId = parseId(auctionIdText);
  const row = auctionId === null ? undefined : await deps.store.reports.byReporter(auctionId, user.id);
  return { report: row ? { reason: row.reason, createdAt: row.createdAt.toISOString() } : null };
}

/** A page of reports for the moderators: open ones oldest first, resolved ones most recently resolved first. */
export async function adminReports(deps: AppDeps, input: AdminReportsInput): Promise<{ reports: Report[]; nextCursor: string | null }> {
  const page = await deps.store.reports.page(input.status, { limit: input.limit, cursor: input.cursor });
  return { reports: page.items.map(toReport), nextCursor: page.nextCursor };
}

/** An administrator resolves an open report: 200 with it, or refused (404, 409 once resolved). */
export async function resolveReport(deps: AppDeps, admin: Moderator, input: ResolveReportInput): Promise<Report> {
  const id = parseId(input.id);
  if (id === null) throw notFound(REPORT_WORDS.notFound);
  const resolved = await deps.store.reports.resolve(
    id,
    (row) => {
      decideResolution(row);
      return { action: input.action, note: input.note, at: new Date(deps.now()), byId: admin.id };
    },
    // Cancelling from a report is an administrator's cancel whose reason is the note.
    { actor: { id: admin.id, ipAddress: admin.ip }, notices: (auction, recipients) => cancelNotices(auction, recipients, input.note) },
  );
  // Another resolution came first, between the read and the update: it stands.
  if (resolved === false) throw conflict(REPORT_WORDS.alreadyResolved);
  deps.notices.publish(resolved.notified);
  if (resolved.cancelled) reloadFollowers(deps, [resolved.cancelled]);
  return toReport(resolved.report);
}
