// A REST route is a few lines: build the request's context, call the same tRPC procedure, send its answer.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createRequestContext, type Context } from '../trpc/context';
import { createCaller, type Caller } from '../trpc/router';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Handler = (caller: Caller, req: FastifyRequest, ctx: Context) => unknown;

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

export function restRoutes(app: FastifyInstance, deps: AppDeps): RestRoutes {
  return (method, url, handler, { status = 200, body = 'json' } = {}) => {
    app.route({
      method,
      url,
      config: { body },
      handler: async (req, reply) => {
        const ctx = await createRequestContext(deps, req, reply);
        const result = await handler(createCaller(ctx), req, ctx);
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

/** One page of a list read through a procedure, and the cursor of the next page (null on the last). */
export type PageOf<T> = { items: T[]; nextCursor: string | null };

/** Items of a long list read per page: as many as a procedure hands out at once. */
export const STREAM_PAGE_SIZE = 100;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Every item of a paged list as one JSON array, written between `head` and `tail` (for an array
 * inside an object). Read and sent a page at a time, letting other requests run between pages, so a
 * list of any length neither holds the event loop nor sits whole in memory. The first page is read
 * before anything is sent, so a refused request still gets its own status.
 */
export async function jsonArrayStream<T>(
  readPage: (cursor: string | null) => Promise<PageOf<T>>,
  { head = '', tail = '' }: { head?: string; tail?: string } = {},
): Promise<Readable> {
  let page = await readPage(null);
  async function* chunks() {
    yield `${head}[`;
    let separator = '';
    for (;;) {
      if (page.items.length > 0) {
        yield separator + page.items.map((item) => JSON.stringify(item)).join(',');
        separator = ',';
      }
      if (page.nextCursor === null) break;
      await nextTurn();
      page = await readPage(page.nextCursor);
    }
    yield `]${tail}`;
  }
  return Readable.from(chunks(), { objectMode: false });
}
