// /avatars/<user id>/<initial>.svg: the drawn avatar of a user without a photo (services/avatars.ts).
// The URL holds everything the picture shows, so it never changes: cached for a year, like photos.
import type { FastifyInstance } from 'fastify';
import { ID_PATTERN } from '../../shared/schemas/common';
import { errorBody } from '../rest/errors';
import { initialAvatarSvg, isInitial } from '../services/avatars';

export default async function avatars(app: FastifyInstance) {
  app.get<{ Params: { userId: string; file: string } }>('/avatars/:userId/:file', async (req, reply) => {
    const { userId, file } = req.params;
    const initial = file.endsWith('.svg') ? file.slice(0, -'.svg'.length) : '';
    // Only what avatarUrl writes: an id, and one initial as initialOf makes it (never text to draw at will).
    if (!ID_PATTERN.test(userId) || !isInitial(initial)) {
      return reply.code(404).send(errorBody(`Not found: ${req.method} ${req.url.split('?')[0]}`));
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(initialAvatarSvg(Number(userId), initial));
  });
}
