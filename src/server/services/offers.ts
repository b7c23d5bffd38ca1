// Second-chance offers (docs/rules/orders.md#second-chance): their answers, the seller's offer, the
// bidder's list and answer (the rules in domain/offers.ts, inside the store's one transaction each).
import { OFFER_WORDS, type MakeOfferInput, type OfferStatus } from '../../shared/offers';
import type { OfferRecord } from '../db/offer-store';
import type { AppDeps } from '../deps';
import { conflict, forbidden, notFound } from '../domain/errors';
import { decideAnswer, decideOffer, offerable, type OfferAnswer } from '../domain/offers';
import { parseId } from './auctions';
import { paymentDueMs } from './closing';
import { toOrder, type Order } from './orders';
import { photoUrls } from './photos';

/** An offer as both doors answer it. */
export interface Offer {
  _id: string;
  auctionId: string;
  itemName: string;
  itemPhoto: string;
  to: { _id: string; name: string };
  price: number;
  status: OfferStatus;
  createdAt: string;
  expiresAt: string;
  answeredAt: string | null;
}

/** What the seller's panel shows of an ended auction: whether it may be offered again, to whom, and its offers. */
export interface SecondChance {
  offerable: boolean;
  /** The bidders the item may be offered to, highest bid first, with the price each would pay. */
  bidders: { _id: string; name: string; highestBid: number }[];
  /** Its offers, newest first; one past its time reads `expired`. */
  offers: Offer[];
}

export function toOffer(row: OfferRecord, publicUrl: string, now: number): Offer {
  // An offer past its time is written `expired` only when the next one is made: the answer says it at once.
  const status = row.status === 'pending' && row.expiresAt.getTime() <= now ? 'expired' : row.status;
  return {
    _id: String(row.id),
    auctionId: String(row.auctionId),
    itemName: row.itemName,
    itemPhoto: photoUrls(row.photo, [], publicUrl).itemPhoto,
    to: { _id: String(row.toId), name: row.toName },
    price: row.price,
    status,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    answeredAt: row.answeredAt === null ? null : row.answeredAt.toISOString(),
  };
}

/** The seller offers the ended auction to one of its bidders: 201 with the offer, or refused (404, 403, 409, 400 at `to`). */
export async function makeOffer(deps: AppDeps, user: { id: number }, input: MakeOfferInput): Promise<Offer> {
  const auctionId = parseId(input.auctionId);
  if (auctionId === null) throw notFound(OFFER_WORDS.auctionNotFound);
  const now = deps.now();
  const toId = Number(input.to);
  const outcome = await deps.store.offers.make(auctionId, toId, new Date(now), (state) =>
    decideOffer(state, user.id, toId, now, paymentDueMs(deps)),
  );
  // Another offer for the auction was made at the same instant: it stands.
  if (!outcome.made) throw conflict(OFFER_WORDS.pendingAlready);
  deps.notices.publish(outcome.notified);
  return toOffer(outcome.offer, deps.settings.PUBLIC_URL, now);
}

/** The ended auction as its seller's panel sees it; 404 for an unknown auction, 403 for anyone but its seller. */
export async function secondChance(deps: AppDeps, user: { id: number }, id: string): Promise<SecondChance> {
  const auctionId = parseId(id);
  const now = deps.now();
  const found = auctionId === null ? undefined : await deps.store.offers.secondChance(auctionId, new Date(now));
  if (!found?.state.auction) throw notFound(OFFER_WORDS.auctionNotFound);
  if (found.state.auction.sellerId !== user.id) throw forbidden(OFFER_WORDS.onlySeller);
  return {
    offerable: offerable(found.state),
    bidders: found.bidders.map((b) => ({ _id: String(b.id), name: b.name, highestBid: b.highestBid })),
    offers: found.offers.map((row) => toOffer(row, deps.settings.PUBLIC_URL, now)),
  };
}

/** The caller's offers still pending and not expired, newest first. */
export async function myOffers(deps: AppDeps, user: { id: number }): Promise<{ offers: Offer[] }> {
  const now = deps.now();
  const rows = await deps.store.offers.pendingFor(user.id, new Date(now));
  return { offers: rows.map((row) => toOffer(row, deps.settings.PUBLIC_URL, now)) };
}

/** The offered bidder's answer, in one transaction; refused (404, 409) as decideAnswer says, or when another answer came first. */
async function answer(deps: AppDeps, user: { id: number }, id: string, answer: OfferAnswer) {
  const offerId = parseId(id);
  if (offerId === null) throw notFound(OFFER_WORDS.notFound);
  // The clock is read once: the expiry is judged at the answer, and the order is due from it.
  const now = deps.now();
  const outcome = await deps.store.offers.answer(offerId, new Date(now), paymentDueMs(deps), (row) =>
    decideAnswer(row, user.id, answer, now),
  );
  // Another answer came first, or the offer expired meanwhile: it stands, and this one is told.
  if (!outcome.answered) {
    const { status } = toOffer(outcome.offer, deps.settings.PUBLIC_URL, now);
    throw conflict(status === 'expired' ? OFFER_WORDS.expired : OFFER_WORDS.answered(status));
  }
  deps.notices.publish(outcome.notified);
  return { ...outcome, now };
}

/** The bidder takes the offer: 201 with the order it made at the offer's price. */
export async function acceptOffer(deps: AppDeps, user: { id: number }, id: string): Promise<{ order: Order }> {
  const { order } = await answer(deps, user, id, 'accept');
  return { order: toOrder(order!, deps.settings.PUBLIC_URL) };
}

/** The bidder turns the offer down: 200 with the offer, which frees the auction for another. */
export async function declineOffer(deps: AppDeps, user: { id: number }, id: string): Promise<{ offer: Offer }> {
  const { offer, now } = await answer(deps, user, id, 'decline');
  return { offer: toOffer(offer, deps.settings.PUBLIC_URL, now) };
}
