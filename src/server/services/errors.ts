// Errors that services throw. They are tRPC errors, so both doors (tRPC and REST) map them the same way.
import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

export const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });
export const unauthorized = (message: string) => new TRPCError({ code: 'UNAUTHORIZED', message });
export const forbidden = (message: string) => new TRPCError({ code: 'FORBIDDEN', message });
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
export const conflict = (message: string) => new TRPCError({ code: 'CONFLICT', message });

/** Carried as the cause of a TOO_MANY_REQUESTS error, so the HTTP layer can send Retry-After. */
export class RetryAfter extends Error {
  constructor(readonly seconds: number) {
    super(`Retry after ${seconds} s`);
  }
}

export function tooManyRequests(message: string, retryAfterMs: number) {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message, cause: new RetryAfter(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/**
 * A validation failure found after parsing (it needs the clock or the database), shaped like zod's.
 * The cause must be an Error (zod 4's ZodRealError, not the plain ZodError): tRPC drops other causes.
 */
export function invalid(issues: Array<{ path: string; message: string }>) {
  const cause = new ZodRealError(issues.map((i) => ({ code: 'custom' as const, path: [i.path], message: i.message, input: undefined })));
  return new TRPCError({ code: 'BAD_REQUEST', message: issues[0]?.message ?? 'Invalid input', cause });
}
