// The searches users saved, kept beside the data model (schema.ts) since it grew long.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { CATEGORIES } from '../../../shared/constants';
import { users } from './schema';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** A search a user saved, to be told of each auction that opens matching it. */
export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The search text as typed; its words match as the auction search's do. */
    q: text('q'),
    category: text('category', { enum: CATEGORIES }),
    maxPrice: integer('max_price'),
    createdAt: createdAt(),
  },
  (t) => [index('saved_searches_user_id_idx').on(t.userId, t.id), index('saved_searches_match_idx').on(t.category, t.maxPrice)],
);
