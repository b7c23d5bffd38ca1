// The crash test's database checks (tools/crash.ts) on PostgreSQL: a sound database passes with every
// acknowledged bid found, and each kind of damage they promise to catch is reported, including a
// foreign key broken behind PostgreSQL's back, which it has no integrity_check to find.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { openPostgres } from '../../src/server/db/pg/open';
import { checkDatabase, type AckedBid, type Fixture } from '../../tools/crash';
import { openToolDatabase, type ToolDatabase } from '../../tools/database';
import type { ScratchDatabase } from '../../tools/postgres';
import { createWorkspace, type Workspace } from '../../tools/server-process';
import { postgres } from '../support/postgres';

const server = await postgres();

describe.skipIf(!server)('crash-test checks on PostgreSQL', () => {
  let database: ScratchDatabase;
  let ws: Workspace;
  let db: ToolDatabase;
  let fixture: Fixture;
  let acked: AckedBid[];

  beforeEach(async () => {
    database = await server!.freshDatabase();
    await (await openPostgres(database.url)).$client.end();
    ws = await createWorkspace('open-auction-crash-checks-', { databaseUrl: database.url });
    db = await openToolDatabase(ws);
    const user = async (name: string) =>
      (
        await db.all<{ id: number }>(`insert into users (name, email, password_hash) values ($1, $2, 'x') returning id`, [
          name,
          `${name.toLowerCase()}@example.com`,
        ])
      )[0]!.id;
    const seller = await user('Seller');
    const bidder = await user('Bidder');
    const now = Date.now();
    const [auction] = await db.all<{ id: number }>(
      `insert into auctions (seller_id, item_name, item_description, item_category, starting_price, current_price, bids_count,
         starts_at, ends_at) values ($1, 'Lot', 'A lot', 'Other', 100, 105, 2, $2, $3) returning id`,
      [seller, new Date(now - 60_000), new Date(now + 60_000)],
    );
    for (const [seq, amount] of [101, 105].entries()) {
      await db.all(`insert into bids (auction_id, bidder_id, amount, seq, created_at, ends_at) values ($1, $2, $3, $4, $5, $6)`, [
        auction!.id,
        bidder,
        amount,
        seq + 1,
        new Date(now - 30_000 + seq),
        new Date(now + 60_000),
      ]);
    }
    fixture = {
      sellers: [{ id: String(seller), token: '' }],
      bidders: [{ id: String(bidder), token: '' }],
      auctions: [{ id: String(auction!.id), sellerId: String(seller), startingPrice: 100 }],
    };
    acked = [101, 105].map((amount) => ({ auctionId: String(auction!.id), amount, bidderId: String(bidder) }));
  });

  afterEach(async () => {
    await db.close();
    ws.remove();
    await database.drop();
  });

  test('a sound database passes, every acknowledged bid found, its foreign keys checked', async () => {
    const { violations, figures } = await checkDatabase(ws, fixture, acked);
    expect(violations).toEqual([]);
    expect(figures).toMatchObject({ auctionsChecked: 1, bidsStored: 2, ackedFound: 2 });
    expect(figures.soundnessChecked).toMatch(/^\d+ foreign keys for orphans/);
  });

  test('bids whose bidder is gone are reported, though PostgreSQL itself never says so', async () => {
    // As a replica applies changes: no foreign key is enforced, so the delete leaves the bids behind.
    await db.all('set session_replication_role = replica');
    await db.all(`delete from users where name = 'Bidder'`);
    const { violations } = await checkDatabase(ws, fixture, acked);
    expect(violations).toContain('foreign key bids_bidder_id_users_id_fk: 2 rows of bids point to no row of users');
  });

  test('a price its bids do not explain and an acknowledged bid that was lost are reported', async () => {
    await db.all(`update auctions set current_price = 104`);
    const auctionId = fixture.auctions[0]!.id;
    const { violations } = await checkDatabase(ws, fixture, [...acked, { auctionId, amount: 110, bidderId: acked[0]!.bidderId }]);
    expect(violations).toEqual([
      `auction ${auctionId}: currentPrice 104, expected 105`,
      `acknowledged bid of 110 on auction ${auctionId} is not stored`,
    ]);
  });
});
