// Development only: the client through Vite's dev server on the same port, with hot reload.
// Imported lazily, so production never loads Vite.
import type { FastifyInstance } from 'fastify';

export async function mountViteDevServer(app: FastifyInstance, isServerPath: (url: string) => boolean): Promise<void> {
  const [{ createServer }, { default: middie }] = await Promise.all([import('vite'), import('@fastify/middie')]);
  const vite = await createServer({
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server: app.server } },
  });
  await app.register(middie);
  app.use((req, res, next) => (isServerPath(req.url ?? '/') ? next() : vite.middlewares(req, res, next)));
  // Before the server waits for its connections to end, not after: an open tab holds Vite's hot-reload
  // websocket, which would keep the server from closing until tsx watch killed it (5 s on every save).
  app.addHook('preClose', () => vite.close());
}
