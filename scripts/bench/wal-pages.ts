// Which pages one commit writes, by the table or index each belongs to: seeds the bench's data
// (seed.ts) into a temporary SQLite file, places one bid of each kind bid-cpu.ts measures (after a
// first one that warms the statements), empties the write-ahead log before it, and reads the log's
// frames after it. A commit's cost grows with its pages (each a frame written to the log, and later
// copied by a checkpoint), so this says what a bid's writes cost and where they go.
//
//   tsx scripts/bench/wal-pages.ts        WAL_PAGES_KINDS (leader,turns,auto,reserve,buy)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openShared } from '../../src/server/open-store';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { placeBid } from '../../src/server/services/bids';
import { buyNow } from '../../src/server/services/buy-now';
import { walFrames } from '../../tools/wal';
import { seedBenchDatabase, SESSION_USERS } from './seed';

const folder = mkdtempSync(join(tmpdir(), 'wal-pages-'));
try {
  const path = join(folder, 'bench.db');
  const seeded = await seedBenchDatabase(path, { oneShotAuctions: 4 });
  const settings = testSettings({ DATABASE_PATH: path, UPLOAD_DIR: join(folder, 'uploads') });
  const deps = createDeps(settings, await openShared(settings));
  const raw = new Database(path);
  // Every page's table or index, from SQLite's page statistics. Pages a commit adds take the name "new".
  const owners = new Map<number, string>();
  for (const { name, pageno } of raw.prepare('select name, pageno from dbstat').all() as Array<{ name: string; pageno: number }>)
    owners.set(pageno, name);

  const bidder = (i: number) => ({ id: (i % SESSION_USERS) + 1, name: `Bidder ${(i % SESSION_USERS) + 1}` });
  const price = new Map<number, number>();
  const bidOn = async (auctionId: number, who: { id: number; name: string }, maxBid?: number) => {
    const answer = await placeBid(deps, who, { auctionId: String(auctionId), bidAmount: (price.get(auctionId) ?? 100) + 1, maxBid });
    price.set(auctionId, answer.auction.currentPrice);
  };
  // The rival whose maximum answers each bid of `auto`.
  await bidOn(seeded.autoTargets[0]!, bidder(200), 500_000_000);
  // As bid-cpu.ts places them; the i-th of a kind.
  const kinds: Record<string, (i: number) => Promise<unknown>> = {
    leader: () => bidOn(seeded.bidTargets.rest[0]!, bidder(0)),
    turns: (i) => bidOn(seeded.turnTargets[0]!, bidder(100 + (i % 2))),
    auto: () => bidOn(seeded.autoTargets[0]!, bidder(150)),
    reserve: (i) => bidOn(seeded.reserveAuctions[i]!, bidder(1)),
    buy: (i) => buyNow(deps, bidder(2), String(seeded.buyNowAuctions[i]!)),
  };
  const only = process.env.WAL_PAGES_KINDS?.split(',');
  for (const [kind, run] of Object.entries(kinds)) {
    if (only && !only.includes(kind)) continue;
    await run(0);
    raw.pragma('wal_checkpoint(TRUNCATE)');
    await run(1);
    const written = walFrames(path).map(({ page }) => owners.get(page) ?? 'new');
    console.log(`${kind}: ${written.length} pages: ${written.sort().join(', ')}`);
  }
  raw.close();
} finally {
  rmSync(folder, { recursive: true, force: true });
}
