// What the admin console reads, and what administrators change (an account's status and role, the
// cancel of any auction), each change followed by a fresh read of what it touched.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAuctionsInput, AdminUsersInput } from '../../../shared/schemas/admin';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';
import { AUDIT_PAGE_SIZE } from '../../../shared/moderation';

const PAGE_SIZE = 20;

/** The counters, the newest open auctions and the ten newest users. */
export function useAdminDashboard() {
  const trpc = useTRPC();
  return useQuery(trpc.admin.dashboard.queryOptions());
}

/** One page of users; the page shown stays on screen while the next one loads. */
export function useAdminUsers(input: AdminUsersInput) {
  const trpc = useTRPC();
  return useQuery(trpc.admin.users.queryOptions(input, { placeholderData: keepPreviousData }));
}

/** Every auction of one status (or all), newest first. */
export function useAdminAuctions(status: AdminAuctionsInput['status']) {
  const trpc = useTRPC();
  return pagedList(
    useInfiniteQuery(trpc.admin.auctions.infiniteQueryOptions({ status, limit: PAGE_SIZE }, { getNextPageParam: nextCursor })),
  );
}

/** What visitors sent through the contact form, newest first. */
export function useContactMessages() {
  const trpc = useTRPC();
  return pagedList(useInfiniteQuery(trpc.admin.messages.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: nextCursor })));
}

/** The audit log, newest first, a page at a time. */
export function useAuditLog() {
  const trpc = useTRPC();
  return pagedList(
    useInfiniteQuery(
      trpc.admin.audit.infiniteQueryOptions(
        { limit: AUDIT_PAGE_SIZE },
        {
          getNextPageParam: nextCursor,
          // Its answer names its rows `entries`, as the REST route does: the list reads them as items.
          select: (data) => ({
            ...data,
            pages: data.pages.map((page) => ({ items: page.entries, nextCursor: page.nextCursor, total: null })),
          }),
        },
      ),
    ),
  );
}

/** After a change: the users lists, the dashboard, the audit log and every auction read again. */
function useRefreshModerated() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => Promise.all([trpc.admin.pathKey(), trpc.auction.pathKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** Suspends (with the reason) or reinstates an account. */
export function useSetUserStatus() {
  const trpc = useTRPC();
  const refresh = useRefreshModerated();
  return useMutation(trpc.admin.setUserStatus.mutationOptions({ onSettled: refresh }));
}

/** Makes an account an administrator or a user. */
export function useSetUserRole() {
  const trpc = useTRPC();
  const refresh = useRefreshModerated();
  return useMutation(trpc.admin.setUserRole.mutationOptions({ onSettled: refresh }));
}

/** Deletes an account as its owner's deletion would (never an administrator's, nor one's own). */
export function useDeleteUser() {
  const trpc = useTRPC();
  const refresh = useRefreshModerated();
  return useMutation(trpc.admin.deleteUser.mutationOptions({ onSettled: refresh }));
}

/** An administrator's cancel of any open or scheduled auction, with the reason its seller is told. */
export function useAdminCancelAuction() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshModerated();
  return useMutation(
    trpc.admin.cancelAuction.mutationOptions({
      onSuccess: (auction) => queryClient.setQueryData(trpc.auction.byId.queryKey({ id: auction._id }), auction),
      onSettled: refresh,
    }),
  );
}
