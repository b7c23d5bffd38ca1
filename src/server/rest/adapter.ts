// A REST route is a few lines: build the request's context, call the same tRPC procedure, send its answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { NOT_SIGNED_IN_MESSAGE } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { unauthorized } from '../domain/errors';
import type { SessionUser } from '../services/sessions';
import { createRequestContext, type Context } from '../trpc/context';
import { createRestCaller, type RestCaller } from '../trpc/router';
import { sendWholeList, WholeList, type WholeListGate } from './whole-lists';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Handler = (caller: RestCaller, req: FastifyRequest, ctx: Context) => unknown;

export type RestRoutes = (
  method: Method,
  url: string,
  handler: Handler,
  options?: {
    status?: number;
    body?: 'json' | 'multipart' | 'none';
    /** The route answers a WholeList, which compresses itself (whole-lists.ts), so @fastify/compress leaves it alone. */
    wholeList?: boolean;
  },
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

export function restRoutes(app: FastifyInstance, deps: AppDeps, wholeLists: WholeListGate): RestRoutes {
  return (method, url, handler, { status = 200, body = 'json', wholeList = false } = {}) => {
    app.route({
      method,
      url,
      config: { body },
      ...(wholeList ? { compress: false as const } : {}),
      handler: async (req, reply) => {
        const ctx = await createRequestContext(deps, req, reply);
        const result = await handler(createRestCaller(ctx), req, ctx);
        if (result instanceof WithStatus) return reply.code(result.status).headers(result.headers).send(result.body);
        if (result instanceof WholeList) return sendWholeList(wholeLists, req, reply, result);
        return reply.code(status).send(result);
      },
    });
  };
}

/**
 * The request's user, for a route that acts before a procedure would (an upload refused unread) or
 * calls a service itself (the bid, the purchase): a caller without a session is refused as a
 * signed-in procedure refuses one (trpc/init.ts).
 */
export function signedInUser(ctx: Context): SessionUser {
  if (!ctx.user) throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  return ctx.user;
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
