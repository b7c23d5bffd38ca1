// An administrator removes a bidder from an open auction, against shill bidding
// (docs/rules/bidding.md#removing-a-bidder). The rule is domain/bidder-removal.ts's; the store applies
// its replay in one transaction, and every live follower of the auction reads it afresh.
import type { RemoveBidderInput } from '../../shared/schemas/admin';
import type { AppDeps } from '../deps';
import { decideRemoval, REMOVAL_WORDS } from '../domain/bidder-removal';
import { notFound } from '../domain/errors';
import type { Auction } from '../wire';
import type { Moderator } from './moderation';
import { getAuction, parseId, reloadFollowers } from './auctions';

export async function removeBidder(
  deps: AppDeps,
  admin: Moderator,
  { auctionId, userId, reason }: RemoveBidderInput,
): Promise<{ message: string; auction: Auction }> {
  const key = parseId(auctionId);
  if (key === null) throw notFound(REMOVAL_WORDS.auctionNotFound);
  const bidderId = parseId(userId);
  if (bidderId === null) throw notFound(REMOVAL_WORDS.noBids);
  const now = deps.now();
  const { auction } = await deps.store.removals.removeBidder(key, bidderId, (state) => decideRemoval(state, bidderId, now), {
    actor: { id: admin.id, ipAddress: admin.ip },
    reason,
    at: new Date(now),
  });
  // Only the removed bidder can lose the lead, so nobody is told of being outbid: the pages that show
  // the auction read it afresh.
  reloadFollowers(deps, [auction]);
  return { message: REMOVAL_WORDS.removed, auction: await getAuction(deps, admin, String(auction.id)) };
}
