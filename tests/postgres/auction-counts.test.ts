// The counts of auctions PostgreSQL keeps for the dashboards (docs/decisions/0017-counts-the-database-keeps.md)
// under writes from several instances at once: each write adds its change in place at its commit, so
// creates racing one another, and cancels and closes racing more creates, leave the counts exact.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgStore, type PgStore } from '../../src/server/db/pg/store';
import { users } from '../../src/server/db/pg/tables';
import { HOUR_MS } from '../../src/shared/constants';
import { postgres } from '../support/postgres';

const pg = await postgres();

const NOW = Date.parse('2026-06-01T12:00:00Z');
const INSTANCES = 3;
const CREATES_PER_INSTANCE = 40;

describe.skipIf(!pg)('the counts PostgreSQL keeps', () => {
  let database: { url: string; drop(): Promise<void> };
  let instances: PgStore[] = [];

  beforeAll(async () => {
    database = await pg!.freshDatabase();
    // One after the other: the first applies the migrations.
    for (let i = 0; i < INSTANCES; i++) instances.push(await createPgStore(database.url, { poolSize: 6 }));
  });
  afterAll(async () => {
    await Promise.all(instances.map((store) => store.close()));
    instances = [];
    await database?.drop();
  });

  /** Auctions of `sellers` in turn, inserted through `store`, running from an hour ago to `endsAt`. */
  const create = (store: PgStore, sellerId: number, endsAt: number) =>
    store.auctions.insert({
      sellerId,
      itemName: `Lot of ${sellerId}`,
      itemDescription: 'Made by one of several instances at once.',
      itemCategory: 'Other',
      startingPrice: 10,
      photo: null,
      startsAt: new Date(NOW - HOUR_MS),
      endsAt: new Date(endsAt),
      createdAt: new Date(NOW - HOUR_MS),
    });

  /** The counts as counting the rows finds them at `at`, on a connection of the first instance. */
  async function countedRows(at: number, sellerId: number) {
    const { rows } = await instances[0]!.db.$client.query<{ listed: number; open: number; own: number }>(
      `select (select count(*) from auctions where cancelled_at is null)::int as listed,
         (select count(*) from auctions where cancelled_at is null and starts_at <= $1 and ends_at > $1)::int as open,
         (select count(*) from auctions where seller_id = $2)::int as own`,
      [new Date(at), sellerId],
    );
    return rows[0]!;
  }

  it('creates from three instances at once, then cancels and closes racing more creates, leave every count exact', async () => {
    const sellers = await instances[0]!.db
      .insert(users)
      .values([1, 2, 3, 4].map((n) => ({ name: `Seller ${n}`, email: `seller${n}@example.com`, passwordHash: 'not a hash' })))
      .returning({ id: users.id });
    const sellerAt = (k: number) => sellers[k % sellers.length]!.id;

    // Every instance creates at once, each on several connections: half end within the hour, half in a day.
    const created = await Promise.all(
      instances.flatMap((store, i) =>
        Array.from({ length: CREATES_PER_INSTANCE }, (_, k) =>
          create(store, sellerAt(i + k), k % 2 === 0 ? NOW + HOUR_MS / 2 : NOW + 24 * HOUR_MS),
        ),
      ),
    );
    const total = INSTANCES * CREATES_PER_INSTANCE;
    expect(await instances[1]!.auctions.counts(NOW, sellerAt(0))).toEqual({ listed: total, open: total, own: total / sellers.length });
    expect(await countedRows(NOW, sellerAt(0))).toEqual({ listed: total, open: total, own: total / sellers.length });

    // Then each instance cancels its share of the auctions that end in a day, closes what has ended an
    // hour later (all three at once, as their ticks do), and creates more, all at the same time.
    const later = NOW + HOUR_MS;
    const endingLate = created.filter((auction) => auction.endsAt.getTime() > later);
    const cancelled = endingLate.filter((_, k) => k % 3 === 0);
    const work = instances.flatMap((store, i) => [
      ...cancelled
        .filter((_, k) => k % INSTANCES === i)
        .map((auction) => store.auctions.cancel(auction.id, auction.sellerId, new Date(later))),
      store.auctions.closeDue(later, total, () => [], HOUR_MS),
      ...Array.from({ length: 10 }, (_, k) => create(store, sellerAt(k), NOW + 24 * HOUR_MS)),
    ]);
    const outcomes = await Promise.all(work);
    expect(outcomes.filter((o) => typeof o === 'object' && o !== null && 'cancelled' in o && o.cancelled)).toHaveLength(cancelled.length);
    // Whatever the close left to a later tick (another closer held the row), the open count is the same.
    await instances[2]!.auctions.closeDue(later, total, () => [], HOUR_MS);

    const listed = total + INSTANCES * 10 - cancelled.length;
    const open = endingLate.length - cancelled.length + INSTANCES * 10;
    for (const [k, store] of instances.entries()) {
      const counts = await store.auctions.counts(later, sellerAt(k));
      expect(counts).toMatchObject({ listed, open });
      expect(counts).toEqual(await countedRows(later, sellerAt(k)));
    }
  });
});
