// The auction data the pages read and change. Every read is fresh for 30 seconds (the default of
// lib/query-client.ts), and a change refreshes exactly the views it touches:
// docs/rules/screens.md#caching-and-freshness.
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { nextCursor, pagedList, useReceivedAt } from '../../lib/paged-list';
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
  const receivedAt = useReceivedAt(query.dataUpdatedAt, query.isPlaceholderData);
  return { ...pagedList(query), receivedAt, refreshing: query.isPlaceholderData };
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

/** Every view that could show an auction, or count it, reads afresh: after a new one, a purchase, a cancellation. */
function useRefreshAuctions() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [trpc.auction.pathKey(), trpc.user.watchlist.pathKey(), trpc.user.bids.pathKey()].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Lists a new auction. */
export function useCreateAuction() {
  const trpc = useTRPC();
  const refresh = useRefreshAuctions();
  return useMutation(trpc.auction.create.mutationOptions({ onSuccess: refresh }));
}

/** Lists an unsold or cancelled auction again, as a new auction. */
export function useRelistAuction() {
  const trpc = useTRPC();
  const refresh = useRefreshAuctions();
  return useMutation(trpc.auction.relist.mutationOptions({ onSuccess: refresh }));
}

/**
 * Buys the item at its Buy It Now price. Refused or not, the auction reads afresh: a refusal most
 * often means a bid got there first, and the page should show it.
 */
export function useBuyNow() {
  const trpc = useTRPC();
  const refresh = useRefreshAuctions();
  return useMutation(trpc.auction.buy.mutationOptions({ onSettled: refresh }));
}

/** The seller takes their auction off before anyone bids; its page shows the answer at once. */
export function useCancelAuction() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshAuctions();
  return useMutation(
    trpc.auction.cancel.mutationOptions({
      onSuccess: ({ auction }) => {
        queryClient.setQueryData(trpc.auction.byId.queryKey({ id: auction._id }), auction);
        return refresh();
      },
      onError: refresh,
    }),
  );
}
