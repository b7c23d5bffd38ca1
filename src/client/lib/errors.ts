// Turns any thrown error into one sentence for a person.
import { TRPCClientError } from '@trpc/client';

/** The server's message when the server answered; otherwise the fallback (network failure, crash). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError && error.data !== undefined && error.data !== null) {
    const message = error.message.trim();
    if (message) return message;
  }
  return fallback;
}
