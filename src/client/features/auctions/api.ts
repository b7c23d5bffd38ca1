// The auction data the pages read and change. Every read is fresh for 30 seconds (the default of
// lib/query-client.ts), and a change refreshes exactly the views it touches:
// docs/rules/screens.md#caching-and-freshness.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';
import type { AuctionListParams } from './list-params';

// Twelve cards fill the first screens on any width; more load on demand.
const PAGE_SIZE = 12;

/**
 * The auctions that match a search, a category and a status, in the chosen order. While another
 * search loads, the last results stay (`refreshing` says so), so the list does not blink at each pause in typing.
 */
export function useAuctionList({ q, category, status, sort }: AuctionListParams) {
  const trpc = useTRPC();
  const input = { limit: PAGE_SIZE, status, sort, ...(q.trim() ? { q: q.trim() } : {}), ...(category ? { category } : {}) };
  const query = useInfiniteQuery(
    trpc.auction.list.infiniteQueryOptions(input, { getNextPageParam: nextCursor, placeholderData: keepPreviousData }),
  );
  return { ...pagedList(query), refreshing: query.isPlaceholderData };
}

/** The signed-in user's own auctions, newest first. */
export function useMyAuctions() {
  const trpc = useTRPC();
  return pagedList(useInfiniteQuery(trpc.auction.mine.infiniteQueryOptions({ limit: PAGE_SIZE }, { getNextPageParam: nextCursor })));
}

/** The categories that have at least one auction. */
export function useCategories() {
  const trpc = useTRPC();
  return useQuery(trpc.auction.categories.queryOptions());
}

/** One auction with its bids, newest first. */
export function useAuction(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.auction.byId.queryOptions({ id }));
}

/** The dashboard's counters and its newest auctions, everyone's and the user's own. */
export function useDashboardStats() {
  const trpc = useTRPC();
  return useQuery(trpc.auction.stats.queryOptions());
}

/** Lists a new auction: every view that could show it, or count it, reads afresh. */
export function useCreateAuction() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auction.create.mutationOptions({
      onSuccess: () =>
        Promise.all(
          [trpc.auction.byId, trpc.auction.list, trpc.auction.mine, trpc.auction.stats, trpc.auction.categories].map((procedure) =>
            queryClient.invalidateQueries({ queryKey: procedure.pathKey() }),
          ),
        ),
    }),
  );
}
