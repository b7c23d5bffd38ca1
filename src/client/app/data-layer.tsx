// The data layer: TanStack Query and the tRPC client, around every page that reads data. It loads on
// the first such page, so the landing page does not wait for it. One cache for the whole tab.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { CardActionContext } from '../features/auctions/card-action';
import type { Auction } from '../features/auctions/types';
import { WatchButton } from '../features/watchlist/watch-button';
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
        <CardActionContext value={cardWatchButton}>{children ?? <Outlet />}</CardActionContext>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Cards on the pages that read data carry the watch toggle (for signed-in users; guests see none). */
const cardWatchButton = (auction: Auction, ended: boolean) => <WatchButton auction={auction} variant="icon" ended={ended} />;
