// The users of /admin/users on a phone: a card per user with everything the table's row says, and
// the sort the table's headers give, as one select. The table, six columns wide, would scroll sideways.
import { Fragment } from 'react';
import { Skeleton } from '../../components/skeleton';
import type { SortOrder } from './admin-table';
import { formatAdminDateTime, formatLocation } from './format';
import { RoleBadge, StatusBadge } from './role-badge';
import { UserActions } from './user-actions';
import type { AdminUser, AdminUserSortColumn } from './types';
import { UserAvatar } from './user-avatar';

/** The orders the table's headers can give, each as one choice of the select. */
const SORTS: Array<{ sortBy: AdminUserSortColumn; sortOrder: SortOrder; label: string }> = [
  { sortBy: 'createdAt', sortOrder: 'desc', label: 'Newest first' },
  { sortBy: 'createdAt', sortOrder: 'asc', label: 'Oldest first' },
  { sortBy: 'lastLogin', sortOrder: 'desc', label: 'Latest login' },
  { sortBy: 'lastLogin', sortOrder: 'asc', label: 'Oldest login' },
  { sortBy: 'name', sortOrder: 'asc', label: 'Name A–Z' },
  { sortBy: 'name', sortOrder: 'desc', label: 'Name Z–A' },
  { sortBy: 'role', sortOrder: 'asc', label: 'Admins first' },
  { sortBy: 'role', sortOrder: 'desc', label: 'Users first' },
];

const sortValue = (sortBy: AdminUserSortColumn, sortOrder: SortOrder) => `${sortBy} ${sortOrder}`;

interface UserSortSelectProps {
  id: string;
  sortBy: AdminUserSortColumn;
  sortOrder: SortOrder;
  onChange: (sort: { sortBy: AdminUserSortColumn; sortOrder: SortOrder }) => void;
  className?: string;
}

/** The table's sort as a select; an order the list offers no choice for (by email, from an address) shows as its own line. */
export function UserSortSelect({ id, sortBy, sortOrder, onChange, className }: UserSortSelectProps) {
  const current = sortValue(sortBy, sortOrder);
  const known = SORTS.some((s) => sortValue(s.sortBy, s.sortOrder) === current);
  return (
    <select
      id={id}
      value={current}
      onChange={(event) => {
        const chosen = SORTS.find((s) => sortValue(s.sortBy, s.sortOrder) === event.target.value);
        if (chosen) onChange({ sortBy: chosen.sortBy, sortOrder: chosen.sortOrder });
      }}
      className={className}
    >
      {!known && (
        <option value={current} disabled>
          {sortBy === 'email' ? 'Email' : sortBy}, {sortOrder === 'asc' ? 'ascending' : 'descending'}
        </option>
      )}
      {SORTS.map((s) => (
        <option key={sortValue(s.sortBy, s.sortOrder)} value={sortValue(s.sortBy, s.sortOrder)}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

/** One card per user: avatar, name, the whole email, role and status, the dates and the place. */
export function UserCards({ users, busy }: { users: AdminUser[]; busy: boolean }) {
  return (
    <ul aria-label="Registered users" aria-busy={busy || undefined} className={busy ? 'opacity-60 transition-opacity' : undefined}>
      {users.map((user) => (
        <li key={user._id} className="border-b border-slate-100 p-4 last:border-b-0">
          <div className="flex items-start gap-3">
            <UserAvatar name={user.name} avatar={user.avatar} />
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <p className="font-medium break-words text-slate-900">{user.name}</p>
                <RoleBadge role={user.role} />
                <StatusBadge status={user.status} />
              </div>
              {/* The whole address: an admin reads it, a cut one is no use. */}
              <p className="text-sm [overflow-wrap:anywhere] text-slate-600">
                <BreakableEmail email={user.email} />
              </p>
            </div>
          </div>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-500">Date Created</dt>
            <dd className="text-right text-slate-800 tabular-nums">{formatAdminDateTime(user.createdAt)}</dd>
            <dt className="text-slate-500">Last Login</dt>
            <dd className="text-right text-slate-800 tabular-nums">{formatAdminDateTime(user.lastLogin)}</dd>
            <dt className="text-slate-500">Location</dt>
            <dd className="text-right break-words text-slate-800">{formatLocation(user.location)}</dd>
          </dl>
          <div className="mt-3">
            <UserActions user={user} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** An address that may wrap before its @ and its dots, where a reader expects a break. */
function BreakableEmail({ email }: { email: string }) {
  return email.split(/(?=[.@])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** Placeholder cards in the shape of the real ones while the list loads. */
export function UserCardsSkeleton({ count }: { count: number }) {
  return (
    <div role="status" aria-label="Loading users">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="border-b border-slate-100 p-4 last:border-b-0">
          <div className="flex items-center gap-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="flex-1 space-y-1.5">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-3/4" />
            </div>
          </div>
          <div className="mt-3 space-y-1.5">
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
