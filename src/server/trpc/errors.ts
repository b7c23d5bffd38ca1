// The errors of the product's rules (AppError) as tRPC errors, and how any tRPC error reads to a
// person: one message, plus the field issues of a validation failure. The REST door has its own
// mapping (rest/errors.ts).
import { TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { ZodError } from 'zod';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable';
import { AppError, type AppErrorKind, type Issue } from '../domain/errors';

const TRPC_CODES: Record<AppErrorKind, TRPC_ERROR_CODE_KEY> = {
  'bad-request': 'BAD_REQUEST',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  'not-found': 'NOT_FOUND',
  conflict: 'CONFLICT',
  'too-large': 'PAYLOAD_TOO_LARGE',
  'unsupported-type': 'UNSUPPORTED_MEDIA_TYPE',
  'too-many-requests': 'TOO_MANY_REQUESTS',
  unavailable: 'SERVICE_UNAVAILABLE',
};

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODES[error.kind], message: error.message, cause: error });
}

/** A database out of reach (db/unavailable.ts) as the 503 it is; anything else unchanged. */
export function unavailableOr(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? toTRPCError(new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE)) : error;
}

export function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

/** Input that failed its schema, in words: the first issue's message, and every issue by field. */
export function describeInvalidInput(error: ZodError): { message: string; issues: Issue[] } {
  const issues = zodIssues(error);
  return { message: issues[0]?.message ?? 'Invalid input', issues };
}

/** What a person is told: the rule's message and issues, zod's issues, or nothing of an unexpected failure. */
export function describeError(error: TRPCError): { message: string; issues?: Issue[] } {
  const { cause } = error;
  if (cause instanceof AppError) return { message: cause.message, issues: cause.details.issues };
  if (cause instanceof ZodError) return describeInvalidInput(cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: GENERIC_ERROR };
  return { message: error.message };
}

/** Seconds to wait before trying again, for a refusal that says so. */
export function retryAfterOf(error: TRPCError): number | undefined {
  return error.cause instanceof AppError ? error.cause.details.retryAfterSeconds : undefined;
}
