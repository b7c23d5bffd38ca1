// Second-chance offers as the auction page reads and makes them (docs/rules/orders.md#second-chance):
// the seller's panel, the caller's own offers, and the three calls. A change refreshes the offers and
// the auction, whose winner an acceptance names.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** The seller's view of an ended auction: whether it may be offered, to whom, and its offers. */
export function useSecondChance(auctionId: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.offers.ofAuction.queryOptions({ auctionId }, { enabled }));
}

/** The caller's offers still open to an answer. */
export function useMyOffers(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery(trpc.offers.mine.queryOptions(undefined, { enabled }));
}

/** After any call: the offers, and the auction (an acceptance makes a winner and an order). */
function useRefreshOffers(auctionId: string) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.offers.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.auction.byId.queryKey({ id: auctionId }) }),
    ]);
}

export function useMakeOffer(auctionId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshOffers(auctionId);
  return useMutation(trpc.offers.make.mutationOptions({ onSettled: refresh }));
}

export function useAcceptOffer(auctionId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshOffers(auctionId);
  return useMutation(trpc.offers.accept.mutationOptions({ onSettled: refresh }));
}

export function useDeclineOffer(auctionId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshOffers(auctionId);
  return useMutation(trpc.offers.decline.mutationOptions({ onSettled: refresh }));
}
