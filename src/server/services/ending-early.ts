// The seller's cancel of an auction without bids, and the relist of one that did not sell
// (docs/rules/auctions.md#cancel-and-relist). The rules are domain/ending-early.ts's.
import type { RelistAuctionInput } from '../../shared/schemas/auction';
import { CANCEL_WORDS } from '../../shared/listing';
import type { AppDeps } from '../deps';
import { cancelRefusal, decideRelist } from '../domain/ending-early';
import { conflict, notFound } from '../domain/errors';
import type { Auction } from '../wire';
import { parseId, reloadFollowers, toAuction, viewOf } from './auctions';

/** Cancels the caller's own open or scheduled auction while it has no bid; the auction afterwards. */
export async function cancelAuction(deps: AppDeps, seller: { id: number }, id: string): Promise<Auction> {
  const key = parseId(id);
  if (key === null) throw notFound('Auction not found');
  const view = viewOf(deps, seller);
  const { cancelled, auction } = await deps.store.auctions.cancel(key, seller.id, new Date(view.now));
  if (!cancelled) {
    // The update's conditions are the rule's at the same moment, and none that failed can come true
    // again (a bid stays, an end stays passed): the rule names the refusal. The fallback only keeps
    // a future condition the rule forgot from answering success.
    throw cancelRefusal(auction, seller.id, view.now) ?? conflict(CANCEL_WORDS.ended);
  }
  reloadFollowers(deps, [auction!]);
  return toAuction(auction!, view);
}

/**
 * Puts the caller's unsold (or cancelled) auction up again as a new one: the same item, name, text,
 * category, condition, shipping, location and photos, with new dates and prices and no bids.
 */
export async function relistAuction(deps: AppDeps, seller: { id: number }, input: RelistAuctionInput): Promise<Auction> {
  const key = parseId(input.id);
  if (key === null) throw notFound('Auction not found');
  const view = viewOf(deps, seller);
  const row = await deps.store.auctions.relist(key, new Date(view.now), (old, relistedAlready) => {
    const { startsAt, endsAt, startingPrice, reservePrice, buyNowPrice } = decideRelist(old, relistedAlready, seller.id, input, view.now);
    const item = old!;
    return {
      sellerId: item.sellerId,
      itemName: item.itemName,
      itemDescription: item.itemDescription,
      itemCategory: item.itemCategory,
      itemCondition: item.itemCondition,
      shippingCost: item.shippingCost,
      itemLocation: item.itemLocation,
      // The same files: both auctions show them. Nothing deletes the photos of a stored auction, so
      // neither auction can lose them to the other.
      photo: item.photo,
      morePhotos: item.morePhotos,
      startingPrice,
      reservePrice,
      buyNowPrice,
      relistedFrom: item.id,
      startsAt,
      endsAt,
      createdAt: new Date(view.now),
    };
  });
  return toAuction(row, view);
}
