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
  app.addHook('onClose', () => vite.close());
}
