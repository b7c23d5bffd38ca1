// What of users and sessions PostgreSQL does its own way (the rest is common/accounts.ts): the admin
// users search and sorts, by the expressions its indexes hold, and the session lookup made on every request.
import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { UserSearch } from '../common/accounts';
import type { SessionStore } from '../store';
import type { SessionRecord, UserRecord } from '../records';
import type { PgDb } from './open';
import { users } from './schema';

function matching(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`(strpos(lower(${users.name}), lower(${search})) > 0 or strpos(lower(${users.email}), lower(${search})) > 0)`;
}

export const pgUserSearch: UserSearch = {
  matching,
  // By the expression users_name_lower_idx holds. Emails are stored in lower case already.
  name: sql`lower(${users.name})`,
  // As users_last_login_*_idx hold them: nulls last either way.
  byLastLogin: (descending) => [
    sql`${users.lastLoginAt} ${descending ? sql`desc` : sql`asc`} nulls last`,
    (descending ? desc : asc)(users.id),
  ],
};

/**
 * Read on every request: one statement, prepared once per connection under its name. A suspended
 * account's sessions are deleted with the suspension; the status check also refuses one that a login
 * racing the suspension could have made.
 */
const LOOKUP_SESSION = {
  name: 'session-lookup',
  text: `select s.id, s.last_seen_at, s.expires_at, u.id as user_id, u.name, u.email, u.role, u.avatar,
           u.email_verified_at is not null as email_verified,
           exists (select 1 from two_factor f where f.user_id = u.id and f.enabled_at is not null) as two_factor
         from sessions s join users u on u.id = s.user_id
         where s.id = $1 and u.status = 'active'`,
};

interface SessionRow {
  id: string;
  last_seen_at: Date;
  expires_at: Date;
  user_id: number;
  name: string;
  email: string;
  role: UserRecord['role'];
  avatar: string | null;
  email_verified: boolean;
  two_factor: boolean;
}

export function pgSessions(db: PgDb): Pick<SessionStore, 'lookup'> {
  return {
    async lookup(id): Promise<SessionRecord | undefined> {
      const [row] = (await db.$client.query<SessionRow>({ ...LOOKUP_SESSION, values: [id] })).rows;
      return (
        row && {
          sessionId: row.id,
          lastSeenAt: row.last_seen_at,
          expiresAt: row.expires_at,
          user: {
            id: row.user_id,
            name: row.name,
            email: row.email,
            role: row.role,
            avatar: row.avatar,
            emailVerified: row.email_verified,
            twoFactor: row.two_factor,
          },
        }
      );
    },
  };
}
