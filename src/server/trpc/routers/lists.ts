// Lists as the REST routes answer them, so on the REST router alone (router.ts). Whole lists, for the
// routes that answer every item at once (GET /api/auction without a limit, a seller's own auctions):
// tRPC's own clients read a page at a time; these hand back every page as an async iterable, which
// only the REST door sends (as one JSON array). And a page whose answer is its auctions alone, not
// counted. Same tiers, schemas and services as the procedures beside them.
import { everyAuctionInput, listAuctionsInput } from '../../../shared/schemas/auction';
import { listCost } from '../../domain/request-cost';
import * as auctions from '../../services/auctions';
import { protectedProcedure, router } from '../init';

export const listsRouter = router({
  auctionPage: protectedProcedure.input(listAuctionsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return auctions.listAuctions(ctx.deps, ctx.user, input, { withTotal: false });
  }),

  auctions: protectedProcedure.input(everyAuctionInput).query(({ ctx, input }) => auctions.everyAuction(ctx.deps, ctx.user, input)),

  ownAuctions: protectedProcedure.query(({ ctx }) => auctions.everyAuction(ctx.deps, ctx.user, { sellerId: ctx.user.id })),
});
