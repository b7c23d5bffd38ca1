// Two-factor sign-in (docs/rules/accounts.md#two-factor-sign-in), beside the rest of the model (schema.ts);
// tables.ts puts them together.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './schema';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/**
 * A user's authenticator secret (base32): pending while `enabled_at` is null (set up, not proven yet),
 * in force once a code proved it. `last_step` is the 30-second step of the last code accepted: that
 * step and every earlier one are refused, so each code works once.
 */
export const twoFactor = sqliteTable('two_factor', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  lastStep: integer('last_step'),
});

/** The single-use recovery codes of a user with two-factor on: only their SHA-256 is kept. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_idx').on(t.userId, t.codeHash)],
);

/**
 * The second step of a login, after the right password: the SHA-256 of the token the client holds,
 * live until `expires_at` and while `failures` (wrong codes) stays under the limit.
 */
export const loginChallenges = sqliteTable(
  'login_challenges',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    failures: integer('failures').notNull().default(0),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId), index('login_challenges_expires_at_idx').on(t.expiresAt)],
);
