// Reading what a request says about its body, for the hooks that refuse the wrong kind early, and
// throwing away what is left of a refused one.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PHOTOS_MAX } from '../../shared/listing';
import { PHOTO_MAX_BYTES } from '../../shared/photos';

export function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The media type of the body, without its parameters, in lower case. */
export function mediaType(req: FastifyRequest): string | undefined {
  return req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}

/**
 * The longest refused body read to its end for nothing. Past every upload the site takes (eight 5 MiB
 * photos in their form), so a client that sent one photo too many, or one too large, keeps its
 * connection. Thrown away as it arrives, it costs the time to receive it, not memory.
 */
export const DISCARDED_BODY_MAX = PHOTOS_MAX * PHOTO_MAX_BYTES + 2 * 1024 * 1024;

/**
 * For an answer sent before the request's body was read to its end (a refused upload): the rest is
 * read and thrown away after the answer, so that the connection carries its next request at once,
 * rather than holding it until the request times out (408). A body of unknown length, or longer
 * than DISCARDED_BODY_MAX, is not waited for: the answer closes the connection. Call it before the
 * answer's headers go out (an onSend hook).
 */
export function discardRestOfBody(req: FastifyRequest, reply: FastifyReply): void {
  const raw = req.raw;
  if (raw.complete || raw.destroyed) return;
  const length = Number(req.headers['content-length']);
  if (!(length <= DISCARDED_BODY_MAX)) reply.header('connection', 'close');
  // Whoever was reading has stopped: a multipart parser piped from it, or an iterator.
  raw.unpipe();
  raw.removeAllListeners('readable');
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > DISCARDED_BODY_MAX) raw.destroy();
  });
  raw.resume();
}
