import { ArrowLeft, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams, type To } from 'react-router-dom';
import { ADMIN_SEARCH_MAX, ADMIN_USERS_PAGE_SIZE } from '../../../shared/constants';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { inputClasses } from '../../components/field';
import { AdminTable, SkeletonRows, SortableTh, Td, Th, type SortOrder } from '../../features/admin/admin-table';
import { useAdminUsers } from '../../features/admin/api';
import { formatAdminDateTime, formatLocation } from '../../features/admin/format';
import { Pagination } from '../../features/admin/pagination';
import { RoleBadge, StatusBadge } from '../../features/admin/role-badge';
import type { AdminUserSortColumn } from '../../features/admin/types';
import { UserActions } from '../../features/admin/user-actions';
import { UserIdentity } from '../../features/admin/user-avatar';
import { UserCards, UserCardsSkeleton, UserSortSelect } from '../../features/admin/user-cards';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { paths } from '../../lib/paths';

const SEARCH_DEBOUNCE_MS = 300;
const COLUMNS = 7;

type RoleFilter = 'all' | 'user' | 'admin';
const ROLE_OPTIONS: Array<{ value: RoleFilter; label: string }> = [
  { value: 'all', label: 'All roles' },
  { value: 'user', label: 'Users' },
  { value: 'admin', label: 'Admins' },
];
const SORTABLE: AdminUserSortColumn[] = ['name', 'email', 'role', 'createdAt', 'lastLogin'];

const DEFAULTS = {
  page: 1,
  search: '',
  role: 'all' as RoleFilter,
  sortBy: 'createdAt' as AdminUserSortColumn,
  sortOrder: 'desc' as SortOrder,
};
type ListState = typeof DEFAULTS;

/** The list's state lives in the address bar, so reload, Back and shared links show the same list. */
function readState(params: URLSearchParams): ListState {
  const page = Number(params.get('page'));
  const role = params.get('role');
  const sortBy = params.get('sortBy');
  const sortOrder = params.get('sortOrder');
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULTS.page,
    search: (params.get('search') ?? '').slice(0, ADMIN_SEARCH_MAX),
    role: ROLE_OPTIONS.some((o) => o.value === role) ? (role as RoleFilter) : DEFAULTS.role,
    sortBy: SORTABLE.includes(sortBy as AdminUserSortColumn) ? (sortBy as AdminUserSortColumn) : DEFAULTS.sortBy,
    sortOrder: sortOrder === 'asc' || sortOrder === 'desc' ? sortOrder : DEFAULTS.sortOrder,
  };
}

/** Only what differs from the defaults goes into the address. */
function writeState(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.page !== DEFAULTS.page) params.set('page', String(state.page));
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.role !== DEFAULTS.role) params.set('role', state.role);
  if (state.sortBy !== DEFAULTS.sortBy || state.sortOrder !== DEFAULTS.sortOrder) {
    params.set('sortBy', state.sortBy);
    params.set('sortOrder', state.sortOrder);
  }
  return params;
}

/** /admin/users: every account, searched, filtered, sorted and paged on the server. */
export function AdminUsersPage() {
  const [params, setParams] = useSearchParams();
  const state = readState(params);
  const searchId = useId();
  const roleId = useId();
  const sortId = useId();
  // Tailwind's md: the table's six columns need the room; below it, a card per user.
  const wide = useMediaQuery('(min-width: 48rem)');

  // Changing the search, the role or the sort goes back to page 1 (docs/rules/screens.md#the-admin-console).
  const update = (changes: Partial<ListState>) => setParams(writeState({ ...state, page: 1, ...changes }));
  const linkToPage = (page: number): To => ({ search: `?${writeState({ ...state, page }).toString()}` });

  // The box answers every keystroke; the list follows once typing pauses.
  const [draft, setDraft] = useState(state.search);
  const pushed = useRef(state.search);
  useEffect(() => {
    // The address changed from outside the box (Back, a link): show what it says.
    if (state.search !== pushed.current) {
      pushed.current = state.search;
      setDraft(state.search);
    }
  }, [state.search]);
  useEffect(() => {
    if (draft.trim() === state.search.trim()) return;
    const timer = setTimeout(() => {
      pushed.current = draft.trim();
      setParams((current) => writeState({ ...readState(current), page: 1, search: draft }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, state.search, setParams]);

  const query = useAdminUsers({ ...state, limit: ADMIN_USERS_PAGE_SIZE });
  const users = query.isError ? [] : (query.data?.data.users ?? []);
  const pagination = query.isError ? undefined : query.data?.data.pagination;
  // The previous page stays on screen, dimmed, while the next one loads.
  const refreshing = query.isPlaceholderData;

  // A page past the end (the list shrank, or a hand-edited address): go to the last page there is.
  const totalPages = pagination?.totalPages;
  useEffect(() => {
    if (!query.isPlaceholderData && totalPages !== undefined && totalPages > 0 && state.page > totalPages) {
      setParams((current) => writeState({ ...readState(current), page: totalPages }), { replace: true });
    }
  }, [totalPages, state.page, query.isPlaceholderData, setParams]);

  const sort = (column: AdminUserSortColumn) =>
    update(column === state.sortBy ? { sortOrder: state.sortOrder === 'asc' ? 'desc' : 'asc' } : { sortBy: column, sortOrder: 'desc' });
  const orderOf = (column: AdminUserSortColumn) => (state.sortBy === column ? state.sortOrder : null);

  return (
    <>
      <title>All Users · Open Auction</title>
      <PageHeader
        title="All Users"
        description="Manage and monitor all registered users"
        actions={
          <ButtonLink to={paths.admin} variant="secondary" icon={<ArrowLeft aria-hidden="true" className="size-4" />}>
            Back to Dashboard
          </ButtonLink>
        }
      />

      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-1 flex-col gap-3 sm:flex-row sm:items-end">
            <div className="w-full sm:max-w-sm">
              <label htmlFor={searchId} className="mb-1.5 block text-sm font-medium text-slate-800">
                Search users
              </label>
              <div className="relative">
                <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
                <input
                  id={searchId}
                  type="search"
                  value={draft}
                  maxLength={ADMIN_SEARCH_MAX}
                  onChange={(event) => setDraft(event.target.value)}
                  placeholder="Search by name or email..."
                  autoComplete="off"
                  className={cn(inputClasses, 'h-11 border-slate-300 pl-9')}
                />
              </div>
            </div>
            {/* On a phone the sort sits beside the role: the cards have no headers to click. */}
            <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
              <div className="sm:w-40">
                <label htmlFor={roleId} className="mb-1.5 block text-sm font-medium text-slate-800">
                  Role
                </label>
                <select
                  id={roleId}
                  value={state.role}
                  onChange={(event) => update({ role: event.target.value as RoleFilter })}
                  className={cn(inputClasses, 'h-11 border-slate-300')}
                >
                  {ROLE_OPTIONS.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </div>
              {!wide && (
                <div className="sm:w-56">
                  <label htmlFor={sortId} className="mb-1.5 block text-sm font-medium text-slate-800">
                    Sort by
                  </label>
                  <UserSortSelect
                    id={sortId}
                    sortBy={state.sortBy}
                    sortOrder={state.sortOrder}
                    onChange={update}
                    className={cn(inputClasses, 'h-11 border-slate-300')}
                  />
                </div>
              )}
            </div>
          </div>
          <div className="flex min-h-6 items-center gap-3 sm:pb-2.5">
            {refreshing && <Spinner label="Updating the list…" className="[&_svg]:size-4" />}
            {pagination && (
              <p className="text-sm font-medium text-slate-700 tabular-nums" aria-live="polite">
                {pagination.totalUsers} total {pagination.totalUsers === 1 ? 'user' : 'users'}
              </p>
            )}
          </div>
        </div>

        {!wide ? (
          query.isPending ? (
            <UserCardsSkeleton count={6} />
          ) : query.isError ? (
            <div className="p-4">
              <Banner tone="error">Failed to load users</Banner>
            </div>
          ) : users.length === 0 ? (
            <p className="px-4 py-12 text-center text-slate-600">No users found matching your criteria.</p>
          ) : (
            <UserCards users={users} busy={refreshing} />
          )
        ) : (
          <AdminTable
            caption="Registered users"
            busy={refreshing}
            minWidth="min-w-[960px]"
            head={
              <>
                <SortableTh label="User" order={orderOf('name')} onSort={() => sort('name')} />
                <SortableTh label="Role" order={orderOf('role')} onSort={() => sort('role')} />
                <SortableTh label="Date Created" order={orderOf('createdAt')} onSort={() => sort('createdAt')} />
                <SortableTh label="Last Login" order={orderOf('lastLogin')} onSort={() => sort('lastLogin')} />
                <Th>Location</Th>
                <Th>Status</Th>
                <Th>Actions</Th>
              </>
            }
          >
            {query.isPending ? (
              <SkeletonRows rows={8} columns={COLUMNS} />
            ) : query.isError ? (
              <tr>
                <td colSpan={COLUMNS} className="p-4">
                  <Banner tone="error">Failed to load users</Banner>
                </td>
              </tr>
            ) : users.length === 0 ? (
              <tr>
                <td colSpan={COLUMNS} className="px-4 py-12 text-center text-slate-600">
                  No users found matching your criteria.
                </td>
              </tr>
            ) : (
              users.map((user) => (
                <tr key={user._id} className="hover:bg-slate-50">
                  {/* Bounded, so a long address is cut (its whole text in the tooltip) instead of widening the table. */}
                  <Td className="max-w-sm">
                    <UserIdentity name={user.name} email={user.email} avatar={user.avatar} />
                  </Td>
                  <Td>
                    <RoleBadge role={user.role} />
                  </Td>
                  {/* The dates may wrap (at the comma before the time), so that the actions fit a 1280 px screen. */}
                  <Td className="min-w-28 tabular-nums">{formatAdminDateTime(user.createdAt)}</Td>
                  <Td className="min-w-28 tabular-nums">{formatAdminDateTime(user.lastLogin)}</Td>
                  <Td className="max-w-56 truncate" title={formatLocation(user.location)}>
                    {formatLocation(user.location)}
                  </Td>
                  <Td>
                    <StatusBadge status={user.status} />
                  </Td>
                  <Td>
                    <UserActions user={user} stacked />
                  </Td>
                </tr>
              ))
            )}
          </AdminTable>
        )}

        {pagination && pagination.totalPages > 1 && (
          <div className="border-t border-slate-200 p-4">
            <Pagination
              page={Math.min(pagination.currentPage, pagination.totalPages)}
              totalPages={pagination.totalPages}
              total={pagination.totalUsers}
              pageSize={pagination.limit}
              linkTo={linkToPage}
            />
          </div>
        )}
      </Card>
    </>
  );
}
