// The mail outbox and password resets on PostgreSQL. (Being written.)
import type { MailStore, PasswordResetStore } from '../store';
import type { PgDb } from './open';

export function pgMail(_db: PgDb): MailStore {
  throw new Error('PostgreSQL mail: not built yet');
}
export function pgPasswordResets(_db: PgDb): PasswordResetStore {
  throw new Error('PostgreSQL password resets: not built yet');
}
