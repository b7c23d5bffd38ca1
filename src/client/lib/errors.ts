// Turns any thrown error into one sentence for a person.
import { ApiError } from './shell-api';

/** The server's message when the server answered; otherwise the fallback (network failure, crash). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage?.trim() || fallback;
  // A TRPCClientError carries `data` when the server answered with an error; a network failure has none.
  // Checked by shape, so this module does not pull the tRPC client into the first page load.
  if (error instanceof Error && (error as { data?: unknown }).data != null) {
    const message = error.message.trim();
    if (message) return message;
  }
  return fallback;
}
