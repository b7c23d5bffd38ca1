// The close: every server process looks for auctions whose end has passed once a second and records
// each outcome with the notices it owes (won and sold; unsold; below the reserve, unsold and
// reserve_not_met). The store claims each auction with a conditional update in its own transaction,
// so however many processes look, each auction is closed exactly once (docs/rules/bidding.md#the-close).
import type { AuctionRecord } from '../db/records';
import type { AppDeps } from '../deps';
import { closingNotices } from '../domain/bidding';

/** How often each process looks for auctions due: an auction closes within this (and a batch) after its end. */
export const CLOSE_TICK_MS = 1000;
/** Auctions closed per batch; a backlog is worked through batch after batch, letting requests run between. */
const CLOSE_BATCH = 100;

/** How long a buyer has to pay an order: the order is made at the close or the purchase, and due this much later. */
export const paymentDueMs = (deps: AppDeps) => Math.round(deps.settings.PAYMENT_DUE_HOURS * 3_600_000);

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The leader at the end: the winner, unless the price stayed below the reserve (closingNotices tells). */
const leaderOf = (auction: AuctionRecord) => (auction.leaderId === null ? null : { id: auction.leaderId, name: auction.leaderName ?? '' });

/** Closes every auction due now; returns how many this process closed. */
export async function closeDueAuctions(deps: AppDeps): Promise<number> {
  let total = 0;
  for (;;) {
    const closed = await deps.store.auctions.closeDue(
      deps.now(),
      CLOSE_BATCH,
      (auction) => closingNotices(auction, leaderOf(auction)),
      paymentDueMs(deps),
    );
    total += closed.length;
    // Once committed, the winners' and sellers' counts go up without a reload.
    deps.notices.publish(closed.flatMap((done) => done.notified));
    if (closed.length < CLOSE_BATCH) return total;
    await nextTurn();
  }
}
