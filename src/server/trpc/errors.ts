// How any error reads to a person: one message, plus the field issues of a validation failure.
// Used by the tRPC error formatter and the REST error body alike.
import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export interface Issue {
  path: string;
  message: string;
}

export const GENERIC_ERROR = 'Something went wrong. Please try again.';

export function zodIssues(error: ZodError): Issue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

export function describeError(error: TRPCError): { message: string; issues?: Issue[] } {
  if (error.cause instanceof ZodError) {
    const issues = zodIssues(error.cause);
    return { message: issues[0]?.message ?? 'Invalid input', issues };
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: GENERIC_ERROR };
  return { message: error.message };
}
