// Second-chance offers for tests that need one ready: an auction that ended below its reserve with a
// bid, and an offer of it, written straight into the store.
import { DAY_MS } from '../../src/shared/constants';
import { insertAuction } from './auctions';
import type { TestDeps } from './fixtures';

/** An auction of `sellerId`'s that ended a day ago below its $500 reserve, `bidderId` leading at $20: offerable. Its id. */
export async function endedBelowReserve(deps: TestDeps, sellerId: number, bidderId: number): Promise<string> {
  const now = deps.now();
  const endedAt = new Date(now - DAY_MS);
  const auctionId = await insertAuction(deps, sellerId, {
    itemName: 'Below its reserve',
    reservePrice: 500,
    startsAt: now - 2 * DAY_MS,
    endsAt: now - DAY_MS,
  });
  await deps.sql('update auctions set current_price = 20, bids_count = 1, leader_id = $1, leader_max = 20, closed_at = $2 where id = $3', [
    bidderId,
    endedAt,
    Number(auctionId),
  ]);
  await deps.sql(
    'insert into bids (auction_id, bidder_id, amount, seq, created_at, auto, buy_now, ends_at) values ($1, $2, 20, 1, $3, false, false, $4)',
    [Number(auctionId), bidderId, endedAt, endedAt],
  );
  return auctionId;
}

/** A pending offer to `bidderId` of such an auction of `sellerId`'s, at $20 for a day. Its id. */
export async function pendingOffer(deps: TestDeps, sellerId: number, bidderId: number): Promise<string> {
  const auctionId = Number(await endedBelowReserve(deps, sellerId, bidderId));
  const at = new Date(deps.now());
  const outcome = await deps.store.offers.make(auctionId, bidderId, at, () => ({
    at,
    price: 20,
    expiresAt: new Date(at.getTime() + DAY_MS),
    notices: [],
  }));
  if (!outcome.made) throw new Error('the offer was not made');
  return String(outcome.offer.id);
}
