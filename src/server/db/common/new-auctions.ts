// New auctions, the same on both databases (db/store.ts AuctionStore): one put up for sale, and the
// demo data's, inserted with their bids unless they are there already.
import { and, eq } from 'drizzle-orm';
import type { AuctionStore } from '../store';
import type { AuctionReader } from './close';
import { TURN_SCOPES, type Dialect } from './dialect';
import { all, get, run } from './work';

export function newAuctionQueries(
  { db, t, transaction, takeTurns }: Dialect,
  auctionById: AuctionReader,
): Pick<AuctionStore, 'insert' | 'insertIfNew' | 'idByName'> {
  const { auctions, bids, maxBids } = t;
  const named = (sellerId: number, itemName: string) => and(eq(auctions.sellerId, sellerId), eq(auctions.itemName, itemName));
  return {
    insert(auction) {
      // The row is read back with its seller's name, on the connection that wrote it.
      return transaction(function* (tx) {
        const [row] = yield* all(
          tx
            .insert(auctions)
            .values({ ...auction, currentPrice: auction.currentPrice ?? auction.startingPrice })
            .returning({ id: auctions.id }),
        );
        return (yield* auctionById(tx, row!.id))!;
      });
    },
    insertIfNew(auction, bidRows) {
      return transaction(function* (tx) {
        // Two seeds at once insert the auction once: they take turns, the second finding the first's.
        yield* takeTurns(tx, TURN_SCOPES.demoAuction, `${auction.sellerId} ${auction.itemName}`);
        const taken = yield* get(tx.select({ id: auctions.id }).from(auctions).where(named(auction.sellerId, auction.itemName)));
        if (taken) return false;
        // Demo bids are placed by hand and rise: the last one leads with it as the maximum, and each
        // other bidder's highest is theirs.
        const last = bidRows.at(-1);
        const [row] = yield* all(
          tx
            .insert(auctions)
            .values({
              ...auction,
              currentPrice: auction.currentPrice ?? auction.startingPrice,
              leaderId: last?.bidderId ?? null,
              leaderMax: last?.amount ?? null,
            })
            .returning({ id: auctions.id }),
        );
        const id = row!.id;
        if (!last) return true;
        yield* run(tx.insert(bids).values(bidRows.map((bid, i) => ({ ...bid, auctionId: id, seq: i + 1, endsAt: auction.endsAt }))));
        const highest = new Map<number, number>();
        for (const bid of bidRows)
          if (bid.bidderId !== last.bidderId) highest.set(bid.bidderId, Math.max(highest.get(bid.bidderId) ?? 0, bid.amount));
        if (highest.size > 0)
          yield* run(tx.insert(maxBids).values([...highest].map(([bidderId, amount]) => ({ auctionId: id, bidderId, amount }))));
        return true;
      });
    },
    async idByName(sellerId, itemName) {
      const [row] = await db.select({ id: auctions.id }).from(auctions).where(named(sellerId, itemName));
      return row?.id;
    },
  };
}
