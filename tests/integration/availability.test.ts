// What one client can do to everyone else: each attack below once took the server down or held it,
// and each test makes a bounded version of it and checks that the server refuses it and stays responsive.
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '../../src/server/app';
import { MAX_REPLAYED_BIDS } from '../../src/server/live/bid-stream';
import { MAX_STREAMS_PER_SESSION } from '../../src/server/live/streams';
import { checkStreams } from '../../src/server/services/sessions';
import { HASHING_CONCURRENCY } from '../../src/server/services/passwords';
import { REQUEST_ROW_BUDGET, SEARCH_WORD_ROWS } from '../../src/server/domain/request-cost';
import { AUCTION_SEARCH_WORDS_MAX, DAY_MS, SESSION_IDLE_MS, TRPC_MAX_BATCH_SIZE, WATCHLIST_MAX } from '../../src/shared/constants';
import { insertUser, PASSWORD, signedInUser } from '../support/accounts';
import { insertAuction, insertManyAuctions, NUMBERS } from '../support/auctions';
import { listen, test, type TestDeps } from '../support/fixtures';
import { post, sessionCookieHeader, sessionCookies } from '../support/http';
import { longestStall } from '../support/stall';

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** An open live stream (tRPC over SSE): its events as they come, and whether it has ended. */
async function openStream(base: string, sid: string, onBidInput: Record<string, unknown>) {
  const leave = new AbortController();
  const res = await fetch(`${base}/trpc/auction.onBid?input=${input(onBidInput)}`, {
    headers: { cookie: sessionCookieHeader(sid), accept: 'text/event-stream' },
    signal: leave.signal,
  });
  const events: Array<{ id?: string; data: unknown }> = [];
  let ended = false;
  let buffer = '';
  const reading = (async () => {
    if (!res.body) return;
    try {
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>) {
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const id = /^id: ?(.*)$/m.exec(block)?.[1];
          const data = /^data: ?(.*)$/m.exec(block)?.[1];
          const event = /^event: ?(.*)$/m.exec(block)?.[1];
          if (data !== undefined && event === undefined) events.push({ id, data: JSON.parse(data) });
        }
      }
    } catch {
      // Aborted by the test.
    } finally {
      ended = true;
    }
  })();
  return {
    status: res.status,
    res,
    events,
    bids: () => events.filter((e) => !(e.data as { reload?: boolean }).reload),
    ended: () => ended,
    reading,
    close: () => leave.abort(),
  };
}

/** Bids written straight into the table, numbered as placed ones are; the ids of all bids, oldest first. */
async function insertBids(deps: TestDeps, auctionId: string, bidderId: number, count: number, startingAt = 11) {
  await deps.sql(
    `${NUMBERS} insert into bids (auction_id, bidder_id, amount, seq, created_at, ends_at)
     select $2, $3, $4 + i, i + 1, $5, $6 from n`,
    [count, Number(auctionId), bidderId, startingAt, new Date(deps.now()), new Date(deps.now() + 7 * DAY_MS)],
  );
  return (await deps.sql<{ id: number }>('select id from bids order by id')).map((r) => r.id);
}

describe('a batch of tRPC calls', () => {
  test(`carries at most ${TRPC_MAX_BATCH_SIZE} calls, on both paths`, async ({ makeApp }) => {
    for (const trpcShortPath of [true, false]) {
      const { app, deps } = await makeApp({}, { trpcShortPath });
      const seller = await signedInUser(deps, 'Sam Seller');
      const batch = (n: number) =>
        app.inject({
          method: 'GET',
          url: `/trpc/${Array(n).fill('auction.list').join(',')}?batch=1&input=${input({})}`,
          cookies: sessionCookies(seller.token),
        });
      expect((await batch(TRPC_MAX_BATCH_SIZE)).statusCode, `short path ${trpcShortPath}`).toBe(200);
      const refused = await batch(TRPC_MAX_BATCH_SIZE + 1);
      expect(refused.statusCode, `short path ${trpcShortPath}`).toBe(400);
      expect(refused.json().error.message).toMatch(/batch/i);
    }
  });

  test('of lists without a limit reads one page per call, and leaves the event loop free', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sam Seller');
    await insertManyAuctions(deps, seller.id, 2000);
    const { result, stallMs } = await longestStall(() =>
      app.inject({
        method: 'GET',
        url: `/trpc/${Array(TRPC_MAX_BATCH_SIZE).fill('auction.list').join(',')}?batch=1&input=${input({})}`,
        cookies: sessionCookies(seller.token),
      }),
    );
    const answers = result.json() as Array<{ result: { data: { items: unknown[]; total: number } } }>;
    expect(answers).toHaveLength(TRPC_MAX_BATCH_SIZE);
    for (const answer of answers) {
      expect(answer.result.data.items).toHaveLength(20);
      expect(answer.result.data.total).toBe(2000);
    }
    expect(stallMs).toBeLessThan(100);
  });

  test('REST without a limit still answers every auction, streamed a page at a time', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sam Seller');
    const ids = await insertManyAuctions(deps, seller.id, 10_000);
    // The answer is read as it comes, as a client on a socket would, and put together only after the
    // measure: joining its 8 MB in one go is the reader's work, which held the loop some 60 ms itself.
    const { result, stallMs } = await longestStall(async () => {
      const res = await app.inject({ method: 'GET', url: '/api/auction', cookies: sessionCookies(seller.token), payloadAsStream: true });
      const chunks: Buffer[] = [];
      for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
      return { res, chunks };
    });
    expect(result.res.statusCode).toBe(200);
    expect(result.res.headers['content-type']).toMatch(/^application\/json/);
    const answer = JSON.parse(Buffer.concat(result.chunks).toString()) as Array<{ _id: string }>;
    expect(answer.map((a) => a._id)).toEqual([...ids].reverse());
    expect(stallMs).toBeLessThan(100);
  });
});

describe('what a request may cost', () => {
  /** A batch of calls of one procedure, each with its own input, through /trpc. */
  const batchOf = (path: string, inputs: unknown[]) =>
    `/trpc/${Array(inputs.length).fill(path).join(',')}?batch=1&input=${input(Object.fromEntries(inputs.entries()))}`;
  type Answer = { result?: { data: { items: unknown[] } }; error?: { message: string; data: { code: string; httpStatus: number } } };

  test(`${TRPC_MAX_BATCH_SIZE} full pages of a full watchlist: the calls past ${REQUEST_ROW_BUDGET} rows are refused with a sentence, on both paths`, async ({
    makeApp,
  }) => {
    for (const trpcShortPath of [true, false]) {
      const { app, deps } = await makeApp({}, { trpcShortPath });
      const seller = await signedInUser(deps, 'Sam Seller');
      const watcher = await signedInUser(deps, 'Wes Watcher');
      await insertManyAuctions(deps, seller.id, WATCHLIST_MAX);
      await deps.sql('insert into watches (user_id, auction_id, created_at) select $1, id, $2 from auctions', [
        watcher.id,
        new Date(deps.now()),
      ]);
      const res = await app.inject({
        method: 'GET',
        url: batchOf('user.watchlist', Array(TRPC_MAX_BATCH_SIZE).fill({ limit: 100 })),
        cookies: sessionCookies(watcher.token),
      });
      // Some answered, some refused: tRPC's status for a mixed batch.
      expect(res.statusCode, `short path ${trpcShortPath}`).toBe(207);
      const answers = res.json() as Answer[];
      const answered = answers.filter((a) => a.result);
      expect(answered).toHaveLength(REQUEST_ROW_BUDGET / 100);
      for (const a of answered) expect(a.result!.data.items).toHaveLength(100);
      const refused = answers.filter((a) => a.error);
      expect(refused).toHaveLength(TRPC_MAX_BATCH_SIZE - REQUEST_ROW_BUDGET / 100);
      for (const a of refused) {
        expect(a.error!.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
        expect(a.error!.message).toBe(
          'This request asks for too much at once: its calls may read 1,000 rows together, and this one would read 100 with 0 left. ' +
            'Send it again in a request of its own, or ask for a smaller page.',
        );
      }
      // The budget is the request's: the next request has all of it.
      const next = await app.inject({
        method: 'GET',
        url: batchOf('user.watchlist', [{ limit: 100 }]),
        cookies: sessionCookies(watcher.token),
      });
      expect(next.statusCode).toBe(200);
    }
  });

  test('each word of a search costs as much as a page of 100; words of one letter cost nothing', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sam Seller');
    await insertManyAuctions(deps, seller.id, 300);
    const send = async (inputs: unknown[]) =>
      (await app.inject({ method: 'GET', url: batchOf('auction.list', inputs), cookies: sessionCookies(seller.token) })).json() as Answer[];
    const answeredOf = (answers: Answer[]) => answers.map((a) => (a.result ? 'answered' : a.error!.data.code));
    // Two words and a page of 20: 220 rows a call, so four of them fit 1,000.
    expect(answeredOf(await send(Array(TRPC_MAX_BATCH_SIZE).fill({ q: 'lot inserted', limit: 20 })))).toEqual([
      ...Array(4).fill('answered'),
      ...Array(TRPC_MAX_BATCH_SIZE - 4).fill('BAD_REQUEST'),
    ]);
    // Words of one letter are no search: 20 rows a call, every call answered.
    expect(answeredOf(await send(Array(TRPC_MAX_BATCH_SIZE).fill({ q: 'a b c d e f g h', limit: 20 })))).toEqual(
      Array(TRPC_MAX_BATCH_SIZE).fill('answered'),
    );
    // A refused call takes nothing from the budget: a smaller one after it still fits. (Eight words
    // and a page of 100 are 900 rows, with 800 left.)
    const eightWords = 'lot inserted for test with description of ordinary';
    expect(answeredOf(await send([{ limit: 100 }, { limit: 100 }, { limit: 100, q: eightWords }, { limit: 20 }]))).toEqual([
      'answered',
      'answered',
      'BAD_REQUEST',
      'answered',
    ]);
  });

  test('one call alone always fits, through REST too: the largest page with the most words', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sam Seller');
    await insertManyAuctions(deps, seller.id, 150);
    const q = 'lot inserted test with description ordinary length realistic';
    const res = await app.inject({
      method: 'GET',
      url: `/api/auction?limit=100&q=${encodeURIComponent(q)}`,
      cookies: sessionCookies(seller.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(100);
    expect(REQUEST_ROW_BUDGET).toBeGreaterThanOrEqual(100 + AUCTION_SEARCH_WORDS_MAX * SEARCH_WORD_ROWS);
  });

  test('the costliest batch the budget lets through leaves the event loop free', async ({ app, deps }) => {
    const seller = await signedInUser(deps, 'Sam Seller');
    await insertManyAuctions(deps, seller.id, 2000);
    const { result, stallMs } = await longestStall(() =>
      app.inject({
        method: 'GET',
        url: batchOf('auction.list', Array(TRPC_MAX_BATCH_SIZE).fill({ limit: 100, sort: 'price_desc' })),
        cookies: sessionCookies(seller.token),
      }),
    );
    expect((result.json() as Answer[]).filter((a) => a.result)).toHaveLength(10);
    expect(stallMs).toBeLessThan(100);
  });
});

describe('replaying missed bids after a reconnect', () => {
  test(`costs time in proportion to what is replayed, and at most ${MAX_REPLAYED_BIDS} bids are replayed at once`, async ({
    listening,
  }) => {
    const { baseUrl: base, deps } = listening;
    const seller = await signedInUser(deps, 'Sam Seller');
    const bidder = await signedInUser(deps, 'Bea Bidder');
    const watcher = await signedInUser(deps, 'Wes Watcher');
    const auctionId = await insertAuction(deps, seller.id, { startingPrice: 10 });
    const ids = await insertBids(deps, auctionId, bidder.id, 5000);

    // 900 missed: every one of them, in order, with the count the auction had after each.
    const short = await openStream(base, watcher.token, { auctionId, lastEventId: String(ids[4099]) });
    const { stallMs: shortStall } = await longestStall(() => expect.poll(() => short.bids().length, { timeout: 10_000 }).toBe(900));
    expect(short.bids().map((e) => (e.data as { bidsCount: number }).bidsCount)).toEqual(Array.from({ length: 900 }, (_, i) => 4101 + i));
    expect(short.bids().at(-1)!.id).toBe(String(ids.at(-1)));
    expect(shortStall).toBeLessThan(100);
    short.close();

    // 4999 missed: too many to replay; the client is told to reload instead, with the newest id.
    const long = await openStream(base, watcher.token, { auctionId, lastEventId: String(ids[0]) });
    await expect.poll(() => long.events.length).toBe(1);
    expect(long.events[0]).toEqual({ id: String(ids.at(-1)), data: { reload: true, auctionId } });
    long.close();
  });
});

describe('live streams', () => {
  // 300 streams from 127.0.0.1, past the cap of one address (a test of its own, below).
  test.override({ settings: { LIVE_STREAMS_PER_ADDRESS: 1000 } });

  test(`a session holds at most ${MAX_STREAMS_PER_SESSION}; a stream follows one auction and wakes for no other`, async ({ listening }) => {
    const { baseUrl: base, deps } = listening;
    const seller = await signedInUser(deps, 'Sam Seller');
    const watched = await insertAuction(deps, seller.id, { startingPrice: 10 });
    const other = await insertAuction(deps, seller.id, { startingPrice: 10 });
    const watchers = await Promise.all(Array.from({ length: 15 }, (_, i) => signedInUser(deps, `Watcher ${i}`)));

    const streams: Array<Awaited<ReturnType<typeof openStream>>> = [];
    for (const watcher of watchers) {
      for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(base, watcher.token, { auctionId: watched }));
    }
    expect(streams.every((s) => s.status === 200)).toBe(true);
    const oneMore = await openStream(base, watchers[0]!.token, { auctionId: watched });
    expect(oneMore.status).toBe(429);
    expect(oneMore.res.headers.get('retry-after')).toMatch(/^\d+$/);
    await oneMore.reading;
    const anotherSession = await signedInUser(deps, 'Fresh Session');
    const fine = await openStream(base, anotherSession.token, { auctionId: watched });
    expect(fine.status).toBe(200);
    fine.close();

    // Bids on another auction are handed to none of the 300 streams.
    const bidder = await signedInUser(deps, 'Bea Bidder');
    const handedTo: number[] = [];
    const publish = deps.bus.publish.bind(deps.bus);
    deps.bus.publish = (event) => {
      const n = publish(event);
      handedTo.push(n);
      return n;
    };
    const { stallMs } = await longestStall(async () => {
      for (let i = 0; i < 50; i++) {
        const res = await fetch(`${base}/api/auction/${other}`, {
          method: 'POST',
          headers: { cookie: sessionCookieHeader(bidder.token), 'content-type': 'application/json' },
          body: JSON.stringify({ bidAmount: 11 + i }),
        });
        expect(res.status).toBe(201);
      }
    });
    expect(handedTo).toEqual(Array(50).fill(0));
    expect(stallMs).toBeLessThan(100);

    // One bid on the watched auction reaches all of them.
    await fetch(`${base}/api/auction/${watched}`, {
      method: 'POST',
      headers: { cookie: sessionCookieHeader(bidder.token), 'content-type': 'application/json' },
      body: JSON.stringify({ bidAmount: 11 }),
    });
    expect(handedTo.at(-1)).toBe(300);
    await expect.poll(() => streams.filter((s) => s.bids().length === 1).length, { timeout: 10_000 }).toBe(300);
    for (const stream of streams) stream.close();
  });

  test('end when their session does: logout, a password change elsewhere, expiry', async ({ listening }) => {
    const { app, baseUrl: base, deps } = listening;
    const seller = await signedInUser(deps, 'Sam Seller');
    const auctionId = await insertAuction(deps, seller.id, { startingPrice: 10 });
    const user = await insertUser(deps, { name: 'Lena Leaver' });
    const login = async () => (await post(app, '/api/auth/login', { email: user.email, password: PASSWORD })).json().token as string;

    // Logout ends every stream of that session, and only of that session.
    const [laptop, phone] = [await login(), await login()];
    const laptopStreams = [await openStream(base, laptop, { auctionId }), await openStream(base, laptop, {})];
    const phoneStream = await openStream(base, phone, { auctionId });
    expect((await post(app, '/api/auth/logout', {}, { cookie: laptop })).statusCode).toBe(200);
    await expect.poll(() => laptopStreams.every((s) => s.ended())).toBe(true);
    expect(phoneStream.ended()).toBe(false);

    // A password change ends the streams of the other sessions; the session that made it keeps its own.
    const tablet = await login();
    const tabletStream = await openStream(base, tablet, { auctionId });
    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/user',
      cookies: sessionCookies(phone),
      payload: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase', confirmPassword: 'a brand new passphrase' },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(() => tabletStream.ended()).toBe(true);
    expect(phoneStream.ended()).toBe(false);

    // Expiry: a session left idle past its limit loses its streams at the next check.
    deps.clock.advance(SESSION_IDLE_MS + 1);
    await checkStreams(deps);
    await expect.poll(() => phoneStream.ended()).toBe(true);
  });
});

describe('slow requests', () => {
  /** Sends `head` then one byte of `trickle` every `everyMs`; resolves with what the server answered before closing. */
  function trickle(port: number, head: string, trickled: string, everyMs: number): Promise<{ answer: string; ms: number }> {
    return new Promise((resolve, reject) => {
      const started = Date.now();
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < trickled.length && !socket.destroyed) socket.write(trickled[sent++]!);
      }, everyMs);
      socket.on('connect', () => socket.write(head));
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ answer, ms: Date.now() - started });
      });
      socket.on('error', reject);
    });
  }

  test('a body or headers that do not arrive in time are answered 408, and the socket is closed', async ({ makeApp }) => {
    const { app } = await makeApp({}, { requestTimeoutMs: 1_000 });
    const { port } = await listen(app);
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(40) });
    const slowBody = trickle(
      port,
      `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      200,
    );
    const slowHeaders = trickle(port, 'GET /healthz HTTP/1.1\r\n', 'Host: 127.0.0.1\r\nX-Slow: 1111111111111111111111111\r\n', 200);
    for (const { answer, ms } of await Promise.all([slowBody, slowHeaders])) {
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(ms).toBeLessThan(5_000);
    }
    // Everyone else was served meanwhile, and the production default is the documented 30 seconds.
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const { app: defaults } = await makeApp();
    expect(defaults.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(defaults.server.headersTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(30_000);
  });
});

describe('a flood of logins', () => {
  test('from one address is limited over all accounts', async ({ makeApp }) => {
    const { app } = await makeApp({ LOGIN_FAILURES_PER_ADDRESS: 100 });
    const attempts = await Promise.all(
      Array.from({ length: 130 }, (_, i) =>
        post(app, '/api/auth/login', { email: `nobody${i}@example.com`, password: 'guess-guess' }, { remoteAddress: '203.0.113.9' }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // Another address is not affected.
    const elsewhere = await post(
      app,
      '/api/auth/login',
      { email: 'nobody@example.com', password: 'guess-guess' },
      { remoteAddress: '198.51.100.7' },
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  test("delays another address's login by at most the hashes already running", async ({ app, deps }) => {
    const user = await insertUser(deps, { name: 'Real User' });
    // Watch the hasher itself: how many of the flood's hashes finish between the real login's hash
    // joining the queue and finishing. Counting answers instead would also count the database work
    // around each hash, which on a networked database lets more of the flood through meanwhile.
    const hasher = { ...deps.passwords };
    let floodHashed = 0;
    let joined = -1;
    let finished = -1;
    deps.passwords.burn = async (...args) => {
      await hasher.burn(...args);
      floodHashed += 1;
    };
    deps.passwords.verify = async (...args) => {
      joined = floodHashed;
      const match = await hasher.verify(...args);
      finished = floodHashed;
      return match;
    };
    const flood = Array.from({ length: 80 }, (_, i) =>
      post(app, '/api/auth/login', { email: `sprayed${i}@example.com`, password: 'Winter2026!' }, { remoteAddress: '203.0.113.9' }),
    );
    // Once the first hash of the flood is done, the rest of it waits in the queue.
    await expect.poll(() => floodHashed, { interval: 5 }).toBeGreaterThan(0);
    const real = await post(app, '/api/auth/login', { email: user.email, password: PASSWORD }, { remoteAddress: '198.51.100.7' });
    expect(real.statusCode).toBe(200);
    await Promise.all(flood);
    // Ahead of it only the hashes already running; beside it, what the other worker gets through
    // meanwhile: on a machine busy with other work (two test files, their browsers and databases on
    // two cores) its own hash may last as long as two of the flood's there. The queue's turns
    // themselves are tested exactly in tests/unit/passwords.test.ts; here, that it is not behind the flood.
    expect(finished - joined).toBeLessThanOrEqual(2 * HASHING_CONCURRENCY + 2);
    expect(finished).toBeLessThan(flood.length / 4);
  });
});
