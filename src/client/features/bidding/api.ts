// Bids: placing one, and following the ones others place. See docs/rules/screens.md#caching-and-freshness
// and docs/rules/live-updates.md.
import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useFollow, useLiveEvents } from '../../lib/live/use-live';
import { useTRPC } from '../../lib/trpc';
import type { Auction, AuctionPage } from '../auctions/types';

type Outputs = inferRouterOutputs<AppRouter>['auction'];
type MyBidsPage = inferRouterOutputs<AppRouter>['user']['bids'];
type LiveEvent = (Outputs['onBid'] extends AsyncIterable<infer E> ? E : never)['data'];
type BidEvent = Exclude<LiveEvent, { reload: true }>;

/** Places a bid; only that auction's page reads afresh, the live stream updates every other view. */
export function usePlaceBid(auctionId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auction.placeBid.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.auction.byId.queryKey({ id: auctionId }) }),
    }),
  );
}

/**
 * The auction with the bid applied; an event older than what is shown changes nothing. A late bid
 * moves the end (soft close): timeLeft moves by as much, since it counts from the moment the cached
 * answer arrived, which stays what it was (patchCached).
 */
function patch(auction: Auction, event: BidEvent): Auction {
  if (auction._id !== event.auctionId || event.bidsCount < auction.bidsCount) return auction;
  const patched = { ...auction, currentPrice: event.currentPrice, bidsCount: event.bidsCount };
  // Without a reserve, Buy It Now ends with the first bid; with one, only the server knows (see below).
  if (auction.reserveMet === null) patched.buyNowAvailable = false;
  const moved = Date.parse(event.itemEndDate) - Date.parse(auction.itemEndDate);
  if (moved === 0 || Number.isNaN(moved) || auction.status === 'ended') return patched;
  return { ...patched, itemEndDate: event.itemEndDate, timeLeft: Math.max(0, auction.timeLeft + moved) };
}

/** The detail view also lists the bids, newest first. */
function patchWithHistory(auction: Auction, event: BidEvent): Auction {
  const patched = patch(auction, event);
  if (patched === auction) return auction;
  return { ...patched, bids: [event.bid, ...auction.bids.filter((b) => b._id !== event.bid._id)] };
}

const patchPages = (event: BidEvent) => (old: InfiniteData<AuctionPage>) => ({
  ...old,
  pages: old.pages.map((page) => ({ ...page, items: page.items.map((a) => patch(a, event)) })),
});

/**
 * Changes the cached answers under `queryKey` in place. Each keeps the moment it arrived, since its
 * auctions' time left counts from there (features/auctions/use-auction-status.ts).
 */
function setCached<T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T) => T) {
  for (const query of queryClient.getQueryCache().findAll({ queryKey })) {
    queryClient.setQueryData<T>(query.queryKey, (old) => old && update(old), { updatedAt: query.state.dataUpdatedAt });
  }
}

/**
 * Applies a bid now, and again when each answer under `queryKey` that is on its way lands: the server
 * may have read it before the bid, and it would put the older price back for good (a page still
 * loading, a tab refreshing as it comes to the front). Applying a bid twice changes nothing.
 */
function applyAcrossFetches(queryClient: QueryClient, queryKey: QueryKey, apply: () => void) {
  apply();
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey, fetchStatus: 'fetching' })) {
    const stop = cache.subscribe((event) => {
      if (event.query !== query || query.state.fetchStatus === 'fetching') return;
      stop();
      if (event.type !== 'removed') apply();
    });
  }
}

const patchCached = <T>(queryClient: QueryClient, queryKey: QueryKey, update: (old: T) => T) =>
  applyAcrossFetches(queryClient, queryKey, () => setCached(queryClient, queryKey, update));

/**
 * Follows one auction, or every auction when no id is given (cards and dashboards), while the calling
 * page is on screen: the browser's one live connection (lib/live) then carries its bids, and
 * useApplyLiveBids changes every cached view of their auctions in place.
 */
export function useLiveBids(auctionId?: string) {
  useFollow(auctionId ? { auctionIds: [auctionId], everyAuction: false } : { auctionIds: [], everyAuction: true });
}

/** Each bid the live connection brings, applied to every cached view of its auction, without asking the server again. */
export function useApplyLiveBids() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  useLiveEvents((data) => {
    if (!isBidStreamEvent(data)) return;
    const event = data;
    // Too much was missed to replay (a long sleep), or an auction's bids were rewritten (an administrator
    // removed a bidder, which numbers them again): read the auctions afresh instead.
    if ('reload' in event) {
      for (const queryKey of [trpc.auction.pathKey(), trpc.user.watchlist.pathKey(), trpc.user.bids.pathKey()]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      return;
    }
    const detailKey = trpc.auction.byId.queryKey({ id: event.auctionId });
    applyAcrossFetches(queryClient, detailKey, () => {
      // A bid this page never heard of came before this one (its stream was opened after the page
      // read the auction): the page reads the auction afresh, rather than show a history with a hole.
      // So does a page whose reserve was not yet met: whether this bid met it (and so ended Buy It Now)
      // needs the reserve, which only its seller is told.
      const shown = queryClient.getQueryData(detailKey);
      if (shown && (event.bidsCount > shown.bidsCount + 1 || shown.reserveMet === false))
        void queryClient.invalidateQueries({ queryKey: detailKey });
      else setCached<Auction>(queryClient, detailKey, (old) => patchWithHistory(old, event));
    });
    patchCached(queryClient, trpc.auction.list.pathKey(), patchPages(event));
    patchCached(queryClient, trpc.auction.mine.pathKey(), patchPages(event));
    patchCached<Outputs['stats']>(queryClient, trpc.auction.stats.pathKey(), (old) => ({
      ...old,
      latestAuctions: old.latestAuctions.map((a) => patch(a, event)),
      latestUserAuctions: old.latestUserAuctions.map((a) => patch(a, event)),
    }));
    patchCached(queryClient, trpc.user.watchlist.pathKey(), patchPages(event));
    // A bid on an auction the user bid on may change who leads, which only the server knows: its
    // pages read afresh.
    const myBids = queryClient.getQueriesData<InfiniteData<MyBidsPage>>({ queryKey: trpc.user.bids.pathKey() });
    if (myBids.some(([, data]) => data?.pages.some((page) => page.items.some((entry) => entry.auction._id === event.auctionId)))) {
      void queryClient.invalidateQueries({ queryKey: trpc.user.bids.pathKey() });
    }
  });
}

/** A bid or a reload from the live connection (its other events are the notices). */
function isBidStreamEvent(data: unknown): data is LiveEvent {
  return typeof data === 'object' && data !== null && ('bid' in data || 'reload' in data);
}
