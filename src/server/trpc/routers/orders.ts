// Orders after the hammer: the caller's list, one order, the four moves (docs/rules/orders.md), and
// each side's feedback (docs/rules/trust.md).
import { cancelOrderInput, listOrdersInput, orderIdInput, shippedInput } from '../../../shared/orders';
import { feedbackInput } from '../../../shared/feedback';
import { leaveFeedback } from '../../services/feedback';
import { getOrder, listOrders, moveOrder } from '../../services/orders';
import { protectedProcedure, router } from '../init';

export const ordersRouter = router({
  /**
   * The caller's orders as buyer, seller or either, newest first. GET /api/orders calls the same
   * service without the caller: a check added here goes there too
   * (docs/decisions/0023-hot-reads-call-their-services.md).
   */
  list: protectedProcedure.input(listOrdersInput).query(({ ctx, input }) => listOrders(ctx.deps, ctx.user, input)),
  /** One order, for its buyer, its seller or an administrator. */
  get: protectedProcedure.input(orderIdInput).query(({ ctx, input }) => getOrder(ctx.deps, ctx.user, input.id)),
  /** The seller confirms the payment. */
  paid: protectedProcedure.input(orderIdInput).mutation(({ ctx, input }) => moveOrder(ctx.deps, ctx.user, input.id, 'paid')),
  /** The seller sent the item, with a tracking number or none. */
  shipped: protectedProcedure
    .input(shippedInput)
    .mutation(({ ctx, input }) => moveOrder(ctx.deps, ctx.user, input.id, 'shipped', input.trackingNumber)),
  /** The buyer has the item. */
  received: protectedProcedure.input(orderIdInput).mutation(({ ctx, input }) => moveOrder(ctx.deps, ctx.user, input.id, 'received')),
  /** The seller cancels an order not paid in time. */
  cancel: protectedProcedure.input(cancelOrderInput).mutation(({ ctx, input }) => moveOrder(ctx.deps, ctx.user, input.id, 'cancel')),
  /** The buyer's or the seller's feedback on a received order, about the other side. */
  feedback: protectedProcedure.input(feedbackInput).mutation(({ ctx, input }) => leaveFeedback(ctx.deps, ctx.user, input)),
});
