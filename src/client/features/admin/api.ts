// What the admin console reads. Nothing here changes data.
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdminAuctionsInput, AdminUsersInput } from '../../../shared/schemas/admin';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';

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
