// What administrators change, the same on both databases (db/moderation-store.ts), and the piece other
// transactions take in: `cancelByAdmin`, an administrator's cancel of one auction inside a transaction.
import { and, asc, desc, eq, gt, isNull, lt, sql, type Column } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { decideRemoval } from '../../domain/bidder-removal';
import type { ModeratedUser } from '../../domain/moderation';
import type { AuditActor, AuditEntryRecord, CancelNotices, ModerationStore } from '../moderation-store';
import { idCursor, pageOf } from '../paging';
import type { AuctionRecord } from '../records';
import { recordAudit } from './audit';
import { removeBidderIn } from './bidder-removal';
import type { AuctionReader } from './close';
import { anyId, rowLimit, type Db, type Dialect } from './dialect';
import { byShape, idPlaceholder } from './prepared';
import { all, get, run, type Work } from './work';

/**
 * An administrator's cancel of one auction inside the caller's transaction: one conditional update
 * (not cancelled, not closed, not ended at `at`), then the notices `notices` makes for its seller,
 * bidders and watchers. A bid holds the auction's row while it writes (on PostgreSQL its write's row
 * lock, and every write of a bid depends on its raise; on SQLite every writer takes turns), so the
 * bidders read here are all there are, and a bid after the cancel finds the auction closed. Not
 * cancelled (and nothing written) when another cancel, a purchase or the close came first. The audit
 * entry is the caller's: it knows the action.
 */
export function* cancelByAdmin(
  { t, writeNotices }: Pick<Dialect, 't' | 'writeNotices'>,
  auctionById: AuctionReader,
  tx: Db,
  auctionId: number,
  at: Date,
  notices: CancelNotices,
): Work<{ auction: AuctionRecord; notified: number[] } | null> {
  const { auctions, bids, watches } = t;
  const cancelled = yield* get(
    tx
      .update(auctions)
      .set({
        cancelledAt: at,
        // Closed, so that the close and the ending-soon tick (which take only unclosed auctions) pass it
        // over: no winner, no order.
        closedAt: at,
        // It never opens now: no saved search is to hear of it.
        matchedAt: sql`coalesce(${auctions.matchedAt}, ${sql.param(at, auctions.matchedAt)})`,
      })
      .where(and(eq(auctions.id, anyId(auctionId)), isNull(auctions.cancelledAt), isNull(auctions.closedAt), gt(auctions.endsAt, at)))
      .returning({ id: auctions.id, sellerId: auctions.sellerId }),
  );
  if (!cancelled) return null;
  const bidders = yield* all(tx.selectDistinct({ id: bids.bidderId }).from(bids).where(eq(bids.auctionId, cancelled.id)));
  const watchers = yield* all(tx.select({ id: watches.userId }).from(watches).where(eq(watches.auctionId, cancelled.id)));
  const recipients = [...new Set([cancelled.sellerId, ...bidders.map((b) => b.id), ...watchers.map((w) => w.id)])];
  const auction = (yield* auctionById(tx, cancelled.id))!;
  return { auction, notified: yield* writeNotices(tx, auction.id, notices(auction, recipients), at) };
}

/**
 * Takes an account out of the auctions still running, inside the caller's transaction, as a suspension
 * or a deletion does: its open and scheduled auctions cancelled as an administrator's cancel does
 * (`notices` to their sellers, bidders and watchers; with `audit`, each cancel recorded in the log under
 * that actor and reason), and its bids removed from the open auctions, each worked out again as if it
 * had never bid. Answers whom the notices went to and the auctions whose followers read them afresh.
 */
export function* withdrawFromOpenAuctions(
  dialect: Dialect,
  auctionById: AuctionReader,
  tx: Db,
  userId: number,
  at: Date,
  notices: CancelNotices,
  audit: { actor: AuditActor; reason: string } | null,
): Work<{ notified: number[]; reloaded: Array<{ id: number; bidsCount: number }> }> {
  const { auctions, bids } = dialect.t;
  const notified: number[] = [];
  const reloaded: Array<{ id: number; bidsCount: number }> = [];
  const selling = yield* all(
    tx
      .select({ id: auctions.id })
      .from(auctions)
      .where(and(eq(auctions.sellerId, userId), isNull(auctions.cancelledAt), isNull(auctions.closedAt), gt(auctions.endsAt, at)))
      .orderBy(asc(auctions.id)),
  );
  for (const auction of selling) {
    const done = yield* cancelByAdmin(dialect, auctionById, tx, auction.id, at, notices);
    if (!done) continue;
    notified.push(...done.notified);
    reloaded.push({ id: done.auction.id, bidsCount: done.auction.bidsCount });
    if (!audit) continue;
    // Each cancel is recorded too: the log answers why an auction ended, whoever looks it up.
    const target = { type: 'auction' as const, id: auction.id };
    yield* recordAudit(dialect.t, tx, { actor: audit.actor, action: 'cancel_auction', target, reason: audit.reason, at });
  }
  // Their bids leave the auctions still open, each worked out again as if they had never bid.
  const bidOn = yield* all(
    tx
      .selectDistinct({ id: bids.auctionId })
      .from(bids)
      .innerJoin(auctions, eq(auctions.id, bids.auctionId))
      .where(and(eq(bids.bidderId, userId), isNull(auctions.cancelledAt), isNull(auctions.closedAt), gt(auctions.endsAt, at)))
      .orderBy(asc(bids.auctionId)),
  );
  for (const auction of bidOn) {
    const removed = yield* removeBidderIn(dialect, auctionById, tx, auction.id, userId, (state) =>
      decideRemoval(state, userId, at.getTime()),
    );
    reloaded.push({ id: auction.id, bidsCount: removed.auction.bidsCount });
  }
  return { notified: [...new Set(notified)], reloaded };
}

export function moderationQueries(dialect: Dialect, auctionById: AuctionReader): ModerationStore {
  const { db, t, transaction, readRows } = dialect;
  const { users, sessions, auditLog } = t;

  function* readUser(tx: Db, id: number): Work<ModeratedUser | undefined> {
    return yield* get(
      tx
        .select({ id: users.id, role: users.role, status: users.status })
        .from(users)
        .where(eq(users.id, anyId(id))),
    );
  }

  // The administrators' audit page, newest first (built once: prepared.ts). The target's name as it is
  // now, by its kind: one of the three joins finds it (none when it is gone).
  const auditPage = byShape((shape: 'first' | 'after') => {
    const { auctions, reports } = t;
    const targetUsers = alias(users, 'target_users');
    const targetAuctions = alias(auctions, 'target_auctions');
    const reportedAuctions = alias(auctions, 'reported_auctions');
    const targets = (type: AuditEntryRecord['targetType'], id: Column) => and(eq(auditLog.targetType, type), eq(id, auditLog.targetId));
    return db
      .select({
        id: auditLog.id,
        actorId: auditLog.actorId,
        actorName: users.name,
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        userName: targetUsers.name,
        itemName: targetAuctions.itemName,
        reportedItemName: reportedAuctions.itemName,
        reason: auditLog.reason,
        ipAddress: auditLog.ipAddress,
        createdAt: auditLog.createdAt,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .leftJoin(targetUsers, targets('user', targetUsers.id))
      .leftJoin(targetAuctions, targets('auction', targetAuctions.id))
      .leftJoin(reports, targets('report', reports.id))
      .leftJoin(reportedAuctions, eq(reportedAuctions.id, reports.auctionId))
      .where(shape === 'after' ? lt(auditLog.id, idPlaceholder('after')) : undefined)
      .orderBy(desc(auditLog.id))
      .limit(rowLimit(sql.placeholder('limit')))
      .prepare(`audit-page-${shape}`);
  });

  return {
    setStatus({ userId, status, reason, cancelReason, actor, at }, decide, notices) {
      return transaction(function* (tx) {
        const before = yield* readUser(tx, userId);
        decide(before);
        const { id, role, status: was } = before!;
        // From the status and role the rule judged: a change that came first in between leaves nothing to update.
        const user = yield* get(
          tx
            .update(users)
            .set({ status, suspensionReason: status === 'suspended' ? reason : null })
            .where(and(eq(users.id, id), eq(users.status, was), eq(users.role, role)))
            .returning(),
        );
        if (!user) return { changed: false as const };
        const notified: number[] = [];
        const reloaded: Array<{ id: number; bidsCount: number }> = [];
        if (status === 'suspended') {
          // Signed out everywhere at once: a session is read afresh on every request.
          yield* run(tx.delete(sessions).where(eq(sessions.userId, id)));
          const withdrawn = yield* withdrawFromOpenAuctions(dialect, auctionById, tx, id, at, notices, { actor, reason: cancelReason });
          notified.push(...withdrawn.notified);
          reloaded.push(...withdrawn.reloaded);
        }
        const action = status === 'suspended' ? 'suspend_user' : 'reinstate_user';
        yield* recordAudit(t, tx, { actor, action, target: { type: 'user', id }, reason, at });
        return { changed: true as const, user, notified: [...new Set(notified)], reloaded };
      });
    },
    setRole({ userId, role, actor, at }, decide) {
      return transaction(function* (tx) {
        const before = yield* readUser(tx, userId);
        decide(before);
        const { id, role: was, status } = before!;
        const user = yield* get(
          tx
            .update(users)
            .set({ role })
            .where(and(eq(users.id, id), eq(users.role, was), eq(users.status, status)))
            .returning(),
        );
        if (!user) return { changed: false as const };
        const action = role === 'admin' ? 'make_admin' : 'make_user';
        yield* recordAudit(t, tx, { actor, action, target: { type: 'user', id }, reason: null, at });
        return { changed: true as const, user, notified: [], reloaded: [] };
      });
    },
    cancelAuction({ auctionId, reason, actor, at }, decide, notices) {
      return transaction(function* (tx) {
        decide(yield* auctionById(tx, auctionId));
        const done = yield* cancelByAdmin(dialect, auctionById, tx, auctionId, at, notices);
        if (!done) return { cancelled: false as const };
        yield* recordAudit(t, tx, { actor, action: 'cancel_auction', target: { type: 'auction', id: auctionId }, reason, at });
        return { cancelled: true as const, ...done };
      });
    },
    async auditPage({ limit, cursor }) {
      const after = idCursor(cursor);
      const rows = await readRows('audit', auditPage(after === null ? 'first' : 'after'), { after, limit: limit + 1 });
      const entries = rows.map((row): AuditEntryRecord => ({
        id: row.id,
        actorId: row.actorId,
        actorName: row.actorName,
        action: row.action,
        targetType: row.targetType,
        targetId: row.targetId,
        targetName: row.userName ?? row.itemName ?? row.reportedItemName,
        reason: row.reason,
        ipAddress: row.ipAddress,
        createdAt: row.createdAt,
      }));
      return pageOf(entries, limit, (row) => String(row.id));
    },
  };
}
