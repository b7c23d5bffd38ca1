// Second-chance offers (docs/rules/orders.md#second-chance): the seller's panel and offer, the
// bidder's list and answers.
import { z } from 'zod';
import { makeOfferInput, offerIdInput } from '../../../shared/offers';
import { acceptOffer, declineOffer, makeOffer, myOffers, secondChance } from '../../services/offers';
import { protectedProcedure, router } from '../init';

export const offersRouter = router({
  /** The seller offers an ended auction that found no buyer to one of its bidders. */
  make: protectedProcedure.input(makeOfferInput).mutation(({ ctx, input }) => makeOffer(ctx.deps, ctx.user, input)),
  /** The seller's view: whether the auction may be offered, to which bidders, and its offers. */
  ofAuction: protectedProcedure
    .input(z.object({ auctionId: z.string().max(1000) }))
    .query(({ ctx, input }) => secondChance(ctx.deps, ctx.user, input.auctionId)),
  /** The caller's offers still open to an answer. */
  mine: protectedProcedure.query(({ ctx }) => myOffers(ctx.deps, ctx.user)),
  /** The offered bidder takes it: an order at the offer's price. */
  accept: protectedProcedure.input(offerIdInput).mutation(({ ctx, input }) => acceptOffer(ctx.deps, ctx.user, input.id)),
  /** The offered bidder turns it down. */
  decline: protectedProcedure.input(offerIdInput).mutation(({ ctx, input }) => declineOffer(ctx.deps, ctx.user, input.id)),
});
