// The data layer: TanStack Query and the tRPC client, around every page that reads data. It loads on
// the first such page, so the landing page does not wait for it. One cache for the whole tab.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { onSessionEvent } from '../lib/session-events';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

// Whoever signs in or out next must not see the last user's data.
onSessionEvent('userChanged', () => queryClient.clear());

export function DataLayer({ children }: { children?: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children ?? <Outlet />}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
