import { tracked } from '@trpc/server';
import { liveEventsInput } from '../../../shared/schemas/live';
import { liveStream } from '../../live/live-stream';
import { protectedProcedure, router } from '../init';

export const liveRouter = router({
  /**
   * A browser's one live connection: the caller's notices (now, and after each change) and each
   * accepted bid of the auctions named, or of every auction. Resumable like auction.onBid.
   */
  events: protectedProcedure.input(liveEventsInput).subscription(async function* ({ ctx, input, signal }) {
    const following = { auctionIds: [...new Set(input.auctionIds.map(Number))], everyAuction: input.everyAuction };
    const stream = liveStream(
      ctx.deps,
      { userId: ctx.user.id, following, lastEventId: Number(input.lastEventId ?? 0) },
      signal ?? new AbortController().signal,
    );
    for await (const { id, event } of stream) yield tracked(id, event);
  }),
});
