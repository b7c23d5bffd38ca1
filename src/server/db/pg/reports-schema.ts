// Reports of listings on PostgreSQL (see the SQLite twin, sqlite/reports-schema.ts); tables.ts puts them
// with the rest of the model.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { REPORT_ACTIONS, REPORT_REASONS, REPORT_STATUSES } from '../../../shared/reports';
import { auctions, users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });

/** A user's report on a listing: one per person and listing, resolved once (see the SQLite schema). */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    auctionId: integer('auction_id')
      .notNull()
      .references(() => auctions.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    createdAt: time('created_at').notNull().defaultNow(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    resolution: text('resolution', { enum: REPORT_ACTIONS }),
    resolutionNote: text('resolution_note'),
    resolvedAt: time('resolved_at'),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('reports_auction_reporter_unique').on(t.auctionId, t.reporterId),
    index('reports_open_idx')
      .on(t.id)
      .where(sql`${t.status} = 'open'`),
    index('reports_resolved_idx')
      .on(t.resolvedAt, t.id)
      .where(sql`${t.status} = 'resolved'`),
    index('reports_reporter_idx').on(t.reporterId),
  ],
);
