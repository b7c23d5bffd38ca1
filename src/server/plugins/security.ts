// Security for every answer: headers (worked out once), CORS for the origins in CORS_ORIGINS, and the
// refusal of state-changing requests from foreign origins.
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Settings } from '../env';
import { errorBody } from '../rest/errors';

/** Stored photos and avatars, drawn avatars and the no-photo placeholder: the images other origins may show. */
const SHARED_IMAGES = /^\/(uploads\/|avatars\/|placeholder\.svg($|\?))/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The methods a client on another origin may use: reads, and the REST calls that change something. */
const CORS_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

export interface SecurityOptions {
  settings: Settings;
  /** Vite's dev server injects inline scripts for hot reload: no Content-Security-Policy in dev. */
  dev: boolean;
}

async function security(app: FastifyInstance, { settings, dev }: SecurityOptions) {
  if (settings.CORS_ORIGINS.length > 0) {
    // A page of the auction list names the next one in a header, which a page on another origin may only read once exposed.
    await app.register(cors, {
      origin: settings.CORS_ORIGINS,
      credentials: true,
      methods: CORS_METHODS,
      exposedHeaders: ['X-Next-Cursor'],
    });
  }

  // Worked out once: helmet as a plugin rebuilds its headers on every request, a measurable share of
  // a bid's time. Set first, so every answer (errors included) carries them.
  const headers = helmetHeaders({
    contentSecurityPolicy: dev
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
  // Photos, avatars and the placeholder are also shown by clients on the CORS_ORIGINS origins, so any
  // origin may embed them; their own policy sandboxes them, so none can ever run as a page (a drawn
  // avatar is an SVG: opened on its own, it is a document, and runs nothing).
  const imageHeaders = {
    ...headers,
    'content-security-policy': "default-src 'none'; sandbox",
    'cross-origin-resource-policy': 'cross-origin',
  };
  // HSTS only over HTTPS: plain HTTP on 127.0.0.1 is a supported set-up, where the header means nothing.
  const overHttp = ({ 'strict-transport-security': _, ...rest }: Record<string, string>) => rest;
  const headerSets = {
    page: { http: overHttp(headers), https: headers },
    image: { http: overHttp(imageHeaders), https: imageHeaders },
  };
  app.addHook('onRequest', (req, reply, done) => {
    const sets = SHARED_IMAGES.test(req.url) ? headerSets.image : headerSets.page;
    reply.headers(req.protocol === 'https' ? sets.https : sets.http);
    done();
  });

  // A state-changing request from a foreign Origin is refused. Requests without Origin (scripts,
  // curl) pass; no token or custom header is ever required.
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (
      SAFE_METHODS.has(req.method) ||
      origin === undefined ||
      origin === `${req.protocol}://${req.host}` ||
      settings.CORS_ORIGINS.includes(origin)
    ) {
      return done();
    }
    reply.code(403).send(errorBody('Cross-site request refused.'));
  });
}

/** The headers helmet sets for these options, read once from a stand-in response. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** Its hooks apply to every route of the app, not only inside this plugin. */
export default fp(security, { name: 'security' });
