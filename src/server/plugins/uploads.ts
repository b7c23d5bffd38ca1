// /uploads: the stored photos. Their names are fresh UUIDs, so a file never changes: cached for a year.
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export default async function uploads(app: FastifyInstance, { uploadDir }: { uploadDir: string }) {
  await app.register(fastifyStatic, {
    root: resolve(uploadDir),
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '365d',
    immutable: true,
  });
}
