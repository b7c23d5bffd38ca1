// What signed-in pages add to each auction card (the watch toggle). The card itself stays free of
// the data layer, since the public landing page shows cards before TanStack Query and tRPC load:
// the data layer hands the toggle in through this context, and the landing page's cards go without.
import { createContext, useContext, type ReactNode } from 'react';
import type { Auction } from './types';

/** `ended`: over by the card's clock, which may be ahead of the answer it was drawn from. */
export const CardActionContext = createContext<((auction: Auction, ended: boolean) => ReactNode) | null>(null);

/** The action of a card, if the page provides one. */
export function CardAction({ auction, ended }: { auction: Auction; ended: boolean }) {
  const renderAction = useContext(CardActionContext);
  return renderAction?.(auction, ended) ?? null;
}
