// How an ended auction's price reads, in the same words on its card and on its page. The leader at
// the end wins, so an auction that ended with bids has a winner (docs/rules/auctions.md).
import type { Auction } from './types';

export const SOLD_FOR = 'Sold for';
export const ENDED_WITHOUT_BIDS = 'Ended without bids';

/** Ended with a winner. By the bid count, which the page has before the server's answer names the winner. */
export const sold = (auction: Pick<Auction, 'bidsCount' | 'winner'>) => auction.winner !== null || auction.bidsCount > 0;
