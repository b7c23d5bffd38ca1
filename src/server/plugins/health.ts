// /healthz: 200 once the database answers (load balancers and start-up scripts wait for it).
import type { FastifyInstance } from 'fastify';
import type { Store } from '../db/store';

export default async function health(app: FastifyInstance, { store }: { store: Store }) {
  app.get('/healthz', async () => {
    await store.ping();
    return { status: 'ok' };
  });
}
