// Two-factor sign-in on PostgreSQL (see the SQLite twin, sqlite/two-factor-schema.ts); tables.ts puts it
// with the rest of the model.
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './schema';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => time('created_at').notNull().defaultNow();

/** A user's authenticator secret, pending until `enabled_at` (see the SQLite schema). */
export const twoFactor = pgTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  enabledAt: time('enabled_at'),
  lastStep: integer('last_step'),
});

/** The single-use recovery codes, by their SHA-256. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/** The second step of a login, by its token's SHA-256 (see the SQLite schema). */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId), index('login_challenges_expires_at_idx').on(t.expiresAt)],
);
