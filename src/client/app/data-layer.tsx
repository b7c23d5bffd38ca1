// The data layer: TanStack Query, the tRPC client and the browser's live connection, around every
// page that reads data. It loads on the first such page, so the landing page does not wait for it.
// One cache and one live hub for the whole tab.
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { LIVE_FOLLOW_MAX } from '../../shared/schemas/live';
import { CardActionContext } from '../features/auctions/card-action';
import type { Auction } from '../features/auctions/types';
import { useApplyLiveBids } from '../features/bidding/api';
import { WatchButton } from '../features/watchlist/watch-button';
import { LiveHub } from '../lib/live/live-hub';
import { LiveHubContext } from '../lib/live/use-live';
import { createQueryClient } from '../lib/query-client';
import { emitSessionEvent, onSessionEvent } from '../lib/session-events';
import { createTrpcClient, TRPCProvider } from '../lib/trpc';

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();

const liveHub = new LiveHub({
  connect(input, handlers) {
    const subscription = trpcClient.live.events.subscribe(input, {
      onStarted: () => handlers.onStarted(),
      onData: ({ id, data }) => handlers.onData({ id, data }),
      onError: () => handlers.onError(),
      onComplete: () => handlers.onComplete(),
    });
    return () => subscription.unsubscribe();
  },
  maxFollowed: LIVE_FOLLOW_MAX,
  async stillSignedIn() {
    const { user } = await trpcClient.auth.session.query();
    if (!user) emitSessionEvent('unauthorized');
    return user !== null;
  },
});

// Whoever signs in or out next must not see the last user's data.
onSessionEvent('userChanged', () => {
  queryClient.clear();
  liveHub.reset();
});

interface DataLayerProps {
  children?: ReactNode;
  /**
   * Apply live bids to the cache here. The header's bell sits in a data layer of its own (it loads
   * apart from the page) and leaves that to the page's, so that each bid is applied once.
   */
  applyLiveBids?: boolean;
}

export function DataLayer({ children, applyLiveBids = true }: DataLayerProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <LiveHubContext value={liveHub}>
          {applyLiveBids && <LiveBidUpdates />}
          <CardActionContext value={cardWatchButton}>{children ?? <Outlet />}</CardActionContext>
        </LiveHubContext>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

function LiveBidUpdates() {
  useApplyLiveBids();
  return null;
}

/** Cards on the pages that read data carry the watch toggle (for signed-in users; guests see none). */
const cardWatchButton = (auction: Auction, ended: boolean) => <WatchButton auction={auction} variant="icon" ended={ended} />;
