import { Badge } from '../../components/badge';
import type { AdminUser } from './types';

/** Admin purple, user green (docs/rules/screens.md#the-admin-console). */
export function RoleBadge({ role }: { role: AdminUser['role'] }) {
  return <Badge tone={role === 'admin' ? 'admin' : 'user'}>{role === 'admin' ? 'Admin' : 'User'}</Badge>;
}

/** Every account is active: the product has no way to suspend one yet. */
export function StatusBadge() {
  return <Badge tone="success">Active</Badge>;
}
