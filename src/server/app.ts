// buildApp(deps) returns a ready Fastify instance without listening: plugins, /trpc, /api, /uploads,
// /healthz, the client, and one error handling for all of it.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants as zlib } from 'node:zlib';
import { join, resolve } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { PHOTO_MAX_BYTES, TRPC_MAX_BATCH_SIZE } from '../shared/constants';
import type { AppDeps } from './deps';
import type { Settings } from './env';
import { adminRoutes } from './rest/admin';
import { auctionRoutes } from './rest/auction';
import { authRoutes } from './rest/auth';
import { contactRoutes } from './rest/contact';
import { restRoutes } from './rest/adapter';
import { errorBody, sendError } from './rest/errors';
import { userRoutes } from './rest/user';
import { loggerOptions } from './logging';
import { RetryAfter } from './services/errors';
import { endExpiredStreams, STREAM_SESSION_CHECK_MS, tooManyStreams } from './live/streams';
import { createRequestContext } from './trpc/context';
import { trpcHttp, type TrpcHttpOptions } from './trpc/http';
import { appRouter, type AppRouter } from './trpc/router';
import { pageHtml } from './page-preloads';
import { clientDistDir } from './paths';

export interface BuildOptions {
  /** Serve the client through Vite with hot reload instead of from dist/client. */
  dev?: boolean;
  /** false answers every tRPC request through tRPC's resolveResponse (a test compares the two paths). */
  trpcShortPath?: boolean;
  /** How long a request's headers and body may take to arrive before it is answered 408 (tests shorten it). */
  requestTimeoutMs?: number;
}

/** A client that sends its request slower than this is answered 408: a trickled body cannot hold a socket. */
export const REQUEST_TIMEOUT_MS = 30_000;

const SERVER_PATHS = /^\/(api|trpc|uploads|healthz)(\/|$|\?)/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Stored photos and the no-photo placeholder: the images other origins may show. */
const SHARED_IMAGES = /^\/(uploads\/|placeholder\.svg($|\?))/;

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { settings } = deps;
  mkdirSync(settings.UPLOAD_DIR, { recursive: true });
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Node answers 408 and closes the socket when the headers, or the whole body, are not in by then.
    // It looks for late requests every connectionsCheckingInterval: 30 s by default, too seldom to
    // keep the promise, so once a second here.
    requestTimeout,
    http: { headersTimeout: requestTimeout, connectionsCheckingInterval: Math.min(1_000, requestTimeout / 4) },
    ...(await loggerOptions(settings.LOG_LEVEL, options.dev === true)),
    trustProxy: trustedProxies(settings.TRUST_PROXY),
    routerOptions: { maxParamLength: 5000 },
    // Ends idle keep-alive sockets at close, so a SIGTERM does not wait for them.
    forceCloseConnections: 'idle',
    // Errors Fastify meets before routing (a URL it cannot decode, an over-long parameter) answer
    // in the same {error, message} body as everything else.
    frameworkErrors: (error, _req, reply) => sendError(reply, error),
  });

  await app.register(cookie);
  // Lists and pages compress well; small answers (a bid) are sent as they are. A low Brotli level
  // keeps the CPU cost per request small; the built client is compressed once at build time.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  if (settings.CORS_ORIGINS.length > 0) {
    await app.register(cors, { origin: settings.CORS_ORIGINS, credentials: true, methods: ['GET', 'POST', 'PATCH'] });
  }
  // Security headers by helmet, worked out once: the plugin form rebuilds them on every request,
  // a measurable share of a bid's time. Set early, so every answer (errors included) carries them.
  const headers = securityHeaders({
    // Vite's dev server injects inline scripts for hot reload; production allows only our own origin.
    contentSecurityPolicy: options.dev
      ? false
      : {
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            // Photo URLs are absolute, on PUBLIC_URL: our page may be opened under another name (127.0.0.1).
            imgSrc: ["'self'", 'blob:', 'data:', new URL(settings.PUBLIC_URL).origin],
            connectSrc: ["'self'"],
            fontSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            upgradeInsecureRequests: null,
          },
        },
    strictTransportSecurity: { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Photos and the placeholder are also shown by clients on the CORS_ORIGINS origins, so any origin
  // may embed them; their own policy sandboxes them, so none can ever run as a page.
  const imageHeaders = {
    ...headers,
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'cross-origin',
  };
  // HSTS only over HTTPS: plain HTTP on 127.0.0.1 is a supported set-up, where the header means nothing.
  const overHttp = (set: Record<string, string>) => {
    const { 'strict-transport-security': _, ...rest } = set;
    return rest;
  };
  const headerSets = {
    page: { http: overHttp(headers), https: headers },
    image: { http: overHttp(imageHeaders), https: imageHeaders },
  };
  app.addHook('onRequest', (req, reply, done) => {
    const sets = SHARED_IMAGES.test(req.url) ? headerSets.image : headerSets.page;
    reply.headers(req.protocol === 'https' ? sets.https : sets.http);
    done();
  });

  // Cross-site request refusal: a state-changing request from a foreign Origin is refused.
  // Requests without Origin (scripts, curl) pass; no token or custom header is required.
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const origin = req.headers.origin;
    if (origin === undefined || origin === `${req.protocol}://${req.host}` || settings.CORS_ORIGINS.includes(origin)) return;
    return reply.code(403).send(errorBody('Cross-site request refused.'));
  });

  // tRPC takes JSON, and multipart for the photo upload. Refusing the other simple form types means
  // a cross-site HTML form cannot even deliver a body to a procedure (the Origin check is the first wall).
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'POST' || !req.url.startsWith('/trpc') || !hasBody(req)) return;
    const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
    if (type !== 'application/json' && type !== 'multipart/form-data') {
      return reply.code(415).send(errorBody('Content-Type must be application/json or multipart/form-data.'));
    }
  });

  app.setErrorHandler((error, _req, reply) => sendError(reply, error));

  app.get('/healthz', async () => {
    deps.db.$client.prepare('select 1').get();
    return { status: 'ok' };
  });

  await app.register(trpcHttp, {
    prefix: '/trpc',
    router: appRouter,
    createContext: (req, reply) => createRequestContext(deps, req, reply),
    // Room for a 5 MiB photo plus the multipart envelope; the photo's own limit is checked in the service.
    maxMultipartBytes: PHOTO_MAX_BYTES + 1024 * 1024,
    shortPath: options.trpcShortPath,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    openStream(ctx) {
      // Signed out: the procedure itself answers UNAUTHORIZED.
      if (!ctx.user) return undefined;
      const lease = deps.streams.open({ sessionId: ctx.user.sessionId, userId: ctx.user.id });
      if (!lease) throw tooManyStreams();
      return lease;
    },
    errorHeaders(errors): Record<string, string> {
      const limited = errors.find((e) => e.cause instanceof RetryAfter);
      return limited ? { 'retry-after': String((limited.cause as RetryAfter).seconds) } : {};
    },
    onError(error, path) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
    },
  } satisfies TrpcHttpOptions<AppRouter> & { prefix: string });

  await app.register(
    async (api) => {
      // REST mutations take JSON only; a body of any other type is refused before parsing. Two
      // exceptions: the photo upload is multipart, and logout reads no body at all.
      api.addHook('onRequest', async (req, reply) => {
        const expected = req.routeOptions.config.body ?? 'json';
        if (SAFE_METHODS.has(req.method) || expected === 'none' || !hasBody(req)) return;
        const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        const allowed = expected === 'multipart' ? 'multipart/form-data' : 'application/json';
        if (type !== allowed) return reply.code(415).send(errorBody(`Content-Type must be ${allowed}.`));
      });
      // An empty body with a JSON content type (a common fetch call) is no body, not bad JSON;
      // any other type only reaches a route that ignores its body (logout).
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
        body === '' ? done(null, undefined) : parseJson(req, body as string, done),
      );
      api.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
      await api.register(multipart);
      const rest = restRoutes(api, deps);
      authRoutes(rest);
      userRoutes(rest);
      auctionRoutes(rest);
      contactRoutes(rest);
      adminRoutes(rest);
    },
    { prefix: '/api' },
  );

  await app.register(fastifyStatic, {
    root: resolve(settings.UPLOAD_DIR),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    // Stored names are fresh UUIDs, so a file never changes: cache it for a year.
    maxAge: '365d',
    immutable: true,
  });

  let indexHtml: ((pathname: string) => string) | undefined;
  if (options.dev) {
    const { mountViteDevServer } = await import('./dev-client');
    await mountViteDevServer(app, (url) => SERVER_PATHS.test(url));
  } else {
    indexHtml = await serveBuiltClient(app);
  }

  // Unknown paths under /api, /trpc and /uploads answer JSON; any other page is the client's to render.
  app.setNotFoundHandler((req, reply) => {
    if (indexHtml && !SERVER_PATHS.test(req.url) && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml(req.url.split('?')[0]!));
    }
    return reply.code(404).send(errorBody(`Not found: ${req.method} ${req.url.split('?')[0]}`));
  });

  // Live subscriptions would hold the server open: end them first, then wait for requests in flight.
  // A stream's session can expire while it is open; logout and password changes end theirs at once.
  const streamCheck = setInterval(() => endExpiredStreams(deps), STREAM_SESSION_CHECK_MS);
  streamCheck.unref();
  app.addHook('preClose', async () => {
    clearInterval(streamCheck);
    deps.bus.close();
    deps.streams.close();
  });
  app.addHook('onClose', async () => {
    deps.db.$client.close();
  });

  return app;
}

/** Serves dist/client; returns index.html for a page's path (with its code preloaded), or undefined without a build. */
async function serveBuiltClient(app: FastifyInstance): Promise<((pathname: string) => string) | undefined> {
  const indexPath = join(clientDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn('dist/client is missing: run `npm run build` to serve the client');
    return undefined;
  }
  await app.register(fastifyStatic, {
    root: clientDistDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Our own Cache-Control below (the plugin's default would replace it with max-age=0).
    cacheControl: false,
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so those never change; the rest may.
      res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const indexHtml = readFileSync(indexPath, 'utf8');
  if (!existsSync(join(clientDistDir, '.vite/manifest.json'))) {
    app.log.warn('dist/client has no build manifest (an older build): pages load without preloads until `npm run build`');
    return () => indexHtml;
  }
  return pageHtml(indexHtml, clientDistDir);
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

/** The headers helmet sets for these options, read once from a stand-in response. */
function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a REST route's body may be: JSON (the default), a multipart upload, or nothing it reads. */
    body?: 'json' | 'multipart' | 'none';
  }
}
