// The tRPC client and its React bindings. The session travels in the same-origin HttpOnly cookie only.
import { createTRPCClient, httpBatchLink, httpLink, httpSubscriptionLink, isNonJsonSerializable, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { TRPC_MAX_BATCH_SIZE } from '../../shared/constants';
import type { AppRouter } from '../../server/trpc/router';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const TRPC_URL = '/trpc';

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: httpSubscriptionLink({ url: TRPC_URL }),
        false: splitLink({
          // Uploads (FormData) cannot be batched as JSON.
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url: TRPC_URL }),
          false: httpBatchLink({ url: TRPC_URL, maxItems: TRPC_MAX_BATCH_SIZE }),
        }),
      }),
    ],
  });
}
