// GET /api/auction/:id/events: the auction's accepted bids as Server-Sent Events, for clients without
// tRPC. The same stream as the auction.onBid subscription (live/bid-stream.ts), written by the same
// writer (live/event-stream.ts): a client that reconnects with Last-Event-ID first receives the bids
// it missed, then new ones.
import type { FastifyInstance } from 'fastify';
import { ID_PATTERN } from '../../shared/schemas/common';
import type { AppDeps } from '../deps';
import { notFound } from '../domain/errors';
import { bidStream } from '../live/bid-stream';
import { sendEventStream, type StreamEvent } from '../live/event-stream';
import { parseId } from '../services/auctions';
import { createRequestContext } from '../trpc/context';
import { param, signedInUser } from './adapter';

export function auctionEventsRoute(app: FastifyInstance, deps: AppDeps) {
  app.get('/auction/:id/events', async (req, reply) => {
    const ctx = await createRequestContext(deps, req, reply);
    const user = signedInUser(ctx);
    const auctionId = parseId(param(req, 'id'));
    if (auctionId === null || !(await deps.store.auctions.byId(auctionId))) throw notFound('Auction not found');
    const lease = await deps.streams.open({ sessionId: user.sessionId, userId: user.id, address: ctx.client.ip });

    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && ID_PATTERN.test(header.trim()) ? Number(header.trim()) : 0;
    const left = new AbortController();
    reply.raw.once('close', () => left.abort());
    const following = { auctionIds: [auctionId], everyAuction: false };
    async function* events(): AsyncGenerator<StreamEvent> {
      for await (const { id, event } of bidStream(deps, { following, lastEventId }, AbortSignal.any([lease.signal, left.signal]))) {
        yield { id, event: 'reload' in event ? 'reload' : undefined, data: event };
      }
    }
    try {
      await sendEventStream(reply, events(), {
        signal: lease.signal,
        head: 'retry: 3000\n\n',
        onError(error) {
          req.log.warn({ err: error }, 'live bid stream failed');
          return undefined;
        },
      });
    } finally {
      lease.release();
    }
  });
}
