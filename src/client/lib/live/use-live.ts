// The browser's live connection (live-hub.ts) in React: the hub of this tab, following what a view
// shows while it is on screen, and hearing the events.
import { createContext, use, useEffect, useEffectEvent } from 'react';
import type { Following, LiveHub } from './live-hub';

export const LiveHubContext = createContext<LiveHub | null>(null);

export function useLiveHub(): LiveHub {
  const hub = use(LiveHubContext);
  if (!hub) throw new Error('useLiveHub needs the data layer (app/data-layer.tsx) above it.');
  return hub;
}

/** Follows these auctions (or every auction) while the calling view is mounted. */
export function useFollow(following: Following): void {
  const hub = useLiveHub();
  const key = `${following.everyAuction ? '*' : ''}${following.auctionIds.join(',')}`;
  // Keyed by content: a new array with the same ids follows nothing anew.
  const current = useEffectEvent(() => following);
  useEffect(() => hub.follow(current()), [hub, key]);
}

/** Calls `listener` with every live event this tab receives while the calling view is mounted. */
export function useLiveEvents(listener: (data: unknown) => void): void {
  const hub = useLiveHub();
  const onEvent = useEffectEvent(listener);
  useEffect(() => hub.listen((data) => onEvent(data)), [hub]);
}
