// Reports of listings (docs/rules/trust.md#reports): the reasons and their words, the numbers, and the
// inputs of the calls, shared by the server (which judges and says them) and the client.
import { z } from 'zod';
import { optionalLinesText, wholeNumber } from './schemas/common';

export const REPORT_REASONS = ['counterfeit', 'prohibited', 'misleading', 'offensive', 'spam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** Each reason as a person reads it, with a line on what it covers. */
export const REPORT_REASON_WORDS: Record<ReportReason, { label: string; hint: string }> = {
  counterfeit: { label: 'Counterfeit', hint: 'A fake or replica sold as the real thing.' },
  prohibited: { label: 'Prohibited item', hint: 'Something that may not be sold here or by law.' },
  misleading: { label: 'Misleading', hint: 'The description or photos do not match the item.' },
  offensive: { label: 'Offensive', hint: 'Hateful, violent or explicit words or pictures.' },
  spam: { label: 'Spam', hint: 'An advertisement, a scam or a duplicate listing.' },
  other: { label: 'Other', hint: 'Something else: say what in the details.' },
};

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_ACTIONS = ['dismiss', 'cancel_auction'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

/** The longest details a report may carry, and the longest note an administrator may resolve it with. */
export const REPORT_DETAILS_MAX = 1000;
export const REPORT_NOTE_MAX = 500;

export const REPORT_WORDS = {
  auctionNotFound: 'Auction not found',
  notFound: 'Report not found',
  ownAuction: 'You cannot report your own listing.',
  alreadyReported: 'You have already reported this listing.',
  detailsRequired: 'Please describe the problem: details are required when the reason is Other.',
  alreadyResolved: 'This report has already been resolved.',
  noteRequired: 'A note is required to cancel the auction: it is the reason its seller and bidders read.',
  cannotCancel: 'This auction has ended or was cancelled already: dismiss the report instead.',
  received: 'Thank you: your report was sent to the moderators.',
};

/** A report on the auction named in the path; details say what is wrong, and must when the reason is `other`. */
export const reportInput = z
  .object({
    auctionId: z.string().max(1000),
    reason: z.enum(REPORT_REASONS, `reason must be one of ${REPORT_REASONS.join(', ')}`),
    details: optionalLinesText('details', REPORT_DETAILS_MAX),
  })
  .refine((input) => input.reason !== 'other' || input.details !== '', { path: ['details'], error: REPORT_WORDS.detailsRequired });
export type ReportInput = z.infer<typeof reportInput>;

const ADMIN_REPORTS_PAGE = 20;
const ADMIN_REPORTS_MAX = 100;

/**
 * A page of reports: the open ones oldest first (the longest waiting at the top), the resolved ones
 * most recently resolved first. The cursor is the one the previous page of that status handed out.
 */
export const adminReportsInput = z
  .object({
    status: z.enum(REPORT_STATUSES, 'status must be open or resolved').default('open'),
    limit: wholeNumber('limit')
      .pipe(
        z
          .number()
          .min(1, `limit must be from 1 to ${ADMIN_REPORTS_MAX}`)
          .max(ADMIN_REPORTS_MAX, `limit must be from 1 to ${ADMIN_REPORTS_MAX}`),
      )
      .default(ADMIN_REPORTS_PAGE),
    cursor: z
      .string()
      .regex(/^[\w-]{1,200}$/, 'Invalid cursor')
      .nullish(),
  })
  .default({ status: 'open', limit: ADMIN_REPORTS_PAGE });
export type AdminReportsInput = z.infer<typeof adminReportsInput>;

/** How an administrator closes a report; cancelling the auction needs the note, which becomes its reason. */
export const resolveReportInput = z
  .object({
    id: z.string().max(1000),
    action: z.enum(REPORT_ACTIONS, 'action must be dismiss or cancel_auction'),
    note: optionalLinesText('note', REPORT_NOTE_MAX),
  })
  .refine((input) => input.action !== 'cancel_auction' || input.note !== '', { path: ['note'], error: REPORT_WORDS.noteRequired });
export type ResolveReportInput = z.infer<typeof resolveReportInput>;
