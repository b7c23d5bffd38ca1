// GET /api/auction/:id/events: the auction's accepted bids as Server-Sent Events, for clients without
// tRPC. The same stream as the auction.onBid subscription (live/bid-stream.ts): a client that
// reconnects with Last-Event-ID first receives the bids it missed, then new ones.
import type { FastifyInstance } from 'fastify';
import { NOT_SIGNED_IN_MESSAGE } from '../../shared/constants';
import { ID_PATTERN } from '../../shared/schemas/common';
import type { AppDeps } from '../deps';
import { notFound, unauthorized } from '../domain/errors';
import { bidStream } from '../live/bid-stream';
import { tooManyStreams } from '../live/streams';
import { parseId } from '../services/auctions';
import { createRequestContext } from '../trpc/context';
import { param } from './adapter';

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export function auctionEventsRoute(app: FastifyInstance, deps: AppDeps) {
  app.get('/auction/:id/events', async (req, reply) => {
    const { user } = await createRequestContext(deps, req, reply);
    if (!user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
    const auctionId = parseId(param(req, 'id'));
    if (auctionId === null || !(await deps.store.auctions.byId(auctionId))) throw notFound('Auction not found');
    const lease = deps.streams.open({ sessionId: user.sessionId, userId: user.id });
    if (!lease) throw tooManyStreams();

    const header = req.headers['last-event-id'];
    const lastEventId = typeof header === 'string' && ID_PATTERN.test(header.trim()) ? Number(header.trim()) : 0;
    const closed = new AbortController();
    const signal = AbortSignal.any([lease.signal, closed.signal]);
    reply.raw.once('close', () => closed.abort());

    // From here on the answer is the stream: Fastify sends nothing more of its own.
    reply.hijack();
    reply.raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Tells nginx and other buffering proxies to pass each event on at once.
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\n');
    const keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    try {
      for await (const { id, event } of bidStream(deps, { auctionId, lastEventId }, signal)) {
        const kind = 'reload' in event ? 'event: reload\n' : '';
        if (!reply.raw.write(`id: ${id}\n${kind}data: ${JSON.stringify(event)}\n\n`)) {
          // A reader slower than the bids: wait for it rather than buffer without bound.
          await new Promise<void>((resolve) => {
            reply.raw.once('drain', resolve);
            signal.addEventListener('abort', () => resolve(), { once: true });
          });
        }
      }
    } catch (error) {
      req.log.warn({ err: error }, 'live bid stream failed');
    } finally {
      clearInterval(keepAlive);
      lease.release();
      reply.raw.end();
    }
  });
}
