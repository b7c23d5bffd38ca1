// Second-chance offers (docs/rules/orders.md#second-chance): their words and the inputs of their
// calls, shared by the server (which says them) and the client.
import { z } from 'zod';

/**
 * Where an offer stands. `expired` is written only when the seller makes the next offer for the
 * auction: until then an offer past its time still reads `pending`, and every rule checks the clock.
 */
export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_WORDS = {
  notFound: 'Offer not found',
  auctionNotFound: 'Auction not found',
  onlySeller: 'Only the seller can offer the item to a bidder.',
  /** The auction sold, is still running, or was relisted: nothing to offer. */
  notOfferable:
    'A second-chance offer is possible once the auction has ended below its reserve, or its order was cancelled unpaid, and before it is relisted.',
  pendingAlready: 'This auction already has a pending offer: wait for its answer or its expiry.',
  notABidder: 'This person did not bid on this auction.',
  cancelledBuyer: 'This bidder did not pay for this item: choose another bidder.',
  deletedBidder: 'This bidder deleted their account: choose another bidder.',
  answered: (status: OfferStatus) => `This offer was already ${status === 'expired' ? 'expired' : status}.`,
  expired: 'This offer has expired.',
};

/** An auction named by its id in the path, and the bidder the seller offers the item to. */
export const makeOfferInput = z.object({
  auctionId: z.string().max(1000),
  to: z.string('to must be a user id').regex(/^\d{1,15}$/, 'to must be a user id'),
});
export type MakeOfferInput = z.infer<typeof makeOfferInput>;

/** An offer named by its id in the path; any text may name it, an unknown one is 404. */
export const offerIdInput = z.object({ id: z.string().max(1000) });
