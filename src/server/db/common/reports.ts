// Reports of listings, the same on both databases (db/report-store.ts). A report is one insert that the
// unique (auction, reporter) key lets in once; a resolution is one conditional update from `open`, so
// of two at once one resolves and the other finds nothing left to change.
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { REPORT_WORDS, type ReportStatus } from '../../../shared/reports';
import { badRequest, conflict } from '../../domain/errors';
import { decodeKeyCursor, EARLIEST_MS, encodeKeyCursor, idCursor, LATEST_MS, pageOf } from '../paging';
import type { AuctionRecord } from '../records';
import type { ReportRecord, ReportResolution, ReportStore } from '../report-store';
import type { AuctionReader } from './close';
import { anyId, known, rowLimit, type Db, type Dialect, type Tables } from './dialect';
import { byShape, idPlaceholder } from './prepared';
import { recordAudit } from './audit';
import { cancelByAdmin } from './moderation';
import { all, get, type Work } from './work';

/** Reports as every read answers them: with the auction's name, the reporter's and the resolver's. */
function reportRead(t: Tables, on: Db) {
  const { reports, auctions, users } = t;
  const resolvers = alias(users, 'resolvers');
  return on
    .select({
      id: reports.id,
      auctionId: reports.auctionId,
      itemName: auctions.itemName,
      reporterId: reports.reporterId,
      reporterName: users.name,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      status: reports.status,
      resolution: reports.resolution,
      resolutionNote: reports.resolutionNote,
      resolvedAt: reports.resolvedAt,
      resolvedById: reports.resolvedById,
      resolvedByName: resolvers.name,
    })
    .from(reports)
    .innerJoin(auctions, eq(auctions.id, reports.auctionId))
    .innerJoin(users, eq(users.id, reports.reporterId))
    .leftJoin(resolvers, eq(resolvers.id, reports.resolvedById));
}

/** Closes the open reports `which` names with one resolution, in the unit's transaction: the ids it closed. */
function* resolveOpen(t: Tables, tx: Db, which: SQL, { action, note, at, byId }: ReportResolution): Work<number[]> {
  const { reports } = t;
  const rows = yield* all(
    tx
      .update(reports)
      .set({ status: 'resolved', resolution: action, resolutionNote: note, resolvedAt: at, resolvedById: byId })
      .where(and(which, eq(reports.status, known('open'))))
      .returning({ id: reports.id }),
  );
  return rows.map((row) => row.id);
}

/**
 * Resolves every open report of the auction alike, inside the caller's transaction: what cancelling an
 * auction from a report owes, in the cancel's own transaction, so that a report made meanwhile is
 * either resolved with it or made after it. The ids it closed.
 */
export function resolveOpenReportsOf(t: Tables, tx: Db, auctionId: number, resolution: ReportResolution): Work<number[]> {
  return resolveOpen(t, tx, eq(t.reports.auctionId, anyId(auctionId)), resolution);
}

const invalidCursor = () => badRequest('Invalid cursor');

export function reportQueries(dialect: Dialect, auctionById: AuctionReader): ReportStore {
  const { kind, db, t, transaction, readRows } = dialect;
  const { reports, auctions } = t;
  const reportById = (on: Db, id: number) => get(reportRead(t, on).where(eq(reports.id, anyId(id))));

  // The moderators' page of open reports (built once: prepared.ts). Ids grow with time: the open
  // reports by id are the longest waiting first.
  const openPage = byShape((shape: 'first' | 'after') =>
    reportRead(t, db)
      .where(and(eq(reports.status, known('open')), shape === 'after' ? sql`${reports.id} > ${idPlaceholder('after')}` : undefined))
      .orderBy(asc(reports.id))
      .limit(rowLimit(sql.placeholder('limit')))
      .prepare(`reports-open-${shape}`),
  );

  // The open reports on the admin dashboard: a count through their partial index, prepared once too.
  const openCount = db
    .select({ n: count() })
    .from(reports)
    .where(eq(reports.status, known('open')))
    .prepare('reports-open-count');

  /** Where a page of resolved reports starts: after the time and id its cursor names. */
  function resolvedAfter(cursor: string): SQL {
    const after = decodeKeyCursor('resolved', cursor);
    // PostgreSQL reads times of the years 1 to 9999 only; no report was resolved outside them.
    if (after === null || after.key < EARLIEST_MS || after.key > LATEST_MS) throw invalidCursor();
    const at = kind === 'pg' ? sql`${sql.param(new Date(after.key), reports.resolvedAt)}` : sql`${after.key}`;
    return sql`(${reports.resolvedAt}, ${reports.id}) < (${at}, ${anyId(after.id)})`;
  }

  return {
    make(auctionId, decide) {
      return transaction(function* (tx) {
        const auction = yield* get(
          tx
            .select({ sellerId: auctions.sellerId })
            .from(auctions)
            .where(eq(auctions.id, anyId(auctionId))),
        );
        const report = decide(auction);
        const written = yield* get(
          tx
            .insert(reports)
            .values({ auctionId, reporterId: report.reporterId, reason: report.reason, details: report.details, createdAt: report.at })
            .onConflictDoNothing({ target: [reports.auctionId, reports.reporterId] })
            .returning({ id: reports.id }),
        );
        if (!written) return false as const;
        return (yield* reportById(tx, written.id)) as ReportRecord;
      });
    },
    async byReporter(auctionId, reporterId) {
      const [row] = await reportRead(t, db).where(and(eq(reports.auctionId, anyId(auctionId)), eq(reports.reporterId, reporterId)));
      return row;
    },
    async page(status: ReportStatus, { limit, cursor }) {
      if (status === 'open') {
        const after = idCursor(cursor);
        if (cursor && after === null) throw invalidCursor();
        const rows = await readRows('report', openPage(after === null ? 'first' : 'after'), { after, limit: limit + 1 });
        return pageOf(rows, limit, (row) => String(row.id));
      }
      const rows = await reportRead(t, db)
        .where(and(eq(reports.status, known('resolved')), cursor ? resolvedAfter(cursor) : undefined))
        .orderBy(desc(reports.resolvedAt), desc(reports.id))
        .limit(rowLimit(limit + 1));
      // Every resolution sets its time.
      return pageOf(rows, limit, (row) => encodeKeyCursor('resolved', { key: row.resolvedAt!.getTime(), id: row.id }));
    },
    async countOpen() {
      const [row] = await openCount.execute();
      return Number(row?.n ?? 0);
    },
    resolve(id, decide, { actor, notices }) {
      return transaction(function* (tx) {
        const report = yield* reportById(tx, id);
        const resolution = decide(report);
        // `decide` refused an unknown report: the report is here.
        const { auctionId } = report!;
        const { at, note } = resolution;
        let notified: number[] = [];
        let cancelled: AuctionRecord | null = null;
        let closed: number[];
        if (resolution.action === 'cancel_auction') {
          // The cancel and the resolutions commit together: a listing cancelled from a report leaves no report of it open.
          const cancel = yield* cancelByAdmin(dialect, auctionById, tx, auctionId, at, notices);
          if (!cancel) throw conflict(REPORT_WORDS.cannotCancel);
          notified = cancel.notified;
          cancelled = cancel.auction;
          yield* recordAudit(t, tx, { actor, action: 'cancel_auction', target: { type: 'auction', id: auctionId }, reason: note, at });
          closed = yield* resolveOpenReportsOf(t, tx, auctionId, resolution);
        } else {
          closed = yield* resolveOpen(t, tx, eq(reports.id, anyId(id)), resolution);
        }
        if (!closed.includes(id)) return false as const;
        yield* recordAudit(t, tx, { actor, action: 'resolve_report', target: { type: 'report', id }, reason: note || null, at });
        return { report: (yield* reportById(tx, id)) as ReportRecord, notified, cancelled };
      });
    },
  };
}
