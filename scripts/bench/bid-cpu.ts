// The bid's CPU in one process, without HTTP: seeds the bench's data (seed.ts) into a temporary SQLite
// file and places bids through the bid service, in blocks timed with process.cpuUsage(), beside the
// ceiling's transaction (ceiling-sqlite.ts) on the same file. Prints each kind's median and least
// block per bid, and its ratio to the ceiling's least.
//
//   tsx scripts/bench/bid-cpu.ts        BID_CPU_BIDS (400 a block), BID_CPU_BLOCKS (7)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShared } from '../../src/server/open-store';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { placeBid } from '../../src/server/services/bids';
import { buyNow } from '../../src/server/services/buy-now';
import { sqliteCeilingStore } from './ceiling-sqlite';
import { seedBenchDatabase, SESSION_USERS } from './seed';

const BIDS = Number(process.env.BID_CPU_BIDS ?? 400);
const BLOCKS = Number(process.env.BID_CPU_BLOCKS ?? 7);
const us = (value: number) => value.toFixed(0);

const folder = mkdtempSync(join(tmpdir(), 'bid-cpu-'));
try {
  const path = join(folder, 'bench.db');
  // A fresh auction for each purchase and each bid reaching a reserve, every block and the warm-up.
  const seeded = await seedBenchDatabase(path, { oneShotAuctions: BIDS * (BLOCKS + 1) });
  const settings = testSettings({ DATABASE_PATH: path, UPLOAD_DIR: join(folder, 'uploads') });
  const deps = createDeps(settings, await openShared(settings));
  const ceiling = sqliteCeilingStore(path);
  const bidder = (i: number) => ({ id: (i % SESSION_USERS) + 1, name: `Bidder ${(i % SESSION_USERS) + 1}` });

  // Each auction's price as the last answer left it.
  const price = new Map<number, number>();
  const bidOn = async (auctionId: number, who: { id: number; name: string }, maxBid?: number) => {
    const answer = await placeBid(deps, who, { auctionId: String(auctionId), bidAmount: (price.get(auctionId) ?? 100) + 1, maxBid });
    price.set(auctionId, answer.auction.currentPrice);
  };
  // A rival's standing maximum far above anything the blocks reach, on each auction of `auto`.
  const rival = (i: number) => bidder(200 + i);
  for (const [i, auctionId] of seeded.autoTargets.slice(0, 25).entries()) await bidOn(auctionId, rival(i), 500_000_000);
  // Each kind: one bid of the block's i-th turn.
  const kinds: Record<string, (i: number) => Promise<unknown>> = {
    ceiling: async (i) => {
      const auctionId = seeded.bidTargets.ceiling[i % 50]!;
      const amount = (price.get(auctionId) ?? 100) + 1;
      price.set(auctionId, amount);
      return ceiling.placeBid(auctionId, bidder(i % 50).id, amount, Date.now());
    },
    // A leader raising their own bid by a dollar.
    leader: (i) => bidOn(seeded.bidTargets.rest[i % 50]!, bidder(i % 50)),
    // Two bidders per auction taking turns, each bid outbidding the other.
    turns: (i) => bidOn(seeded.turnTargets[i % 25]!, bidder(100 + (i % 25) * 2 + (Math.floor(i / 25) % 2))),
    // Each bid answered at once by the rival's automatic bid.
    auto: (i) => bidOn(seeded.autoTargets[i % 25]!, bidder(150 + (i % 25))),
    // A bid reaching the reserve of an auction of its own, and a purchase at the Buy It Now price.
    reserve: (i) => bidOn(seeded.reserveAuctions[i]!, bidder(i % 50)),
    buy: (i) => buyNow(deps, bidder(i % 50), String(seeded.buyNowAuctions[i]!)),
  };
  const only = process.env.BID_CPU_KINDS?.split(',');
  for (const kind of Object.keys(kinds)) if (only && kind !== 'ceiling' && !only.includes(kind)) delete kinds[kind];
  const results: Record<string, number[]> = {};
  for (let block = 0; block <= BLOCKS; block++) {
    for (const [kind, bid] of Object.entries(kinds)) {
      const before = process.cpuUsage();
      for (let i = 0; i < BIDS; i++) await bid(block * BIDS + i);
      const used = process.cpuUsage(before);
      // The first block warms up and is not counted.
      if (block > 0) (results[kind] ??= []).push((used.user + used.system) / BIDS);
    }
  }
  const least = (values: number[]) => Math.min(...values);
  const ceilingLeast = least(results.ceiling!);
  for (const [kind, values] of Object.entries(results)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${kind}: ${us(sorted[Math.floor(sorted.length / 2)]!)} µs CPU per bid (median), ${us(sorted[0]!)} (least), ` +
        `${(sorted[0]! / ceilingLeast).toFixed(2)}× the ceiling's least`,
    );
  }
  await ceiling.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
