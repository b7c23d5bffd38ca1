// Orders as the client reads and moves them: the caller's purchases or sales a page at a time, one
// order, the four moves and the feedback. After any of them every order answer reads afresh, so the
// list, the order page and the auction page's link all show where the order now stands.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import type { ORDER_ROLES } from '../../../shared/orders';
import { nextCursor, pagedList } from '../../lib/paged-list';
import { useTRPC } from '../../lib/trpc';

export type Order = inferRouterOutputs<AppRouter>['orders']['get'];
export type OrderRole = (typeof ORDER_ROLES)[number];

// Twenty cards fill the first screens on any width, as on /mybids.
const ORDERS_PAGE_SIZE = 20;

/** The caller's orders on one side (purchases or sales), newest first, a page at a time. */
export function useOrders(role: OrderRole) {
  const trpc = useTRPC();
  return pagedList(
    useInfiniteQuery(
      trpc.orders.list.infiniteQueryOptions(
        { role, limit: ORDERS_PAGE_SIZE },
        {
          getNextPageParam: nextCursor,
          // The list answers `orders` and counts nothing: the shape every load-more list reads.
          select: (data) => ({
            ...data,
            pages: data.pages.map((page) => ({ items: page.orders, total: null, nextCursor: page.nextCursor })),
          }),
        },
      ),
    ),
  );
}

/** One order, for its buyer, its seller or an administrator (anyone else gets 404). */
export function useOrder(id: string) {
  const trpc = useTRPC();
  return useQuery(trpc.orders.get.queryOptions({ id }));
}

/** Every cached order answer (the lists, the order pages) and the auctions that link to them read afresh. */
function useRefetchOrders() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.orders.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.orders.get.pathKey() }),
    ]);
}

/** The seller confirms the payment. */
export function useConfirmPayment() {
  const trpc = useTRPC();
  const refetch = useRefetchOrders();
  return useMutation(trpc.orders.paid.mutationOptions({ onSettled: refetch }));
}

/** The seller marks the item shipped, with a tracking number or none. */
export function useMarkShipped() {
  const trpc = useTRPC();
  const refetch = useRefetchOrders();
  return useMutation(trpc.orders.shipped.mutationOptions({ onSettled: refetch }));
}

/** The buyer confirms they have the item. */
export function useConfirmReceipt() {
  const trpc = useTRPC();
  const refetch = useRefetchOrders();
  return useMutation(trpc.orders.received.mutationOptions({ onSettled: refetch }));
}

/** The seller cancels an order not paid in time. */
export function useCancelUnpaid() {
  const trpc = useTRPC();
  const refetch = useRefetchOrders();
  return useMutation(trpc.orders.cancel.mutationOptions({ onSettled: refetch }));
}

/** One side's feedback on a received order. */
export function useLeaveFeedback() {
  const trpc = useTRPC();
  const refetch = useRefetchOrders();
  return useMutation(trpc.orders.feedback.mutationOptions({ onSettled: refetch }));
}
