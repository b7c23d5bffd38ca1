// The one QueryClient: the caching rules of docs/rules/screens.md#caching-and-freshness, and no retries
// for answers the server meant (4xx).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { emitSessionEvent } from './session-events';

const MAX_RETRIES = 3;

/** The HTTP status the server answered with, or undefined when it never answered (network, abort). */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** Any 401 while signed in means the session ended elsewhere: the shell signs this tab out. */
function notifyIfUnauthorized(error: unknown) {
  if (httpStatusOf(error) === 401) emitSessionEvent('unauthorized');
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: notifyIfUnauthorized }),
    mutationCache: new MutationCache({ onError: notifyIfUnauthorized }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 5 * 60_000,
        retry: (failureCount, error) => {
          const status = httpStatusOf(error);
          if (status !== undefined && status < 500) return false;
          return failureCount < MAX_RETRIES;
        },
        // Auction prices move; a tab brought back after a while should not show stale prices.
        // staleTime keeps this from refetching on every quick tab switch.
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
}
