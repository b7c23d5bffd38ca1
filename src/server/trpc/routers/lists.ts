// Whole lists, for the REST routes that answer every item at once (GET /api/auction without a limit,
// a seller's own auctions). tRPC's own clients read a page at a time; these hand back every page as
// an async iterable, which only the REST door sends (as one JSON array), so they are on the REST
// router alone (router.ts). Same tiers, schemas and services as the procedures beside them.
import { everyAuctionInput } from '../../../shared/schemas/auction';
import * as auctions from '../../services/auctions';
import { protectedProcedure, router } from '../init';

export const listsRouter = router({
  auctions: protectedProcedure.input(everyAuctionInput).query(({ ctx, input }) => auctions.everyAuction(ctx.deps, ctx.user, input)),

  ownAuctions: protectedProcedure.query(({ ctx }) => auctions.everyAuction(ctx.deps, ctx.user, { sellerId: ctx.user.id })),
});
