// The searches users saved, kept beside the data model (schema.ts) since it grew long.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { CATEGORIES } from '../../../shared/constants';
import { users } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

/** A search a user saved, to be told of each auction that opens matching it. */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: id(),
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
