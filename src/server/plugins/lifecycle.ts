// What runs beside the requests: the close of auctions that ended, the ending-soon notices to
// watchers, the saved searches matched against auctions that opened, the periodic check of live
// streams' sessions, the mail worker, and an orderly end (live streams first, since they would hold
// the server open; the database last).
import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDeps } from '../deps';
import { STREAM_SESSION_CHECK_MS } from '../live/streams';
import { checkStreams } from '../services/sessions';
import { CLOSE_TICK_MS, closeDueAuctions } from '../services/closing';
import { sendDueMail } from '../services/mail';
import { tellEndingSoon } from '../services/ending-soon';
import { tellOverdueOrders } from '../services/orders';
import { matchSavedSearches } from '../services/saved-searches';

async function lifecycle(app: FastifyInstance, { deps, closeAuctions }: { deps: AppDeps; closeAuctions: boolean }) {
  // A stream's session can expire while it is open (logout and password changes end theirs at once),
  // and the places of the open ones are renewed, so that they go on counting against their caps.
  const streamCheck = setInterval(() => {
    checkStreams(deps).catch((error: unknown) => app.log.warn({ err: error }, 'checking the live streams failed'));
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
      // And the saved searches: an auction that opened is matched within this tick (or a batch) of its start.
      .then(() => matchSavedSearches(deps))
      .catch((error: unknown) => app.log.error({ err: error }, 'matching the saved searches against new auctions failed'))
      // And unpaid orders whose payment fell due: both sides are told within this tick of the due time.
      .then(() => tellOverdueOrders(deps))
      .catch((error: unknown) => app.log.error({ err: error }, 'telling of overdue payments failed'))
      .finally(() => (closing = null));
  }, CLOSE_TICK_MS);
  closer.unref();

  // The outbox's worker, in every process: claims keep two processes from sending one mail twice.
  let mailing: Promise<unknown> | null = null;
  const mailer = deps.mail.transport
    ? setInterval(() => {
        mailing ??= sendDueMail(deps, app.log)
          .catch((error: unknown) => app.log.error({ err: error }, 'sending the mail that is due failed'))
          .finally(() => (mailing = null));
      }, deps.mail.tickMs)
    : undefined;
  mailer?.unref();

  app.addHook('preClose', async () => {
    // Streams first, at once: they would hold the server open, and their clients come back sooner
    // the sooner this instance (or its restart) is gone.
    await deps.streams.close();
    clearInterval(streamCheck);
    clearInterval(closer);
    clearInterval(mailer);
    await Promise.all([closing, mailing]);
    deps.mail.transport?.close();
    // On PostgreSQL, the rings of the last bids and notices go out before the process exits.
    await Promise.all([deps.bus.close(), deps.notices.close()]);
  });
  app.addHook('onClose', async () => {
    await deps.store.close();
    // Every request has ended, and removed its upload's files: the folder they waited in goes too.
    await rm(deps.photos.spoolDir, { recursive: true, force: true });
  });
}

export default fp(lifecycle, { name: 'lifecycle' });
