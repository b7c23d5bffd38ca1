// Lists and pages compress well; small answers (a bid) are sent as they are. A low Brotli level keeps
// the CPU cost per request small; the built client is compressed once, at build time.
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

async function compression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}

export default fp(compression, { name: 'compression' });
