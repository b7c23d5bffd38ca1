// Reports of listings (docs/rules/trust.md#reports): who may report a listing, and which reports may
// still be resolved. Pure rules on what the store's transaction read; the words are src/shared/reports.ts's.
import { REPORT_WORDS, type ReportStatus } from '../../shared/reports';
import { forbidden, notFound, conflict } from './errors';

/** Anyone signed in may report a listing but its seller (403); an unknown auction is 404. */
export function decideReport(auction: { sellerId: number } | undefined, callerId: number): void {
  if (!auction) throw notFound(REPORT_WORDS.auctionNotFound);
  if (auction.sellerId === callerId) throw forbidden(REPORT_WORDS.ownAuction);
}

/** Only an open report may be resolved, once: an unknown one is 404, a resolved one 409. */
export function decideResolution(report: { status: ReportStatus } | undefined): void {
  if (!report) throw notFound(REPORT_WORDS.notFound);
  if (report.status !== 'open') throw conflict(REPORT_WORDS.alreadyResolved);
}
