// The one mapping from errors to HTTP answers: {error, message, issues?} with the right status.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyError, FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type AppErrorKind, type Issue } from '../domain/errors';
import { describeError, describeInvalidInput, GENERIC_ERROR, retryAfterOf } from '../trpc/errors';

export interface ErrorBody {
  error: string;
  message: string;
  issues?: Issue[];
}

export const HTTP_STATUS: Record<AppErrorKind, number> = {
  'bad-request': 400,
  unauthorized: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  'too-many-requests': 429,
  unavailable: 503,
};

export function errorBody(message: string, issues?: Issue[]): ErrorBody {
  return issues ? { error: message, message, issues } : { error: message, message };
}

/** Status and body for anything a route threw; 5xx never carry details. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody; retryAfter?: number } {
  if (error instanceof AppError) {
    return {
      status: HTTP_STATUS[error.kind],
      body: errorBody(error.message, error.details.issues),
      retryAfter: error.details.retryAfterSeconds,
    };
  }
  // Input that failed its schema in a route that validates it itself (the bid).
  if (error instanceof ZodError) {
    const { message, issues } = describeInvalidInput(error);
    return { status: HTTP_STATUS['bad-request'], body: errorBody(message, issues) };
  }
  // A procedure's error, reached through the server-side caller.
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const { message, issues } = describeError(error);
    // A domain error speaks to a person even as a 5xx (a feature this site does not offer: 503).
    const forPerson = status < 500 || error.cause instanceof AppError;
    return { status, body: errorBody(forPerson ? message : GENERIC_ERROR, issues), retryAfter: retryAfterOf(error) };
  }
  if (isDatabaseUnavailable(error)) return { status: HTTP_STATUS.unavailable, body: errorBody(DATABASE_UNAVAILABLE_MESSAGE) };
  // Fastify's own errors (bad JSON, wrong content type, body too large) carry a 4xx status code.
  const statusCode = (error as FastifyError | undefined)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return { status: statusCode, body: errorBody((error as Error).message) };
  }
  return { status: 500, body: errorBody(GENERIC_ERROR) };
}

export function sendError(reply: FastifyReply, error: unknown): FastifyReply {
  const { status, body, retryAfter } = toHttpError(error);
  if (status >= 500 && status !== HTTP_STATUS.unavailable) reply.log.error({ err: error }, 'request failed');
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  return reply.code(status).send(body);
}
