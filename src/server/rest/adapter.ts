// A REST route is a few lines: build the request's context, call the same tRPC procedure, send its answer.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { createRequestContext, type Context } from '../trpc/context';
import { createCaller, type Caller } from '../trpc/router';

type Method = 'GET' | 'POST' | 'PATCH';
type Handler = (caller: Caller, req: FastifyRequest, ctx: Context) => Promise<unknown> | unknown;

export type RestRoutes = (
  method: Method,
  url: string,
  handler: Handler,
  options?: { status?: number; body?: 'json' | 'multipart' | 'none' },
) => void;

export function restRoutes(app: FastifyInstance, deps: AppDeps): RestRoutes {
  return (method, url, handler, { status = 200, body = 'json' } = {}) => {
    app.route({
      method,
      url,
      config: { body },
      handler: async (req, reply) => {
        const ctx = createRequestContext(deps, req, reply);
        const result = await handler(createCaller(ctx), req, ctx);
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
