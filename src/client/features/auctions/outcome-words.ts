// How an ended auction's price reads, in the same words on its card and on its page. The leader at
// the end wins when the reserve (if any) was met, so an auction that ended with bids and a met reserve
// has a winner (docs/rules/auctions.md).
import { RESERVE_WORDS } from '../../../shared/listing';
import type { Auction } from './types';

export const SOLD_FOR = 'Sold for';
export const ENDED_WITHOUT_BIDS = 'Ended without bids';

type Outcome = Pick<Auction, 'bidsCount' | 'winner' | 'reserveMet'>;

/**
 * Ended with a winner. By the bid count and the reserve, which the page has before the server's
 * answer names the winner.
 */
export const sold = (auction: Outcome) => auction.winner !== null || (auction.bidsCount > 0 && auction.reserveMet !== false);

/** An ended auction that did not sell: nobody bid, or the bids stayed below the reserve. */
export const unsoldWords = (auction: Outcome) => (auction.bidsCount > 0 ? RESERVE_WORDS.notMet : ENDED_WITHOUT_BIDS);
