// Live bids: the server pushes each accepted bid over SSE; the caches of every view that shows that
// auction change in place, without a reload. Reconnects resume from the last event (tRPC tracks it).
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { useTRPC } from '../../lib/trpc';
import type { Auction, AuctionPage } from '../auctions/types';

type LiveEvent = inferRouterOutputs<AppRouter>['auction']['onBid'] extends AsyncIterable<infer E> ? E : never;
type BidEvent = Exclude<LiveEvent['data'], { reload: true }>;
type Stats = inferRouterOutputs<AppRouter>['auction']['stats'];

/** The auction with the bid applied; an event older than what is shown changes nothing. */
function patch(auction: Auction, event: BidEvent): Auction {
  if (auction._id !== event.auctionId || event.bidsCount < auction.bidsCount) return auction;
  return { ...auction, currentPrice: event.currentPrice, bidsCount: event.bidsCount };
}

/** The detail view also lists the bids, newest first. */
function patchWithHistory(auction: Auction, event: BidEvent): Auction {
  const patched = patch(auction, event);
  if (patched === auction) return auction;
  return { ...patched, bids: [event.bid, ...auction.bids.filter((b) => b._id !== event.bid._id)] };
}

/** Follows one auction, or every auction when no id is given (cards and dashboards). */
export function useLiveBids(auctionId?: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  useSubscription(
    trpc.auction.onBid.subscriptionOptions(auctionId ? { auctionId } : {}, {
      onData: ({ data: event }) => {
        // Too much was missed to replay (a long sleep): read the auctions afresh instead.
        if ('reload' in event) {
          void queryClient.invalidateQueries({ queryKey: trpc.auction.pathKey() });
          return;
        }
        queryClient.setQueryData(trpc.auction.byId.queryKey({ id: event.auctionId }), (old) => old && patchWithHistory(old, event));
        queryClient.setQueriesData<InfiniteData<AuctionPage>>({ queryKey: trpc.auction.list.pathKey() }, (old) =>
          old && { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((a) => patch(a, event)) })) },
        );
        queryClient.setQueriesData<InfiniteData<AuctionPage>>({ queryKey: trpc.auction.mine.pathKey() }, (old) =>
          old && { ...old, pages: old.pages.map((page) => ({ ...page, items: page.items.map((a) => patch(a, event)) })) },
        );
        queryClient.setQueriesData<Auction[]>({ queryKey: trpc.auction.live.pathKey() }, (old) => old?.map((a) => patch(a, event)));
        queryClient.setQueriesData<Stats>({ queryKey: trpc.auction.stats.pathKey() }, (old) =>
          old && {
            ...old,
            latestAuctions: old.latestAuctions.map((a) => patch(a, event)),
            latestUserAuctions: old.latestUserAuctions.map((a) => patch(a, event)),
          },
        );
      },
    }),
  );
}
