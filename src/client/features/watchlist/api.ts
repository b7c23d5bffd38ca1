// The watchlist and my bids: reading them a page at a time, and watching an auction or not. The toggle
// answers at once (an optimistic update of every cached answer that shows the auction), and the
// watchlist reads afresh once the server has it. See docs/rules/screens.md#caching-and-freshness.
import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';

export type MyBid = inferRouterOutputs<AppRouter>['user']['bids']['items'][number];

// Twelve cards fill the first screens on any width, as on the auction list; rows are shorter.
const WATCHLIST_PAGE_SIZE = 12;
const MY_BIDS_PAGE_SIZE = 20;

/** The auctions the user watches, a page at a time: open ones by soonest end first. */
export function useWatchlist() {
  const trpc = useTRPC();
  return pagedList(
    useInfiniteQuery(trpc.user.watchlist.infiniteQueryOptions({ limit: WATCHLIST_PAGE_SIZE }, { getNextPageParam: nextCursor })),
  );
}

/** The auctions the user has bid on, with where they stand, a page at a time. */
export function useMyBids() {
  const trpc = useTRPC();
  return pagedList(useInfiniteQuery(trpc.user.bids.infiniteQueryOptions({ limit: MY_BIDS_PAGE_SIZE }, { getNextPageParam: nextCursor })));
}

/**
 * `value` with `watching` set on every auction in it that has this id: a list, the pages of a list
 * (the watchlist's and my bids' too), the dashboard's sections, one auction. Unchanged parts keep their identity, so nothing else
 * re-renders.
 */
function withWatching(value: unknown, auctionId: string, watching: boolean): unknown {
  if (Array.isArray(value)) {
    const next = value.map((item) => withWatching(item, auctionId, watching));
    return next.some((item, i) => item !== value[i]) ? next : value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  if (record._id === auctionId && typeof record.watching === 'boolean') {
    return record.watching === watching ? record : { ...record, watching };
  }
  let changed = false;
  const next: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(record)) {
    next[key] = withWatching(item, auctionId, watching);
    changed ||= next[key] !== item;
  }
  return changed ? next : record;
}

/** Sets `watching` in every cached answer under these keys, each keeping the moment it arrived (time left counts from it). */
function patchWatching(queryClient: QueryClient, keys: QueryKey[], auctionId: string, watching: boolean) {
  for (const queryKey of keys) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
      queryClient.setQueryData(query.queryKey, (old: unknown) => withWatching(old, auctionId, watching), {
        updatedAt: query.state.dataUpdatedAt,
      });
    }
  }
}

/** Watches an auction or stops: every view shows it at once; a refusal puts it back. */
export function useSetWatching() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = [trpc.auction.pathKey(), trpc.user.watchlist.pathKey(), trpc.user.bids.pathKey()];
  return useMutation(
    trpc.user.setWatching.mutationOptions({
      onMutate: ({ auctionId, watching }) => patchWatching(queryClient, keys, auctionId, watching),
      onError: (_error, { auctionId, watching }) => patchWatching(queryClient, keys, auctionId, !watching),
      // Which auctions are on the watchlist changed: it reads afresh (the other views already show it).
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.user.watchlist.pathKey() }),
    }),
  );
}
