// Reading what a request says about its body, for the hooks that refuse the wrong kind early.
import type { FastifyRequest } from 'fastify';

export function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The media type of the body, without its parameters, in lower case. */
export function mediaType(req: FastifyRequest): string | undefined {
  return req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
}
