import { Badge } from '../../components/badge';
import { STATUS_WORDS } from '../../../shared/moderation';
import type { AdminUser } from './types';

/** Admin purple, user green (docs/rules/screens.md#the-admin-console). */
export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge tone={role === 'admin' ? 'admin' : 'user'}>{role === 'admin' ? 'Admin' : 'User'}</Badge>;
}

/** Green for an active account (the only green besides success), red for a suspended one, which cannot sign in. */
export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  return <Badge tone={status === 'active' ? 'success' : 'danger'}>{STATUS_WORDS[status]}</Badge>;
}
