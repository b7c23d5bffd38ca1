// What runs beside the requests: the close of auctions that ended, the ending-soon notices to
// watchers, the periodic check of live
// streams' sessions, and an orderly end (live streams first, since they would hold the server open;
// the database last).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { endExpiredStreams, STREAM_SESSION_CHECK_MS } from '../live/streams';
import { CLOSE_TICK_MS, closeDueAuctions } from '../services/closing';
import { tellEndingSoon } from '../services/ending-soon';

async function lifecycle(app: FastifyInstance, { deps, closeAuctions }: { deps: AppDeps; closeAuctions: boolean }) {
  // A stream's session can expire while it is open; logout and password changes end theirs at once.
  const streamCheck = setInterval(() => {
    endExpiredStreams(deps).catch((error: unknown) => app.log.warn({ err: error }, 'checking the sessions of live streams failed'));
  }, STREAM_SESSION_CHECK_MS);
  streamCheck.unref();

  // One tick at a time: a slow tick (a backlog after downtime) is not overlapped by the next.
  let closing: Promise<unknown> | null = null;
  const closer = setInterval(() => {
    if (!closeAuctions) return;
    closing ??= closeDueAuctions(deps)
      .catch((error: unknown) => app.log.error({ err: error }, 'closing the auctions that ended failed'))
      // Ending soon rides on the same tick: one timer, and a slow close is not overlapped by it either.
      .then(() => tellEndingSoon(deps))
      .catch((error: unknown) => app.log.error({ err: error }, 'telling watchers that auctions end soon failed'))
      .finally(() => (closing = null));
  }, CLOSE_TICK_MS);
  closer.unref();

  app.addHook('preClose', async () => {
    clearInterval(streamCheck);
    clearInterval(closer);
    await closing;
    deps.bus.close();
    deps.streams.close();
  });
  app.addHook('onClose', async () => {
    await deps.store.close();
  });
}

export default fp(lifecycle, { name: 'lifecycle' });
