// What only PostgreSQL can get wrong, against a real server: bids on many connections at once, the
// same request sent twice at once, two server instances closing the same auctions, and the search's
// folding of accents. The behaviour both databases share is the rest of the suite's to check.
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgStore, type PgStore } from '../../src/server/db/pg/store';
import { notifications, users } from '../../src/server/db/pg/schema';
import type { AuctionRecord, BidOutcome, BidRecord } from '../../src/server/db/records';
import { AppError } from '../../src/server/domain/errors';
import { closingNotices, decideBid } from '../../src/server/domain/bidding';
import { BID_MIN_STEP, HOUR_MS } from '../../src/shared/constants';
import { postgres } from '../support/postgres';

const pg = await postgres();

const NOW = Date.parse('2026-06-01T12:00:00Z');
const STARTING = 100;

describe.skipIf(!pg)('the PostgreSQL store', () => {
  let store: PgStore;
  let database: { url: string; drop(): Promise<void> };
  const opened: PgStore[] = [];

  beforeAll(async () => {
    database = await pg!.freshDatabase();
    store = await createPgStore(database.url);
    opened.push(store);
  });
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
    await database?.drop();
  });

  let userCount = 0;
  async function people(count: number): Promise<Array<{ id: number; name: string }>> {
    const rows = Array.from({ length: count }, () => {
      userCount += 1;
      return { name: `Person ${userCount}`, email: `person${userCount}@example.com`, passwordHash: 'not a hash' };
    });
    return store.db.insert(users).values(rows).returning({ id: users.id, name: users.name });
  }

  async function auction(
    sellerId: number,
    { itemName = 'A lamp', itemDescription = 'Brass, working.', endsAt = NOW + HOUR_MS } = {},
  ): Promise<AuctionRecord> {
    return store.auctions.insert({
      sellerId,
      itemName,
      itemDescription,
      itemCategory: 'Other',
      startingPrice: STARTING,
      photo: null,
      startsAt: new Date(NOW - HOUR_MS),
      endsAt: new Date(endsAt),
      createdAt: new Date(NOW - HOUR_MS),
    });
  }

  function bid(
    auctionId: number,
    bidder: { id: number; name: string },
    { amount, max = null, key = null, on = store }: { amount: number; max?: number | null; key?: string | null; on?: PgStore },
  ): Promise<BidOutcome> {
    return on.bids.place({ auctionId, bidder, requestKey: key, maxBid: null }, (state) =>
      decideBid(state, { bidderId: bidder.id, bidAmount: amount, maxBid: max }, { now: NOW, softCloseMs: 0 }),
    );
  }

  /**
   * One bidder: bids one step above the price it read, with its maximum, and after a refusal (the
   * price moved meanwhile) reads the price again, until a bid is accepted or the price passed its maximum.
   */
  async function bidUpTo(auctionId: number, bidder: { id: number; name: string }, max: number): Promise<BidRecord[]> {
    for (let tries = 0; tries < 500; tries++) {
      const price = (await store.auctions.byId(auctionId))!.currentPrice;
      if (price + BID_MIN_STEP > max) return [];
      try {
        const outcome = await bid(auctionId, bidder, { amount: price + BID_MIN_STEP, max });
        return outcome.kind === 'placed' ? outcome.bids : [];
      } catch (error) {
        if (!(error instanceof AppError && /current price is/.test(error.message))) throw error;
      }
    }
    throw new Error(`${bidder.name} got no bid in`);
  }

  it('many bidders with maxima at once on one auction leave one consistent history, led by the highest maximum', async () => {
    const [seller, ...bidders] = await people(41);
    const { id } = await auction(seller!.id);
    // Distinct maxima two apart, in no particular order: the highest is always above the price the others can push it to.
    const maxima = bidders.map((_, i) => STARTING + 10 + ((i * 17) % bidders.length) * 2);
    const answered = (await Promise.all(bidders.map((bidder, i) => bidUpTo(id, bidder, maxima[i]!)))).flat();

    const history = await store.bids.since(0, [id], 10_000);
    const after = (await store.auctions.byId(id))!;
    // Every bid the store answered with is in the history once, and nothing else is.
    expect(answered.length).toBeGreaterThan(1);
    expect(history.map((b) => b.id)).toEqual(answered.map((b) => b.id).sort((a, b) => a - b));
    expect(history.map((b) => b.seq)).toEqual(history.map((_, i) => i + 1));
    expect(after.bidsCount).toBe(history.length);
    for (let i = 1; i < history.length; i++) expect(history[i]!.amount).toBeGreaterThanOrEqual(history[i - 1]!.amount);
    expect(after.currentPrice).toBe(history.at(-1)!.amount);
    const top = Math.max(...maxima);
    expect(after.leaderId).toBe(bidders[maxima.indexOf(top)]!.id);
    expect(after.leaderMax).toBe(top);
  });

  it('the same request sent twice at once counts once, and the second is answered with the first bid', async () => {
    const [seller, bidder] = await people(2);
    const { id } = await auction(seller!.id);
    const outcomes = await Promise.all([1, 2].map(() => bid(id, bidder!, { amount: STARTING + 5, key: 'double-click' })));

    expect(outcomes.map((o) => o.kind).sort()).toEqual(['placed', 'repeated']);
    const placed = outcomes.find((o) => o.kind === 'placed')!;
    const repeated = outcomes.find((o) => o.kind === 'repeated')!;
    expect(repeated.kind === 'repeated' && repeated.bid.id).toBe(placed.kind === 'placed' && placed.bids[0]!.id);
    expect(await store.bids.since(0, [id], 10)).toHaveLength(1);
    expect((await store.auctions.byId(id))!.bidsCount).toBe(1);
  });

  /**
   * Runs `change` in another transaction that holds the auction's row while a bid of `amount` by
   * `bidder` is decided on the row as it was before, and commits once that bid's write waits for it.
   */
  async function bidDuring(
    auctionId: number,
    bidder: { id: number; name: string },
    amount: number,
    change: (other: PoolClient) => Promise<void>,
  ): Promise<BidOutcome> {
    const other = await store.db.$client.connect();
    try {
      await other.query('begin');
      await other.query('select 1 from auctions where id = $1 for no key update', [auctionId]);
      // Both awaited from the start: the bid can be refused before the commit's own answer comes back
      // (its server process may answer the bid's next read first), and a refusal nobody awaits yet
      // is an unhandled rejection.
      const [placed, changed] = await Promise.allSettled([
        bid(auctionId, bidder, { amount }),
        (async () => {
          await waitForLockWait();
          await change(other);
          await other.query('commit');
        })(),
      ]);
      if (changed.status === 'rejected') throw changed.reason;
      if (placed.status === 'rejected') throw placed.reason;
      return placed.value;
    } finally {
      other.release();
    }
  }

  /** Until a statement of this database waits for a lock: the bid's write, for the row the other transaction holds. */
  async function waitForLockWait(): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      const { rowCount } = await store.db.$client.query(
        `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      if (rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('the bid never waited for the auction');
  }

  /** Makes `leader` lead the auction at 105 with a maximum of 300, with their bid, on the other transaction. */
  async function leadAt105(other: PoolClient, auctionId: number, leader: { id: number }) {
    await other.query('update auctions set current_price = 105, bids_count = 1, leader_id = $2, leader_max = 300 where id = $1', [
      auctionId,
      leader.id,
    ]);
    await other.query(
      `insert into bids (auction_id, bidder_id, amount, seq, created_at, ends_at) select id, $2, 105, 1, now(), ends_at from auctions where id = $1`,
      [auctionId, leader.id],
    );
  }

  it('a bid whose write meets another write to its auction is decided again on what that write left: price, leader and name', async () => {
    const [seller, leader, late] = await people(3);
    const { id } = await auction(seller!.id);
    // Decided on the auction before the other write, 108 leads alone; after it, the leader's maximum answers.
    const outcome = await bidDuring(id, late!, 108, (other) => leadAt105(other, id, leader!));

    expect(outcome.kind).toBe('placed');
    if (outcome.kind !== 'placed') return;
    expect(outcome.bids.map((b) => [b.bidderName, b.amount, b.auto, b.seq])).toEqual([
      [late!.name, 108, false, 2],
      [leader!.name, 109, true, 3],
    ]);
    expect(outcome.auction).toMatchObject({ currentPrice: 109, leaderId: leader!.id, leaderName: leader!.name, bidsCount: 3 });
    const history = await store.bids.since(0, [id], 10);
    expect(history.map((b) => [b.amount, b.seq])).toEqual([
      [105, 1],
      [108, 2],
      [109, 3],
    ]);
  });

  it('a bid decided again sees who signed up and what the bidder watched meanwhile', async () => {
    const [seller, late] = await people(2);
    const { id } = await auction(seller!.id);
    const outcome = await bidDuring(id, late!, 108, async (other) => {
      // While the bid waits: a newcomer signs up, the bidder starts watching the auction, and the
      // newcomer takes the lead on the transaction that holds it.
      const [newcomer] = await people(1);
      await store.db.$client.query('insert into watches (user_id, auction_id, created_at) values ($1, $2, now())', [late!.id, id]);
      await leadAt105(other, id, newcomer!);
    });

    expect(outcome.kind).toBe('placed');
    if (outcome.kind !== 'placed') return;
    expect(outcome.bids.map((b) => [b.bidderName, b.amount, b.auto])).toEqual([
      [late!.name, 108, false],
      [`Person ${userCount}`, 109, true],
    ]);
    expect(outcome.auction).toMatchObject({ leaderName: `Person ${userCount}` });
    expect(outcome.watching).toBe(true);
  });

  it('a bid is decided again after any change to its auction, not only to its price: a cancel meanwhile refuses it', async () => {
    const [seller, late] = await people(2);
    const { id } = await auction(seller!.id);
    const placing = bidDuring(id, late!, 108, async (other) => {
      await other.query('update auctions set cancelled_at = now(), closed_at = now() where id = $1', [id]);
    });

    await expect(placing).rejects.toMatchObject({ kind: 'bad-request' });
    expect(await store.bids.since(0, [id], 10)).toEqual([]);
    expect((await store.auctions.byId(id))!).toMatchObject({ currentPrice: STARTING, bidsCount: 0, leaderId: null });
  });

  it('one request key sent to two auctions at once places one bid and refuses the other', async () => {
    const [seller, bidder] = await people(2);
    const [first, second] = [await auction(seller!.id), await auction(seller!.id)];
    const outcomes = await Promise.allSettled([first, second].map((a) => bid(a.id, bidder!, { amount: STARTING + 5, key: 'one-key' })));

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    expect(refused?.reason).toMatchObject({ kind: 'conflict', message: 'This request key was already used for another bid.' });
    const counts = await Promise.all([first, second].map(async (a) => (await store.auctions.byId(a.id))!.bidsCount));
    expect(counts.sort()).toEqual([0, 1]);
  });

  it('two instances closing at once close each auction once, with one won and one sold notice', async () => {
    const [seller, ...bidders] = await people(13);
    // Due before the other tests' auctions, so that only these close.
    const [endsAt, closeAt] = [NOW + HOUR_MS / 2, NOW + (HOUR_MS * 3) / 4];
    const ids: number[] = [];
    for (const bidder of bidders) {
      const { id } = await auction(seller!.id, { endsAt });
      await bid(id, bidder, { amount: STARTING + 1 });
      ids.push(id);
    }
    const other = await createPgStore(database.url);
    opened.push(other);
    const closeAll = (on: PgStore) =>
      on.auctions.closeDue(
        closeAt,
        100,
        (a) => closingNotices(a, a.leaderId === null ? null : { id: a.leaderId, name: a.leaderName! }),
        3_600_000,
      );
    const [mine, theirs] = await Promise.all([closeAll(store), closeAll(other)]);

    const closedIds = [...mine, ...theirs].map((c) => c.auction.id);
    expect(closedIds.sort((a, b) => a - b)).toEqual(ids);
    expect([...mine, ...theirs].every((c) => c.auction.closedAt?.getTime() === closeAt)).toBe(true);
    const told = await store.db.select().from(notifications);
    for (const [i, id] of ids.entries()) {
      const kinds = told.filter((n) => n.auctionId === id).map((n) => `${n.kind} ${n.userId}`);
      expect(kinds.sort()).toEqual([`sold ${seller!.id}`, `won ${bidders[i]!.id}`]);
    }
    expect(await closeAll(other)).toEqual([]);
  });

  it('search folds accents and case, and takes each word as the start of a word', async () => {
    const [seller] = await people(1);
    const { id } = await auction(seller!.id, { itemName: 'Portrait signed Émile', itemDescription: 'Oil on canvas, 1890.' });
    await auction(seller!.id, { itemName: 'Emerald ring', itemDescription: 'Gold.' });
    const found = async (...words: string[]) => (await store.auctions.page({ now: NOW, words }, { limit: 10 })).items.map((a) => a.id);

    expect(await found('emile')).toEqual([id]);
    expect(await found('ÉMI')).toEqual([id]);
    expect(await found('em', 'canv')).toEqual([id]);
    expect(await found('mile')).toEqual([]);
    expect(await store.auctions.count({ now: NOW, words: ['emile'] })).toBe(1);
  });

  it('search takes punctuation as a space between words, as SQLite does: a slash or a dot joins nothing', async () => {
    const [seller] = await people(1);
    const { id } = await auction(seller!.id, { itemName: 'Brass/steel compass', itemDescription: 'Model v1.2, made by hand.' });
    const found = async (...words: string[]) => (await store.auctions.page({ now: NOW, words }, { limit: 10 })).items.map((a) => a.id);

    expect(await found('steel')).toEqual([id]);
    expect(await found('brass', 'compass')).toEqual([id]);
    expect(await found('v1', '2')).toEqual([id]);
  });
});
