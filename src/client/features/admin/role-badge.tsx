import { Badge } from '../../components/badge';
import { STATUS_WORDS } from '../../../shared/moderation';
import type { AdminUser } from './types';

/** Admin purple, user green (docs/rules/screens.md#the-admin-console). */
export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge tone={role === 'admin' ? 'admin' : 'user'}>{role === 'admin' ? 'Admin' : 'User'}</Badge>;
}

/** Green for an active account (the only green besides success), red for a suspended one, which cannot sign in; grey for a deleted one, which nobody holds any more. */
export function StatusBadge({ status }: { status: AdminUser['status'] }) {
  const tone = status === 'active' ? 'success' : status === 'suspended' ? 'danger' : 'muted';
  return <Badge tone={tone}>{STATUS_WORDS[status]}</Badge>;
}
