// The audit log's one writer, the same on both databases: the entry goes in inside the transaction of
// the action it records (docs/rules/moderation.md#the-audit-log).
import type { AuditAction, AuditTarget } from '../../../shared/moderation';
import type { AuditActor } from '../moderation-store';
import type { Db, Tables } from './dialect';
import { run, type Work } from './work';

/** One entry of the audit log: who did what to which account or auction, why, and when. */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  target: { type: AuditTarget; id: number };
  reason: string | null;
  at: Date;
}

/**
 * Writes the entry inside the caller's transaction (`yield* recordAudit(t, tx, entry)` in a unit of
 * work), so that the action and its entry commit together or not at all.
 */
export function* recordAudit(t: Tables, tx: Db, { actor, action, target, reason, at }: AuditEntry): Work<void> {
  yield* run(
    tx.insert(t.auditLog).values({
      actorId: actor.id,
      action,
      targetType: target.type,
      targetId: target.id,
      reason,
      ipAddress: actor.ipAddress,
      createdAt: at,
    }),
  );
}
