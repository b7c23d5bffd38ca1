// Accounts on PostgreSQL: users, sessions, login history. (Being written.)
import type { LoginStore, SessionStore, UserStore } from '../store';
import type { PgDb } from './open';

export function pgUsers(_db: PgDb): UserStore {
  throw new Error('PostgreSQL users: not built yet');
}
export function pgSessions(_db: PgDb): SessionStore {
  throw new Error('PostgreSQL sessions: not built yet');
}
export function pgLogins(_db: PgDb): LoginStore {
  throw new Error('PostgreSQL logins: not built yet');
}
