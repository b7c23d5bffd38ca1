// /api: the documented REST calls, each a few lines over the same tRPC procedures (rest/*.ts).
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { restRoutes } from '../rest/adapter';
import { adminRoutes } from '../rest/admin';
import { auctionRoutes } from '../rest/auction';
import { auctionEventsRoute } from '../rest/auction-events';
import { authRoutes } from '../rest/auth';
import { contactRoutes } from '../rest/contact';
import { errorBody } from '../rest/errors';
import { offerRoutes } from '../rest/offers';
import { orderRoutes } from '../rest/orders';
import { messageRoutes } from '../rest/messages';
import { reportRoutes } from '../rest/reports';
import { userRoutes } from '../rest/user';
import { WHOLE_LIST_LIMITS, WholeListGate, type WholeListLimits } from '../rest/whole-lists';
import { discardRestOfBody, hasBody, mediaType } from './body';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RestOptions {
  deps: AppDeps;
  /** The bounds of whole lists, over the defaults (tests shorten them). */
  wholeLists?: Partial<WholeListLimits>;
}

export default async function rest(app: FastifyInstance, { deps, wholeLists }: RestOptions) {
  // Mutations take JSON only; a body of any other type is refused before parsing. Two exceptions:
  // the photo upload is multipart, and logout reads no body at all.
  app.addHook('onRequest', (req, reply, done) => {
    const expected = req.routeOptions.config.body ?? 'json';
    if (SAFE_METHODS.has(req.method) || expected === 'none' || !hasBody(req)) return done();
    const allowed = expected === 'multipart' ? 'multipart/form-data' : 'application/json';
    if (mediaType(req) === allowed) return done();
    reply.code(415).send(errorBody(`Content-Type must be ${allowed}.`));
  });
  // An upload refused before its body was read to the end (too many files, a photo too large, no
  // place for it) leaves the rest unread: thrown away after the answer, or the connection could carry
  // no other request.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (req.routeOptions.config.body === 'multipart') discardRestOfBody(req, reply);
    done(null, payload);
  });
  // An empty body with a JSON content type (a common fetch call) is no body, not bad JSON; any other
  // type only reaches a route that ignores its body (logout).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : parseJson(req, body as string, done),
  );
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
  await app.register(multipart);

  const route = restRoutes(app, deps, new WholeListGate({ ...WHOLE_LIST_LIMITS, ...wholeLists }));
  authRoutes(route);
  userRoutes(route);
  orderRoutes(route);
  offerRoutes(route);
  auctionRoutes(route);
  auctionEventsRoute(app, deps);
  contactRoutes(route);
  messageRoutes(route);
  reportRoutes(route);
  adminRoutes(route);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a REST route's body may be: JSON (the default), a multipart upload, or nothing it reads. */
    body?: 'json' | 'multipart' | 'none';
  }
}
