// A REST route is a few lines: build the request's context, call the same tRPC procedure, send its answer.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createRequestContext, type Context } from '../trpc/context';
import { createRestCaller, type RestCaller } from '../trpc/router';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Handler = (caller: RestCaller, req: FastifyRequest, ctx: Context) => unknown;

export type RestRoutes = (
  method: Method,
  url: string,
  handler: Handler,
  options?: { status?: number; body?: 'json' | 'multipart' | 'none' },
) => void;

/**
 * An answer whose status depends on what happened (a bid is 201, a maximum raised alone 200), or
 * that carries headers of its own (a page's X-Next-Cursor).
 */
export class WithStatus {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A page of a list as REST answers it: the items as an array, and the next page's cursor in X-Next-Cursor (none on the last). */
export function pageAnswer({ items, nextCursor }: { items: unknown[]; nextCursor: string | null }): WithStatus {
  return new WithStatus(200, items, nextCursor === null ? {} : { 'x-next-cursor': nextCursor });
}

export function restRoutes(app: FastifyInstance, deps: AppDeps): RestRoutes {
  return (method, url, handler, { status = 200, body = 'json' } = {}) => {
    app.route({
      method,
      url,
      config: { body },
      handler: async (req, reply) => {
        const ctx = await createRequestContext(deps, req, reply);
        const result = await handler(createRestCaller(ctx), req, ctx);
        if (result instanceof WithStatus) return reply.code(result.status).headers(result.headers).send(result.body);
        if (result instanceof Readable) reply.type('application/json; charset=utf-8');
        return reply.code(status).send(result);
      },
    });
  };
}

/** The path parameter `name`, as sent. */
export function param(req: FastifyRequest, name: string): string {
  return (req.params as Record<string, string>)[name] ?? '';
}

/**
 * The JSON body, handed on unchecked: the procedure's zod schema validates it, so its static type
 * does not matter here. A missing or non-object body becomes {} and fails field by field.
 */
export function unvalidatedBody(req: FastifyRequest): never {
  const value = req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? req.body : {};
  return value as never;
}

/**
 * Items written as one JSON text: one stringify for a slice of them, its brackets dropped (V8 writes
 * an array of like objects faster than the same objects one call each), and few enough that the text
 * stays under V8's large-object size (128 kB; 50 auctions take about 32 kB), above which turning it
 * into bytes for the socket costs several times as much.
 */
const ITEMS_PER_CHUNK = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every item of a list that arrives page by page, as one JSON array written between `head` and
 * `tail` (for an array inside an object). Sent a chunk at a time, letting other requests run after
 * each, so that a list of any length neither holds the event loop nor sits whole in memory: a page of
 * items and a chunk of text at a time, where the whole list as one text (6 MB for 10,000 auctions)
 * would also cost more to turn into bytes (ITEMS_PER_CHUNK). The first page is read before anything is
 * sent, so a refused request still gets its own status.
 */
export async function jsonArrayStream(
  pages: AsyncIterable<readonly unknown[]>,
  { head = '', tail = '' }: { head?: string; tail?: string } = {},
): Promise<Readable> {
  const reader = pages[Symbol.asyncIterator]();
  let page = await reader.next();
  async function* chunks() {
    try {
      yield `${head}[`;
      let separator = '';
      while (!page.done) {
        const items = page.value;
        for (let at = 0; at < items.length; at += ITEMS_PER_CHUNK) {
          yield separator + JSON.stringify(items.slice(at, at + ITEMS_PER_CHUNK)).slice(1, -1);
          separator = ',';
          await nextTurn();
        }
        page = await reader.next();
      }
      yield `]${tail}`;
    } finally {
      // A client that leaves mid-list ends the reading too.
      await reader.return?.();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
