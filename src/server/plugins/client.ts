// Every other path: the client's pages (built, or through Vite in dev), and JSON 404s under the
// server's own paths, which must never answer with a page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pageHtml } from '../page-preloads';
import { clientDistDir } from '../paths';
import { errorBody } from '../rest/errors';

const SERVER_PATHS = /^\/(api|trpc|uploads|avatars|healthz)(\/|$|\?)/;

async function client(app: FastifyInstance, { dev }: { dev: boolean }) {
  let indexHtml: ((pathname: string) => string) | undefined;
  if (dev) {
    const { mountViteDevServer } = await import('../dev-client');
    await mountViteDevServer(app, (url) => SERVER_PATHS.test(url));
  } else {
    indexHtml = await serveBuiltClient(app);
  }

  app.setNotFoundHandler((req, reply) => {
    if (indexHtml && !SERVER_PATHS.test(req.url) && (req.method === 'GET' || req.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml(req.url.split('?')[0]!));
    }
    return reply.code(404).send(errorBody(`Not found: ${req.method} ${req.url.split('?')[0]}`));
  });
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

/** The not-found handler is the app's own, not this plugin's alone. */
export default fp(client, { name: 'client' });
