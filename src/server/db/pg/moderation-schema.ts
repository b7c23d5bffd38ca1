// The audit log on PostgreSQL (see the SQLite twin, sqlite/moderation-schema.ts); tables.ts puts it with the rest of the model.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../shared/moderation';

/** One entry per administrator action, written in its transaction, never changed (see the SQLite schema). */
export const auditLog = pgTable('audit_log', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  actorId: integer('actor_id'),
  action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
  targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
  targetId: integer('target_id').notNull(),
  reason: text('reason'),
  ipAddress: text('ip_address'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
});
