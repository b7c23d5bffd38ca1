// The audit log of what administrators do (docs/rules/moderation.md), beside the rest of the model (schema.ts);
// tables.ts puts them together.
import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { AUDIT_ACTIONS, AUDIT_TARGETS } from '../../../shared/moderation';

/**
 * One entry per administrator action, written in the transaction of the action it records, so that
 * the two commit together or not at all; nothing in the product updates or deletes one. The actor
 * and the target are plain ids, with no foreign key: an entry outlives the account or auction it
 * names (the log shows a deleted actor without a name). The actor is null for a command-line run.
 * Read newest first by id, which the primary key serves.
 */
export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  actorId: integer('actor_id'),
  action: text('action', { enum: AUDIT_ACTIONS }).notNull(),
  targetType: text('target_type', { enum: AUDIT_TARGETS }).notNull(),
  targetId: integer('target_id').notNull(),
  reason: text('reason'),
  /** The address the administrator acted from; null for a command-line run. */
  ipAddress: text('ip_address'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});
