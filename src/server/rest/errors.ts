// The one mapping from errors to HTTP answers: {error, message, issues?} with the right status.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply } from 'fastify';
import { RetryAfter } from '../services/errors';
import { describeError, GENERIC_ERROR, type Issue } from '../trpc/errors';

export interface ErrorBody {
  error: string;
  message: string;
  issues?: Issue[];
}

export function errorBody(message: string, issues?: Issue[]): ErrorBody {
  return issues ? { error: message, message, issues } : { error: message, message };
}

/** Status and body for anything a route threw; 5xx never carry details. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const { message, issues } = describeError(error);
    const retryAfter = error.cause instanceof RetryAfter ? error.cause.seconds : undefined;
    return { status, body: errorBody(status >= 500 ? GENERIC_ERROR : message, issues), retryAfter };
  }
  // Fastify's own errors (bad JSON, wrong content type, body too large) carry a 4xx status code.
  const statusCode = (error as FastifyError | undefined)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: errorBody((error as Error).message) };
  }
  return { status: 500, body: errorBody(GENERIC_ERROR) };
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body, retryAfter } = toHttpError(error);
  if (status >= 500) reply.log.error({ err: error }, 'request failed');
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.code(status).send(body);
}
