// Live bids and notices across server instances on one PostgreSQL database: two bus pairs stand for
// two server processes, each with its own doorbell (listening connection), as they would have.
import net from 'node:net';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { FOLLOW_EVERY_AUCTION, followOne, type BidBus } from '../../src/server/live/bid-bus';
import type { BidEvent, LiveBidEvent } from '../../src/server/wire';
import { createDoorbell, MAX_RING_BYTES, type DoorbellOptions } from '../../src/server/live/doorbell';
import { BIDS_CHANNEL, createPgBidBus, type BidHistory } from '../../src/server/live/pg-bid-bus';
import { createPgNoticeBus, noticeRings } from '../../src/server/live/pg-notice-bus';
import type { NoticeBus } from '../../src/server/live/notice-bus';
import { postgres } from '../support/postgres';

const pgServer = await postgres();

const quiet = { warn: () => {} };

const event = (auctionId: string, n: number): BidEvent => ({
  auctionId,
  currentPrice: 100 + n,
  bidsCount: n,
  itemEndDate: new Date(1_000_000).toISOString(),
  bid: {
    _id: `${auctionId}-${n}`,
    bidder: { _id: '1', name: 'Ann' },
    bidAmount: 100 + n,
    bidTime: new Date(n).toISOString(),
    auto: false,
    buyNow: false,
  },
});

/**
 * Stands for the store: bids are rows of a table in the shared database, committed before they are
 * published, as the bid's transaction does; `counted` resolves once an instance has read where an
 * auction's numbering stands (its subscription is then fully in place).
 */
function bidTable(db: pg.Pool) {
  const waiting: { auctionId: string; resolve: () => void }[] = [];
  const history: BidHistory = {
    async bidsAfter(auctionId, afterCount, limit) {
      const { rows } = await db.query<{ event: BidEvent }>(
        'select event from bids where auction_id = $1 and bids_count > $2 order by bids_count limit $3',
        [auctionId, afterCount, limit],
      );
      return rows.map((row) => row.event);
    },
    async bidsCount(auctionId) {
      const { rows } = await db.query<{ count: number }>('select coalesce(max(bids_count), 0) as count from bids where auction_id = $1', [
        auctionId,
      ]);
      // One read answers one wait: `counted` twice means two instances have read, not one twice over.
      const at = waiting.findIndex((wait) => wait.auctionId === auctionId);
      if (at >= 0) setImmediate(waiting.splice(at, 1)[0]!.resolve);
      return rows[0]!.count;
    },
  };
  return {
    history,
    counted: (auctionId: string) => new Promise<void>((resolve) => waiting.push({ auctionId, resolve })),
    commit: (...events: BidEvent[]) =>
      Promise.all(
        events.map((one) =>
          db.query('insert into bids (auction_id, bids_count, event) values ($1, $2, $3)', [one.auctionId, one.bidsCount, one]),
        ),
      ),
  };
}

interface Instance {
  bus: BidBus;
  notices: NoticeBus;
}

async function next<T>(iterator: AsyncIterator<T>): Promise<T> {
  const result = await iterator.next();
  if (result.done) throw new Error('the subscription ended');
  return result.value;
}

async function counts(iterator: AsyncIterator<LiveBidEvent>, n: number): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < n; i++) seen.push((await next(iterator)).bidsCount);
  return seen;
}

/** Notifications on the bids channel, seen by a plain session of the test's own. */
async function ringsHeard(url: string, n: number): Promise<{ heard: Promise<void>; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let left = n;
  const heard = new Promise<void>((resolve) => client.on('notification', () => --left === 0 && resolve()));
  await client.query(`LISTEN ${BIDS_CHANNEL}`);
  return { heard, end: () => client.end() };
}

/** The rings on the channel `loud` ("ring N", after the ringing process's tag), as a plain session of the test's hears them. */
async function loudRings(url: string): Promise<{ heard: string[]; client: pg.Client }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const heard: string[] = [];
  client.on('notification', (message) => heard.push(/ring \d+$/.exec(message.payload!)![0]));
  await client.query('LISTEN loud');
  return { heard, client };
}

describe.skipIf(!pgServer)('live events across instances on PostgreSQL', () => {
  let database: Awaited<ReturnType<NonNullable<typeof pgServer>['freshDatabase']>>;
  let db: pg.Pool;
  let table: ReturnType<typeof bidTable>;
  const instances: Instance[] = [];

  function instance(name: string, options: Partial<DoorbellOptions> = {}): Instance {
    const doorbell = createDoorbell({ connectionString: database.url, name, log: quiet, ...options });
    const made = { bus: createPgBidBus({ doorbell, history: table.history, log: quiet }), notices: createPgNoticeBus({ doorbell }) };
    instances.push(made);
    return made;
  }

  /** Ends the listening session of one instance, as a network drop or a database restart would. */
  async function dropListener(name: string) {
    const { rows } = await db.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid, 5000) as ended from pg_stat_activity
        where datname = current_database() and application_name = $1 and query like 'LISTEN%'`,
      [name],
    );
    expect(rows).toEqual([{ ended: true }]);
  }

  beforeEach(async () => {
    database = await pgServer!.freshDatabase();
    db = new pg.Pool({ connectionString: database.url, max: 2 });
    await db.query('create table bids (auction_id text, bids_count int, event jsonb not null, primary key (auction_id, bids_count))');
    table = bidTable(db);
  });

  afterEach(async () => {
    await Promise.all(instances.splice(0).flatMap(({ bus, notices }) => [bus.close(), notices.close()]));
    await db.end();
    await database.drop();
  });

  test('a reload (an auction whose bids were numbered again) reaches both instances, and the numbering goes on from its count', async () => {
    const [a, b] = [instance('a'), instance('b')];
    const onB = b.bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const onA = a.bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const ready = Promise.all([table.counted('1'), table.counted('1')]);
    const [firstOnB, firstOnA] = [onB.next(), onA.next()];
    await ready;
    for (const n of [1, 2, 3]) {
      await table.commit(event('1', n));
      a.bus.publish(event('1', n));
    }
    expect([(await firstOnB).value!.bidsCount, ...(await counts(onB, 2))]).toEqual([1, 2, 3]);
    expect([(await firstOnA).value!.bidsCount, ...(await counts(onA, 2))]).toEqual([1, 2, 3]);

    // A removal leaves one bid: the rows numbered 2 and 3 go, and the auction's next bid is number 2 again.
    await db.query('delete from bids where auction_id = $1 and bids_count > 1', ['1']);
    a.bus.publish({ auctionId: '1', reload: true, bidsCount: 1 });
    expect(await next(onB)).toEqual({ auctionId: '1', reload: true, bidsCount: 1 });
    expect(await next(onA)).toEqual({ auctionId: '1', reload: true, bidsCount: 1 });
    await table.commit(event('1', 2));
    b.bus.publish(event('1', 2));
    expect(await counts(onA, 1)).toEqual([2]);
    expect(await counts(onB, 1)).toEqual([2]);
  });

  test('a bid published on one instance reaches the subscribers of the other in order, and its own once', async () => {
    const [a, b] = [instance('a'), instance('b')];
    const onB = b.bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const onA = a.bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const everyOnA = a.bus.subscribe(FOLLOW_EVERY_AUCTION)[Symbol.asyncIterator]();
    const ready = Promise.all([table.counted('1'), table.counted('1')]);
    const [firstOnB, firstOnA, firstEveryOnA] = [onB.next(), onA.next(), everyOnA.next()];
    await ready;

    for (const n of [1, 2, 3]) {
      await table.commit(event('1', n));
      a.bus.publish(event('1', n));
    }
    await table.commit(event('1', 4));
    b.bus.publish(event('1', 4));

    expect([(await firstOnB).value!.bidsCount, ...(await counts(onB, 3))]).toEqual([1, 2, 3, 4]);
    expect([(await firstOnA).value!.bidsCount, ...(await counts(onA, 3))]).toEqual([1, 2, 3, 4]);
    // Its own ring comes back to instance A too: it must not hand the bids on a second time.
    expect([(await firstEveryOnA).value!.bidsCount, ...(await counts(everyOnA, 3))]).toEqual([1, 2, 3, 4]);
    await table.commit(event('1', 5));
    b.bus.publish(event('1', 5));
    expect(await counts(everyOnA, 1)).toEqual([5]);
  });

  test('bids whose rings arrive out of order are handed on in order, each once', async () => {
    const [a, b] = [instance('a'), instance('b')];
    const onB = b.bus.subscribe(followOne('7'))[Symbol.asyncIterator]();
    const first = onB.next();
    await table.counted('7');
    // Once bid 1 arrived, instance B is listening (had it not been, bid 1 would have waited for it).
    await table.commit(event('7', 1));
    a.bus.publish(event('7', 1));
    expect((await first).value!.bidsCount).toBe(1);

    // Two instances committed bids 2 and 3 of one auction moments apart; the later one's ring came first.
    await table.commit(event('7', 2), event('7', 3));
    a.bus.publish(event('7', 3));
    a.bus.publish(event('7', 2));
    await table.commit(event('7', 4));
    a.bus.publish(event('7', 4));

    expect(await counts(onB, 3)).toEqual([2, 3, 4]);
  });

  test('bids rung while an instance was not listening are read from the database when it listens again', async () => {
    const a = instance('a');
    // The second retry waits long enough for the rings below to be sent, and lost, before it listens again.
    const b = instance('b', { retryMs: { first: 500, last: 500 } });
    const onB = b.bus.subscribe(followOne('3'))[Symbol.asyncIterator]();
    const first = onB.next();
    await table.counted('3');
    await table.commit(event('3', 1));
    a.bus.publish(event('3', 1));
    expect((await first).value!.bidsCount).toBe(1);

    await dropListener('b');
    const rings = await ringsHeard(database.url, 2);
    await table.commit(event('3', 2), event('3', 3));
    a.bus.publish(event('3', 2));
    a.bus.publish(event('3', 3));
    await rings.heard;
    await rings.end();

    expect(await counts(onB, 2)).toEqual([2, 3]);
    await table.commit(event('3', 4));
    a.bus.publish(event('3', 4));
    expect(await counts(onB, 1)).toEqual([4]);
  });

  test("a change of a user's notices on one instance wakes that user's streams on the other", async () => {
    const [a, b] = [instance('a'), instance('b')];
    const many = Array.from({ length: 3000 }, (_, i) => 1_000_000 + i);
    expect(noticeRings(many).length).toBeGreaterThan(1);
    expect(noticeRings(many).every((ring) => ring.length <= MAX_RING_BYTES)).toBe(true);
    const seven = b.notices.subscribe(7)[Symbol.asyncIterator]();
    const last = b.notices.subscribe(many.at(-1)!)[Symbol.asyncIterator]();
    // The first wake is the one every stream gets when its instance starts listening.
    const started = await Promise.all([seven.next(), last.next()]);
    expect(started.map((wake) => wake.done)).toEqual([false, false]);
    const [sevenWoke, lastWoke] = [seven.next(), last.next()];
    a.notices.publish([7]);
    a.notices.publish(many);
    expect((await sevenWoke).done).toBe(false);
    expect((await lastWoke).done).toBe(false);
  });

  test('after its listener reconnects, an instance wakes every notice stream once', async () => {
    const b = instance('b');
    const nine = b.notices.subscribe(9)[Symbol.asyncIterator]();
    // Its first wake is when the listener starts, since a change could have been rung before.
    expect((await nine.next()).done).toBe(false);
    const woke = nine.next();
    await dropListener('b');
    expect((await woke).done).toBe(false);
  });

  test('rings rung faster than they go out reach another process each once, in the order they were rung', async () => {
    const { heard, client } = await loudRings(database.url);
    const doorbell = createDoorbell({ connectionString: database.url, log: quiet });
    // Its own listener only to close it afterwards: a doorbell ends with its last listener.
    const stop = doorbell.listen('loud', { heard: () => {}, listening: () => {} });
    try {
      const rung = Array.from({ length: 300 }, (_, i) => `ring ${i}`);
      // In one go, then in bursts with the first still on their way.
      for (const payload of rung.slice(0, 200)) doorbell.ring('loud', payload);
      for (let i = 200; i < 300; i += 10) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        for (const payload of rung.slice(i, i + 10)) doorbell.ring('loud', payload);
      }
      await expect.poll(() => heard.length).toBe(rung.length);
      expect(heard).toEqual(rung);
    } finally {
      await stop();
      await client.end();
    }
  });

  test('a listener stopped twice leaves the channel to the listeners that came after it', async () => {
    const doorbell = createDoorbell({ connectionString: database.url, log: quiet });
    const ringer = createDoorbell({ connectionString: database.url, log: quiet });
    const idle = { heard: () => {}, listening: () => {} };
    // Other channels keep both doorbells open while 'loud' empties and fills again.
    const stops = [doorbell.listen('other', idle), ringer.listen('other', idle)];
    try {
      const stopFirst = doorbell.listen('loud', idle);
      await stopFirst();
      const heard: string[] = [];
      let listening!: () => void;
      const listened = new Promise<void>((resolve) => (listening = resolve));
      stops.push(doorbell.listen('loud', { heard: (ring) => heard.push(ring), listening }));
      await listened;
      // An app's close and a test's clean-up may both stop the first listener.
      await stopFirst();
      ringer.ring('loud', 'ring 1');
      await expect.poll(() => heard).toEqual(['ring 1']);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  test('channels listened to and let go all at once send their statements one after another on the listening session', async () => {
    // The driver queues a statement sent while another is under way on the same connection, and
    // deprecates that queue: its next major version refuses such a statement.
    const underWay = new Map<pg.Client, number>();
    let most = 0;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- applied below with each client as `this`
    const send = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
    const counting = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const answer = send.apply(this, args);
      if (answer instanceof Promise) {
        underWay.set(this, (underWay.get(this) ?? 0) + 1);
        most = Math.max(most, underWay.get(this)!);
        void answer.finally(() => underWay.set(this, underWay.get(this)! - 1)).catch(() => {});
      }
      return answer;
    } as never);
    const doorbell = createDoorbell({ connectionString: database.url, log: quiet });
    const ringer = createDoorbell({ connectionString: database.url, log: quiet });
    const stopRinger = ringer.listen('other', { heard: () => {}, listening: () => {} });
    try {
      const listened = (channel: string, heard: string[] = []) => {
        let listening!: () => void;
        const started = new Promise<void>((resolve) => (listening = resolve));
        return { stop: doorbell.listen(channel, { heard: (ring) => heard.push(ring), listening }), started };
      };
      const first = listened('first');
      await first.started;
      // Three channels listened to and one let go in the same moment, as buses start and stop.
      const heard: string[] = [];
      const more = [listened('second'), listened('third'), listened('loud', heard)];
      await first.stop();
      await Promise.all(more.map((one) => one.started));
      ringer.ring('loud', 'ring 1');
      await expect.poll(() => heard).toEqual(['ring 1']);
      // And every channel let go at once, as the app closes: the doorbell ends.
      await Promise.all(more.map((one) => one.stop()));

      expect(most).toBe(1);
    } finally {
      counting.mockRestore();
      await stopRinger();
    }
  });

  test('rings rung just before their doorbell closes have gone out when its last listener has stopped', async () => {
    const { heard, client } = await loudRings(database.url);
    // Rings wait a moment for others to go out with them: the close must not drop those still waiting,
    // and a process exiting once its buses have closed must not either.
    const doorbell = createDoorbell({ connectionString: database.url, log: quiet, gatherMs: 60_000 });
    const stop = doorbell.listen('loud', { heard: () => {}, listening: () => {} });
    try {
      doorbell.ring('loud', 'ring 1');
      doorbell.ring('loud', 'ring 2');
      await stop();
      // PostgreSQL hands a listening session the notices committed before its statement ahead of the
      // statement's answer: once this answers, every ring that went out has been heard.
      await client.query('select 1');
      expect(heard).toEqual(['ring 1', 'ring 2']);
    } finally {
      await client.end();
    }
  });

  test('rings rung just before the close go out on a ringing connection that is open and idle', async () => {
    const { heard, client } = await loudRings(database.url);
    const doorbell = createDoorbell({ connectionString: database.url, log: quiet, gatherMs: 1_000 });
    const stop = doorbell.listen('loud', { heard: () => {}, listening: () => {} });
    try {
      doorbell.ring('loud', 'ring 1');
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual(['ring 1']);
      // The pool keeps the ringing connection idle now; ending the pool before the next batch has it
      // would drop the batch.
      doorbell.ring('loud', 'ring 2');
      doorbell.ring('loud', 'ring 3');
      await stop();
      await client.query('select 1');
      expect(heard).toEqual(['ring 1', 'ring 2', 'ring 3']);
    } finally {
      await client.end();
    }
  });

  test('rings whose connection drops on their way go out again on a new one', async () => {
    // A relay to PostgreSQL that, once told to, holds what the client sends, as a dead link would.
    const sockets = new Set<net.Socket>();
    let holdFrom: string | null = null;
    const target = new URL(database.url);
    const relay = net.createServer((incoming) => {
      const server = net.connect({ host: target.hostname, port: Number(target.port || 5432) });
      for (const socket of [incoming, server]) {
        sockets.add(socket);
        socket.on('error', () => {});
        socket.on('close', () => sockets.delete(socket));
      }
      incoming.on('data', (chunk) => {
        if (holdFrom !== null && chunk.toString('latin1').includes(holdFrom)) return incoming.pause();
        server.write(chunk);
      });
      server.pipe(incoming);
      incoming.on('close', () => server.destroy());
      server.on('close', () => incoming.destroy());
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const viaRelay = new URL(database.url);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String((relay.address() as net.AddressInfo).port);

    const { heard, client } = await loudRings(database.url);
    const doorbell = createDoorbell({ connectionString: viaRelay.href, log: quiet });
    const stop = doorbell.listen('loud', { heard: () => {}, listening: () => {} });
    try {
      const rung = Array.from({ length: 30 }, (_, i) => `ring ${i}`);
      doorbell.ring('loud', rung[0]!);
      await expect.poll(() => heard.length).toBe(1);
      // The statement that carries ring 1 never arrives; the rest pile up behind it; then the link drops.
      holdFrom = rung[1]!;
      for (const payload of rung.slice(1)) doorbell.ring('loud', payload);
      await new Promise((resolve) => setTimeout(resolve, 200));
      holdFrom = null;
      for (const socket of sockets) socket.destroy();

      await expect.poll(() => heard.length).toBe(rung.length);
      expect(heard).toEqual(rung);
    } finally {
      await stop();
      await client.end();
      relay.close();
    }
  });

  test('closing the buses ends their subscriptions and the listening session', async () => {
    const b = instance('b');
    const bids = b.bus.subscribe(followOne('1'))[Symbol.asyncIterator]();
    const notices = b.notices.subscribe(1)[Symbol.asyncIterator]();
    const [bidsEnded, started] = [bids.next(), notices.next()];
    await started;
    const listening = async () => (await db.query("select 1 from pg_stat_activity where application_name = 'b'")).rowCount;
    expect(await listening()).toBe(1);

    await Promise.all([b.bus.close(), b.notices.close()]);
    expect((await bidsEnded).done).toBe(true);
    expect((await notices.next()).done).toBe(true);
    // The session ends a moment after the close: its backend exits once it reads the goodbye.
    await expect.poll(listening).toBe(0);
  });
});
