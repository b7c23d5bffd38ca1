// Reports of listings (docs/rules/trust.md#reports), beside the rest of the model (schema.ts); tables.ts
// puts them together.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from '../../../shared/reports';
import { auctions, users } from './schema';

/**
 * A user's report that a listing breaks the rules. The unique (auction, reporter) key makes one report
 * per person and listing, whatever two requests do at once. Resolving is a conditional update from
 * `open`, which records how (`resolution`: the action), why (the note), when and by whom.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: REPORT_ACTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedAt: integer('resolved_at', { mode: 'timestamp_ms' }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_auction_reporter_unique').on(t.auctionId, t.reporterId),
    // The two lists of the moderators' page and the dashboard's count read only their own reports.
    index('reports_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_resolved_idx')
      .on(t.resolvedAt, t.id)
      .where(sql`${t.status} = 'resolved'`),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);
