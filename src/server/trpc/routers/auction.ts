import { tracked } from '@trpc/server';
import {
  auctionIdInput,
  createAuctionInput,
  listAuctionsInput,
  myAuctionsInput,
  onBidInput,
  placeBidInput,
  relistAuctionInput,
} from '../../../shared/schemas/auction';
import { listCost } from '../../domain/request-cost';
import * as auctions from '../../services/auctions';
import { bidStream } from '../../live/bid-stream';
import { placeBid } from '../../services/bids';
import { cancelAuction, relistAuction } from '../../services/ending-early';
import { buyNow } from '../../services/buy-now';
import { protectedProcedure, publicProcedure, router, uploadProcedure } from '../init';

export const auctionRouter = router({
  // Each list read is charged the rows it may read before it runs (domain/request-cost.ts).
  list: protectedProcedure.input(listAuctionsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return auctions.listAuctions(ctx.deps, ctx.user, input);
  }),

  categories: protectedProcedure.query(({ ctx }) => auctions.presentCategories(ctx.deps)),

  mine: protectedProcedure.input(myAuctionsInput).query(({ ctx, input }) => {
    ctx.budget?.charge(listCost(input));
    return auctions.listAuctions(ctx.deps, ctx.user, { ...input, sellerId: ctx.user.id });
  }),

  /** The dashboard. GET /api/auction/stats calls the same service without the caller, as the auction page's route does. */
  stats: protectedProcedure.query(({ ctx }) => auctions.auctionStats(ctx.deps, ctx.user.id)),

  /**
   * The auction page. GET /api/auction/:id calls the same service without the caller: a check added
   * here goes there too (docs/decisions/0023-hot-reads-call-their-services.md).
   */
  byId: protectedProcedure.input(auctionIdInput).query(({ ctx, input }) => auctions.getAuction(ctx.deps, ctx.user, input.id)),

  /** Public: the landing page shows the newest live auctions to visitors. */
  live: publicProcedure.query(({ ctx }) => auctions.liveAuctions(ctx.deps)),

  create: uploadProcedure.input(createAuctionInput).mutation(async ({ ctx, input }) => ({
    message: 'Auction created successfully',
    newAuction: await auctions.createAuction(ctx.deps, ctx.user, input),
  })),

  /** The seller ends their own auction before anyone bid on it; it leaves every list but theirs and the administrator's. */
  cancel: protectedProcedure
    .input(auctionIdInput)
    .mutation(async ({ ctx, input }) => ({ auction: await cancelAuction(ctx.deps, ctx.user, input.id) })),

  /** The seller puts an auction that did not sell (or was cancelled) up again, as a new auction. */
  relist: protectedProcedure
    .input(relistAuctionInput)
    .mutation(async ({ ctx, input }) => ({ newAuction: await relistAuction(ctx.deps, ctx.user, input) })),

  /**
   * A bid, a maximum up to which the server bids for the bidder, or both; or the leader's maximum raised alone.
   * POST /api/auction/:id makes the same checks and calls the same service without this procedure
   * (docs/decisions/0010-the-rest-bid-calls-its-service.md): a check added here goes there too.
   */
  placeBid: protectedProcedure.input(placeBidInput).mutation(({ ctx, input }) => placeBid(ctx.deps, ctx.user, input)),

  /**
   * The item bought at its Buy It Now price, which ends the auction at once (docs/rules/bidding.md#buy-it-now).
   * POST /api/auction/:id/buy makes the same checks and calls the same service without this procedure,
   * as the bid's route does: a check added here goes there too.
   */
  buy: protectedProcedure.input(auctionIdInput).mutation(({ ctx, input }) => buyNow(ctx.deps, ctx.user, input.id)),

  /**
   * Each accepted bid, after it commits: of one auction, or of all when auctionId is left out.
   * Resumable: a client that reconnects with the last event id it saw first gets what it missed.
   */
  onBid: protectedProcedure.input(onBidInput).subscription(async function* ({ ctx, input, signal }) {
    const auctionId = input?.auctionId === undefined ? null : auctions.parseId(input.auctionId);
    if (input?.auctionId !== undefined && auctionId === null) return;
    const following = auctionId === null ? { auctionIds: [], everyAuction: true } : { auctionIds: [auctionId], everyAuction: false };
    const stream = bidStream(ctx.deps, { following, lastEventId: Number(input?.lastEventId ?? 0) }, signal ?? new AbortController().signal);
    for await (const { id, event } of stream) yield tracked(id, event);
  }),
});
