// A browser's one live connection (live.events over real HTTP): the user's notices and the bids of
// what its tabs show in one stream, reopened with a new set without missing a bid; 401 signed out;
// the caps on streams per account and per address, over sessions and over instances on one
// database; and a reader that stops reading is dropped rather than waited on.
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import type { BidEvent } from '../../src/server/wire';
import { MAX_UNSENT_BYTES } from '../../src/server/live/event-stream';
import { STREAM_PLACE_TTL_MS } from '../../src/server/live/streams';
import { checkStreams } from '../../src/server/services/sessions';
import { LIVE_FOLLOW_MAX } from '../../src/shared/schemas/live';
import { signedInUser, sessionOf } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { listen, test, type TestDeps } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';
import { openEventStream, type SseStream } from '../support/sse';

const liveUrl = (base: string, input?: unknown) =>
  `${base}/trpc/live.events${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

function openLive(base: string, token: string, input?: unknown, headers: Record<string, string> = {}): Promise<SseStream> {
  return openEventStream(liveUrl(base, input), { cookie: sessionCookieHeader(token), ...headers });
}

const bidsOf = (stream: SseStream) =>
  stream.messages().flatMap((m) => (typeof m.data === 'object' && m.data !== null && 'bid' in m.data ? [m.data as BidEvent] : []));
const noticesOf = (stream: SseStream) =>
  stream
    .messages()
    .flatMap((m) =>
      typeof m.data === 'object' && m.data !== null && 'notices' in m.data ? [(m.data as { notices: { unread: number } }).notices] : [],
    );

async function people(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sam Seller');
  const viewer = await signedInUser(deps, 'Vic Viewer');
  const rival = await signedInUser(deps, 'Rita Rival');
  const a = await insertAuction(deps, seller.id, { itemName: 'Lot A', startingPrice: 100 });
  const b = await insertAuction(deps, seller.id, { itemName: 'Lot B', startingPrice: 200 });
  return { seller, viewer, rival, a, b };
}

describe('one stream for a browser', () => {
  test("carries the user's notices and the bids of the auctions named, and nothing else", async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer, rival, a, b } = await people(deps);
    const stream = await openLive(baseUrl, viewer.token, { auctionIds: [a] });
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.events[0]).toMatchObject({ event: 'connected' });
    // Opened, it says where the notices stand.
    await expect.poll(() => noticesOf(stream)).toEqual([{ unread: 0, newest: null }]);

    await viewer.caller.auction.placeBid({ auctionId: a, bidAmount: 101 });
    await rival.caller.auction.placeBid({ auctionId: b, bidAmount: 201 });
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 105 });
    // The viewer was outbid on A: a notice; the bid on B is not theirs to hear.
    await expect
      .poll(() => bidsOf(stream).map((e) => [e.auctionId, e.currentPrice]))
      .toEqual([
        [a, 101],
        [a, 105],
      ]);
    await expect.poll(() => noticesOf(stream).at(-1)?.unread).toBe(1);
    // Every event carries the id of the last bid it follows, so a reconnect resumes from there.
    const ids = stream.messages().map((m) => m.id);
    expect(ids.every((id) => id !== undefined && /^\d+$/.test(id))).toBe(true);
    stream.close();
  });

  test('every auction, besides the named ones: each bid once', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer, rival, a, b } = await people(deps);
    const stream = await openLive(baseUrl, viewer.token, { auctionIds: [a], everyAuction: true });
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 101 });
    await rival.caller.auction.placeBid({ auctionId: b, bidAmount: 201 });
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 102 });
    await expect.poll(() => bidsOf(stream).length).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bidsOf(stream).map((e) => e.currentPrice)).toEqual([101, 201, 102]);
    stream.close();
  });

  test('opened again for more auctions after the last id it saw, it brings what came meanwhile; opened afresh, it says where it starts', async ({
    listening,
  }) => {
    const { baseUrl, deps } = listening;
    const { viewer, rival, a, b } = await people(deps);
    await rival.caller.auction.placeBid({ auctionId: b, bidAmount: 201 });
    // Afresh: the first event names the newest bid there is, so a client that reconnects from it misses nothing.
    const first = await openLive(baseUrl, viewer.token, { auctionIds: [a] });
    await first.waitForMessages(1);
    const startedAt = first.messages()[0]!.id!;
    expect(Number(startedAt)).toBeGreaterThan(0);
    first.close();

    // While no stream is open (the tab that held it closed, another opens it), bids on A and B.
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 101 });
    await rival.caller.auction.placeBid({ auctionId: b, bidAmount: 202 });
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 102 });
    const again = await openLive(baseUrl, viewer.token, { auctionIds: [a, b], lastEventId: startedAt });
    await expect
      .poll(() => bidsOf(again).map((e) => [e.auctionId, e.currentPrice]))
      .toEqual([
        [a, 101],
        [b, 202],
        [a, 102],
      ]);
    again.close();
  });

  test('signed out, every stream is a 401, as on the REST door; bad input is a 400', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer, a } = await people(deps);
    for (const path of [
      `live.events`,
      `auction.onBid?input=${encodeURIComponent(JSON.stringify({ auctionId: a }))}`,
      'user.onNotifications',
    ]) {
      const res = await fetch(`${baseUrl}/trpc/${path}`, { headers: { accept: 'text/event-stream' } });
      expect(res.status, path).toBe(401);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('Please log in to continue.');
    }
    const rest = await fetch(`${baseUrl}/api/auction/${a}/events`);
    expect(rest.status).toBe(401);
    await rest.body?.cancel();

    const tooMany = await openLive(baseUrl, viewer.token, {
      auctionIds: Array.from({ length: LIVE_FOLLOW_MAX + 1 }, (_, i) => String(i + 1)),
    });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain(`At most ${LIVE_FOLLOW_MAX} auctions`);
    const notJson = await fetch(`${baseUrl}/trpc/live.events?input=%7Bnope`, { headers: { cookie: sessionCookieHeader(viewer.token) } });
    expect(notJson.status).toBe(400);
    await notJson.body?.cancel();
  });
});

describe('an account with many sessions', () => {
  test('100 sessions of one account asking for 20 streams each get 40 between them, by default', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer } = await people(deps);
    const sessions = await Promise.all(Array.from({ length: 100 }, async () => (await sessionOf(deps, viewer.id)).token));
    const opened: SseStream[] = [];
    const refused: number[] = [];
    for (const token of sessions) {
      for (let i = 0; i < 20 && refused.length < 20; i++) {
        const stream = await openLive(baseUrl, token);
        if (stream.status === 200) opened.push(stream);
        else refused.push(stream.status);
      }
    }
    expect(opened).toHaveLength(40);
    expect(new Set(refused)).toEqual(new Set([429]));
    for (const stream of opened) stream.close();
  });
});

describe('caps on live streams', () => {
  test.override({ settings: { LIVE_STREAMS_PER_ACCOUNT: 3, LIVE_STREAMS_PER_ADDRESS: 5, TRUST_PROXY: 1 } });

  test('per account, over all its sessions: many logins do not add up to more', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer } = await people(deps);
    const sessions = [viewer.token, ...(await Promise.all([1, 2, 3].map(async () => (await sessionOf(deps, viewer.id)).token)))];
    const open: SseStream[] = [];
    for (const token of sessions.slice(0, 3)) open.push(await openLive(baseUrl, token));
    expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
    const fourth = await openLive(baseUrl, sessions[3]!);
    expect(fourth.status).toBe(429);
    expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(JSON.stringify(fourth.body)).toContain('Your account has 3 live updates open');
    // The REST stream counts too.
    const rest = await fetch(`${baseUrl}/api/auction/${await insertAuction(deps, viewer.id)}/events`, {
      headers: { cookie: sessionCookieHeader(sessions[3]!) },
    });
    expect(rest.status).toBe(429);
    await rest.body?.cancel();

    // A stream that ends gives its place back.
    open[0]!.close();
    await expect.poll(async () => (await openLive(baseUrl, sessions[3]!)).status, { timeout: 5_000 }).toBe(200);
  });

  test('per address, over all its accounts; another address is not affected', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => signedInUser(deps, `Neighbour ${i}`)));
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const statuses: number[] = [];
    for (const user of users) statuses.push((await openLive(baseUrl, user.token, undefined, from('203.0.113.7'))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await openLive(baseUrl, users[5]!.token, undefined, from('198.51.100.2'))).status).toBe(200);
  });

  test('a place is renewed while its stream is open, and lapses when its instance is gone', async ({ listening }) => {
    const { baseUrl, deps } = listening;
    const { viewer } = await people(deps);
    // A place left by an instance that died, as the table keeps it: it counts until it lapses.
    for (const id of ['dead-1', 'dead-2', 'dead-3']) {
      await deps.store.liveStreams.acquire(
        { id, userId: viewer.id, address: '192.0.2.1', expiresAt: new Date(deps.now() + STREAM_PLACE_TTL_MS) },
        new Date(deps.now()),
        { perUser: 10, perAddress: 10 },
      );
    }
    expect((await openLive(baseUrl, viewer.token)).status).toBe(429);
    deps.clock.advance(STREAM_PLACE_TTL_MS + 1);
    const open = await openLive(baseUrl, viewer.token);
    expect(open.status).toBe(200);

    // This instance renews the places of its open streams on its periodic check: still counted later.
    const two = await openLive(baseUrl, viewer.token);
    const three = await openLive(baseUrl, viewer.token);
    expect([two.status, three.status]).toEqual([200, 200]);
    deps.clock.advance(STREAM_PLACE_TTL_MS / 2);
    await checkStreams(deps);
    deps.clock.advance(STREAM_PLACE_TTL_MS / 2 + 1);
    expect((await openLive(baseUrl, viewer.token)).status).toBe(429);
  });

  test('over every instance on one database', async ({ database }) => {
    const apps = [];
    try {
      for (let i = 0; i < 2; i++) {
        const { settings, ...shared } = await database.open({ LIVE_STREAMS_PER_ACCOUNT: 2 });
        const deps = createDeps(settings, shared);
        const app = await buildApp(deps);
        apps.push({ app, deps, ...(await listen(app)) });
      }
      const [one, two] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const viewer = await signedInUser(one.deps, 'Ivy Instances');
      const other = await sessionOf(two.deps, viewer.id);
      expect((await openLive(one.baseUrl, viewer.token)).status).toBe(200);
      expect((await openLive(two.baseUrl, other.token)).status).toBe(200);
      expect((await openLive(two.baseUrl, other.token)).status).toBe(429);
      expect((await openLive(one.baseUrl, viewer.token)).status).toBe(429);
    } finally {
      for (const { app } of apps) {
        app.server.closeAllConnections();
        await app.close();
      }
    }
  });
});

describe('a reader that stops reading', () => {
  test('is dropped once its socket holds too much unsent, not waited on; bids and others go on', async ({ listening }) => {
    const { baseUrl, port, deps } = listening;
    const { viewer, rival, a } = await people(deps);
    const watcher = await openLive(baseUrl, rival.token, { auctionIds: [a] });
    // A real bid first, seen by the watcher: the bus of this instance then follows the auction and
    // knows where its numbering stands (on PostgreSQL it reads that from the database), so the events
    // below go straight out rather than wait, all of them, for that read.
    await rival.caller.auction.placeBid({ auctionId: a, bidAmount: 101 });
    await expect.poll(() => bidsOf(watcher).length).toBe(1);
    const first = bidsOf(watcher)[0]!;

    // A client that sends its request and never reads a byte of the answer (a paused socket hears no
    // close either: the server's side shows whether it let go).
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `GET /trpc/live.events?input=${encodeURIComponent(JSON.stringify({ auctionIds: [a] }))} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Accept: text/event-stream\r\nCookie: ${sessionCookieHeader(viewer.token)}\r\n\r\n`,
    );
    socket.pause();
    const placesOf = async (userId: number) =>
      Number((await deps.sqlOne<{ n: number }>('select count(*) as n from live_streams where user_id = $1', [userId]))!.n);
    await expect.poll(() => placesOf(viewer.id)).toBe(1);
    let dropped = false;

    // Events of 4 kB, in turns, as bids would bring them: 32 MB in all, far more than the socket's buffers hold.
    const description = 'x'.repeat(4000);
    let sent = 0;
    for (let turn = 0; turn < 400 && !dropped; turn++) {
      for (let i = 0; i < 20; i++) {
        sent += 1;
        deps.bus.publish({
          auctionId: a,
          currentPrice: first.currentPrice + sent,
          bidsCount: first.bidsCount + sent,
          itemEndDate: new Date(deps.now()).toISOString(),
          bid: {
            _id: String(Number(first.bid._id) + sent),
            bidder: { _id: '1', name: description },
            bidAmount: first.currentPrice + sent,
            bidTime: new Date(0).toISOString(),
            auto: false,
            buyNow: false,
          },
        });
      }
      await new Promise((resolve) => setImmediate(resolve));
      dropped = (await placesOf(viewer.id)) === 0;
    }
    expect(dropped).toBe(true);
    // Dropped once the unsent text passed the bound (plus what the kernel's buffers took), not at the end.
    expect(sent * 4000).toBeGreaterThan(MAX_UNSENT_BYTES);

    // The reader that keeps up got every event, and the site answers as before.
    await expect.poll(() => bidsOf(watcher).length, { timeout: 10_000 }).toBe(1 + sent);
    const bid = await fetch(`${baseUrl}/api/auction/${a}`, {
      method: 'POST',
      headers: { cookie: sessionCookieHeader(viewer.token), 'content-type': 'application/json' },
      body: JSON.stringify({ bidAmount: 110 }),
    });
    expect(bid.status).toBe(201);
    watcher.close();
  });
});
