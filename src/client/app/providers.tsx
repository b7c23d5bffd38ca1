// Everything the app needs around its routes: query cache, tRPC bindings, the session.
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-provider';
import { createQueryClient } from '../lib/query-client';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(createTrpcClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <AuthProvider>{children}</AuthProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}
