// The rules of reports (src/server/domain/reports.ts) and their inputs (src/shared/reports.ts): who may
// report, which reports may be resolved, and what a report and a resolution may say.
import { describe, expect, test } from 'vitest';
import { AppError } from '../../src/server/domain/errors';
import { decideReport, decideResolution } from '../../src/server/domain/reports';
import { REPORT_WORDS, reportInput, resolveReportInput } from '../../src/shared/reports';

function refusal(decide: () => void) {
  try {
    decide();
  } catch (error) {
    if (error instanceof AppError) return { kind: error.kind, message: error.message };
    throw error;
  }
  return null;
}

describe('who may report a listing', () => {
  test('anyone but its seller; an unknown auction is not found', () => {
    expect(refusal(() => decideReport({ sellerId: 1 }, 2))).toBeNull();
    expect(refusal(() => decideReport({ sellerId: 1 }, 1))).toEqual({ kind: 'forbidden', message: REPORT_WORDS.ownAuction });
    expect(refusal(() => decideReport(undefined, 2))).toEqual({ kind: 'not-found', message: REPORT_WORDS.auctionNotFound });
  });

  test('only an open report may be resolved', () => {
    expect(refusal(() => decideResolution({ status: 'open' }))).toBeNull();
    expect(refusal(() => decideResolution({ status: 'resolved' }))).toEqual({ kind: 'conflict', message: REPORT_WORDS.alreadyResolved });
    expect(refusal(() => decideResolution(undefined))).toEqual({ kind: 'not-found', message: REPORT_WORDS.notFound });
  });
});

describe('what a report and a resolution may say', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  test('details are trimmed, optional but for other, at most 1,000 characters, with line breaks but no other control character', () => {
    expect(reportInput.parse({ auctionId: '1', reason: 'spam' })).toEqual({ auctionId: '1', reason: 'spam', details: '' });
    expect(reportInput.parse({ auctionId: '1', reason: 'other', details: ' Stolen?\r\nMaybe. ' }).details).toBe('Stolen?\r\nMaybe.');
    expect(issues(reportInput.safeParse({ auctionId: '1', reason: 'other', details: '  ' }))).toEqual([
      ['details', REPORT_WORDS.detailsRequired],
    ]);
    expect(reportInput.safeParse({ auctionId: '1', reason: 'spam', details: 'x'.repeat(1000) }).success).toBe(true);
    expect(reportInput.safeParse({ auctionId: '1', reason: 'spam', details: 'x'.repeat(1001) }).success).toBe(false);
    for (const details of ['a\u0000b', 'tab\there', '\u001b[2J', 'flip\u202e', 'lone \ud800'])
      expect(reportInput.safeParse({ auctionId: '1', reason: 'spam', details }).success, JSON.stringify(details)).toBe(false);
    expect(reportInput.safeParse({ auctionId: '1', reason: 'Spam' }).success).toBe(false);
  });

  test('cancelling the auction needs a note; dismissing does not', () => {
    expect(resolveReportInput.parse({ id: '7', action: 'dismiss' })).toEqual({ id: '7', action: 'dismiss', note: '' });
    expect(issues(resolveReportInput.safeParse({ id: '7', action: 'cancel_auction', note: ' ' }))).toEqual([
      ['note', REPORT_WORDS.noteRequired],
    ]);
    expect(resolveReportInput.safeParse({ id: '7', action: 'cancel_auction', note: 'Weapons' }).success).toBe(true);
    expect(resolveReportInput.safeParse({ id: '7', action: 'dismiss', note: 'x'.repeat(501) }).success).toBe(false);
  });
});
