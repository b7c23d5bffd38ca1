import { tracked } from '@trpc/server';
import { z } from 'zod';
import { auctionIdInput, createAuctionInput, listAuctionsInput, placeBidInput } from '../../../shared/schemas/auction';
import * as auctions from '../../services/auctions';
import { bidsSince, placeBid } from '../../services/bids';
import { protectedProcedure, publicProcedure, router } from '../init';

export const auctionRouter = router({
  list: protectedProcedure
    .input(listAuctionsInput)
    .query(({ ctx, input }) => auctions.listAuctions(ctx.deps, input)),

  categories: protectedProcedure.query(({ ctx }) => auctions.presentCategories(ctx.deps.db)),

  mine: protectedProcedure.query(({ ctx }) => auctions.listSellerAuctions(ctx.deps, ctx.user.id)),

  stats: protectedProcedure.query(({ ctx }) => auctions.auctionStats(ctx.deps, ctx.user.id)),

  byId: protectedProcedure.input(auctionIdInput).query(({ ctx, input }) => auctions.getAuction(ctx.deps, input.id)),

  /** Public: the landing page shows the newest live auctions to visitors. */
  live: publicProcedure.query(({ ctx }) => auctions.liveAuctions(ctx.deps)),

  create: protectedProcedure.input(createAuctionInput).mutation(async ({ ctx, input }) => ({
    message: 'Auction created successfully',
    newAuction: await auctions.createAuction(ctx.deps, ctx.user, input),
  })),

  placeBid: protectedProcedure.input(placeBidInput).mutation(({ ctx, input }) => {
    const { bid, auction } = placeBid(ctx.deps, ctx.user, input);
    return { message: 'Bid placed successfully', bid, auction };
  }),

  /**
   * Each accepted bid, after it commits: of one auction, or of all when auctionId is left out.
   * Resumable: a client that reconnects with the last event id it saw first gets what it missed.
   */
  onBid: protectedProcedure
    .input(z.object({ auctionId: z.string().max(32).optional(), lastEventId: z.string().regex(/^\d{1,15}$/).nullish() }).optional())
    .subscription(async function* ({ ctx, input, signal }) {
      const auctionId = input?.auctionId === undefined ? null : auctions.parseId(input.auctionId);
      if (input?.auctionId !== undefined && auctionId === null) return;
      // Listen before reading the missed ones, so nothing falls between the two. The bus's iterator
      // attaches its listener on its first next(), so that is asked for now; `stop` ends it when we end.
      const stop = new AbortController();
      const live = ctx.deps.bus.subscribe(signal ? AbortSignal.any([signal, stop.signal]) : stop.signal)[Symbol.asyncIterator]();
      let pending = live.next();
      try {
        let last = Number(input?.lastEventId ?? 0);
        if (last > 0) {
          // Page by page until nothing is left: a long absence is replayed in full.
          for (let page = bidsSince(ctx.deps.db, last, auctionId); page.length > 0; page = bidsSince(ctx.deps.db, last, auctionId)) {
            for (const event of page) {
              last = Number(event.bid._id);
              yield tracked(event.bid._id, event);
            }
          }
        }
        for (;;) {
          const next = await pending;
          if (next.done) return;
          pending = live.next();
          const event = next.value;
          if (auctionId !== null && event.auctionId !== String(auctionId)) continue;
          if (Number(event.bid._id) <= last) continue;
          yield tracked(event.bid._id, event);
        }
      } finally {
        stop.abort();
      }
    }),
});
