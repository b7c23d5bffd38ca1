// buildApp(deps) returns a ready Fastify instance without listening: the server's options, then its
// plugins in order, one concern each (src/server/plugins).
import { mkdirSync } from 'node:fs';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppDeps } from './deps';
import type { Settings } from './env';
import { loggerOptions } from './logging';
import avatars from './plugins/avatars';
import client from './plugins/client';
import compression from './plugins/compression';
import health from './plugins/health';
import lifecycle from './plugins/lifecycle';
import rest from './plugins/rest';
import security from './plugins/security';
import trpc from './plugins/trpc';
import uploads from './plugins/uploads';
import { sendError } from './rest/errors';
import type { WholeListLimits } from './rest/whole-lists';

export interface BuildOptions {
  /** Serve the client through Vite with hot reload instead of from dist/client. */
  dev?: boolean;
  /** false answers every tRPC request through tRPC's resolveResponse (a test compares the two paths). */
  trpcShortPath?: boolean;
  /** How long a request's headers and body may take to arrive before it is answered 408 (tests shorten it). */
  requestTimeoutMs?: number;
  /**
   * false: this app does not close ended auctions on its timer (a test that compares the database
   * before and after one request, and must not see a close land in between). True by default.
   */
  closeAuctions?: boolean;
  /** The bounds of whole lists (rest/whole-lists.ts) over the defaults: tests make them small and quick. */
  wholeLists?: Partial<WholeListLimits>;
}

/** A client that sends its request slower than this is answered 408: a trickled body cannot hold a socket. */
export const REQUEST_TIMEOUT_MS = 30_000;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { settings } = deps;
  const dev = options.dev === true;
  mkdirSync(settings.UPLOAD_DIR, { recursive: true });
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Node answers 408 and closes the socket when the headers, or the whole body, are not in by then.
    // It looks for late requests every connectionsCheckingInterval: 30 s by default, too seldom to
    // keep the promise, so once a second here.
    requestTimeout,
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout / 4) },
    ...(await loggerOptions(settings.LOG_LEVEL, dev)),
    trustProxy: trustedProxies(settings.TRUST_PROXY),
    routerOptions: { maxParamLength: 5000 },
    // Ends idle keep-alive sockets at close, so a SIGTERM does not wait for them.
    forceCloseConnections: 'idle',
    // Errors Fastify meets before routing (a URL it cannot decode, an over-long parameter) answer
    // in the same {error, message} body as everything else.
    frameworkErrors: (error, _req, reply) => {
      sendError(reply, error);
    },
  });
  app.setErrorHandler((error, _req, reply) => {
    sendError(reply, error);
  });

  await app.register(security, { settings, dev });
  await app.register(cookie);
  await app.register(compression);
  await app.register(health, { store: deps.store });
  await app.register(trpc, { prefix: '/trpc', deps, shortPath: options.trpcShortPath });
  await app.register(rest, { prefix: '/api', deps, wholeLists: options.wholeLists });
  await app.register(uploads, { uploadDir: settings.UPLOAD_DIR });
  await app.register(avatars);
  await app.register(client, { dev });
  await app.register(lifecycle, { deps, closeAuctions: options.closeAuctions ?? true });
  return app;
}

/**
 * Fastify's trust for X-Forwarded-*: a hop count becomes a function, since Fastify reads a bare number
 * as trusting nobody; a list goes to proxy-addr as it is. Each trusted hop is one proxy whose record
 * of the address before it is believed; whatever the client wrote further left is not.
 */
function trustedProxies(setting: Settings['TRUST_PROXY']): FastifyServerOptions['trustProxy'] {
  if (Array.isArray(setting)) return setting;
  return setting === 0 ? false : (_address: string, hop: number) => hop < setting;
}
