// GET /api/auction/:id/events over real HTTP: Server-Sent Events of the auction's accepted bids,
// automatic ones included, in order, each with an id and the auction as it stood right after it;
// resumable with Last-Event-ID; at most 20 live streams per session; ended by logout; and the same
// events as the tRPC subscription.
import { describe, expect } from 'vitest';
import { MAX_STREAMS_PER_SESSION } from '../../src/server/live/streams';
import { sessionOf, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type Listening } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';
import { openEventStream, type SseEvent, type SseStream } from '../support/sse';

test.override({ settings: { SOFT_CLOSE_SECONDS: 120 } });

interface BidEventData {
  auctionId: string;
  currentPrice: number;
  bidsCount: number;
  itemEndDate: string;
  bid: { _id: string; bidder: { _id: string; name: string }; bidAmount: number; bidTime: string; auto: boolean };
}

const dataOf = (event: SseEvent) => event.data as BidEventData;
const cookie = (token: string) => ({ cookie: sessionCookieHeader(token) });

async function setup({ deps }: Listening, fields: { endsAt?: number } = {}) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const ann = await signedInUser(deps, 'Ann Bidder');
  const ben = await signedInUser(deps, 'Ben Bidder');
  const watcher = await signedInUser(deps, 'Wes Watcher');
  const auctionId = await insertAuction(deps, seller.id, { itemName: 'Carriage clock', startingPrice: 100, ...fields });
  return { seller, ann, ben, watcher, auctionId };
}

/** A bid over HTTP as a REST client sends it, answered with `status` (201 unless told). */
async function bid(base: string, token: string, auctionId: string, body: { bidAmount?: number; maxBid?: number }, status = 201) {
  const res = await fetch(`${base}/api/auction/${auctionId}`, {
    method: 'POST',
    headers: { ...cookie(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { message: string; leading: boolean; auction: { itemEndDate: string } };
  expect(res.status, JSON.stringify(answer)).toBe(status);
  return answer;
}

/** The auction's detail read: its bids newest first. */
async function detail(base: string, token: string, auctionId: string) {
  const res = await fetch(`${base}/api/auction/${auctionId}`, { headers: cookie(token) });
  expect(res.status).toBe(200);
  return (await res.json()) as { currentPrice: number; bidsCount: number; itemEndDate: string; bids: BidEventData['bid'][] };
}

/** Fails the test when more events than `count` arrive within a short while. */
async function expectNoMore(stream: SseStream, count: number) {
  await new Promise((settle) => setTimeout(settle, 200));
  expect(stream.messages()).toHaveLength(count);
}

describe('GET /api/auction/:id/events refuses', () => {
  test('a signed-out client with 401, and an unknown or malformed auction id with 404, as JSON errors', async ({ listening }) => {
    const { baseUrl: base } = listening;
    const { watcher, auctionId } = await setup(listening);
    const streams: SseStream[] = [];
    try {
      const signedOut = await openEventStream(`${base}/api/auction/${auctionId}/events`);
      expect(signedOut.status).toBe(401);
      expect(signedOut.headers.get('content-type')).toMatch(/^application\/json/);
      expect(signedOut.body).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      const badCookie = await openEventStream(`${base}/api/auction/${auctionId}/events`, cookie('not-a-session'));
      expect(badCookie.status).toBe(401);

      for (const id of ['999999', '0', 'abc', '12abc', '-1', '1.5', '12345678901234567890']) {
        const res = await openEventStream(`${base}/api/auction/${id}/events`, cookie(watcher.token));
        streams.push(res);
        expect(res.status, id).toBe(404);
        expect(res.headers.get('content-type'), id).toMatch(/^application\/json/);
        expect(res.body, id).toMatchObject({ error: expect.any(String) });
      }

      // The session as a bearer token works as the cookie does.
      const bearer = await openEventStream(`${base}/api/auction/${auctionId}/events`, { authorization: `Bearer ${watcher.token}` });
      streams.push(bearer);
      expect(bearer.status).toBe(200);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});

describe('GET /api/auction/:id/events streams', () => {
  test('each accepted bid as an event with an id, and JSON data of the auction right after it, with the bid as in `bids`', async ({
    listening,
  }) => {
    const { baseUrl: base, deps } = listening;
    const { ann, ben, watcher, auctionId } = await setup(listening);
    const other = await insertAuction(deps, (await signedInUser(deps, 'Otto Other')).id, { startingPrice: 500 });
    const stream = await openEventStream(`${base}/api/auction/${auctionId}/events`, cookie(watcher.token));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toMatch(/no-store|no-cache/);

      await bid(base, ann.token, auctionId, { bidAmount: 101 });
      deps.clock.advance(1000);
      // Refused bids and bids on other auctions send nothing.
      await bid(base, ben.token, auctionId, { bidAmount: 150 }, 400);
      await bid(base, ben.token, other, { bidAmount: 501 });
      await bid(base, ben.token, auctionId, { bidAmount: 104 });

      const events = await stream.waitForMessages(2);
      await expectNoMore(stream, 2);
      const history = (await detail(base, watcher.token, auctionId)).bids.reverse();
      expect(history).toHaveLength(2);
      const endDate = (await detail(base, watcher.token, auctionId)).itemEndDate;
      events.forEach((event, i) => {
        expect(event.id).toBe(history[i]!._id);
        expect(Object.keys(event.data as object).sort()).toEqual(['auctionId', 'bid', 'bidsCount', 'currentPrice', 'itemEndDate']);
        expect(event.data).toEqual({
          auctionId,
          currentPrice: history[i]!.bidAmount,
          bidsCount: i + 1,
          itemEndDate: endDate,
          bid: history[i],
        });
      });
      expect(dataOf(events[0]!).bid).toEqual({
        _id: events[0]!.id,
        bidder: { _id: ann._id, name: 'Ann Bidder' },
        bidAmount: 101,
        bidTime: new Date(deps.now() - 1000).toISOString(),
        auto: false,
        buyNow: false,
      });
      expect(dataOf(events[1]!).bid).toMatchObject({ bidder: { _id: ben._id, name: 'Ben Bidder' }, bidAmount: 104, auto: false });
      expect(Number(events[1]!.id)).toBeGreaterThan(Number(events[0]!.id));
    } finally {
      stream.close();
    }
  });

  test('a bid that an automatic bid answers makes two events, in order: the placed bid, then the automatic one', async ({ listening }) => {
    const { baseUrl: base } = listening;
    const { ann, ben, watcher, auctionId } = await setup(listening);
    const stream = await openEventStream(`${base}/api/auction/${auctionId}/events`, cookie(watcher.token));
    try {
      await bid(base, ann.token, auctionId, { bidAmount: 101, maxBid: 150 });
      const outbid = await bid(base, ben.token, auctionId, { bidAmount: 110 });
      expect(outbid.leading).toBe(false);
      expect(outbid.message).toMatch(/\$111\b/);

      const events = await stream.waitForMessages(3);
      await expectNoMore(stream, 3);
      expect(events.map((e) => [dataOf(e).bid.bidder.name, dataOf(e).bid.bidAmount, dataOf(e).bid.auto])).toEqual([
        ['Ann Bidder', 101, false],
        ['Ben Bidder', 110, false],
        ['Ann Bidder', 111, true],
      ]);
      expect(events.map((e) => [dataOf(e).currentPrice, dataOf(e).bidsCount])).toEqual([
        [101, 1],
        [110, 2],
        [111, 3],
      ]);
      const ids = events.map((e) => Number(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(3);
      const history = (await detail(base, watcher.token, auctionId)).bids.reverse();
      expect(events.map((e) => dataOf(e).bid)).toEqual(history);
      // A maximum raised alone places no bid: no event.
      await bid(base, ann.token, auctionId, { maxBid: 300 }, 200);
      await expectNoMore(stream, 3);
    } finally {
      stream.close();
    }
  });

  test('a late bid’s soft-close extension in itemEndDate, the same in the bid’s answer and in the auction', async ({ listening }) => {
    const { baseUrl: base, deps } = listening;
    const endsAt = deps.now() + 10 * 60_000;
    const { ann, ben, watcher, auctionId } = await setup(listening, { endsAt });
    const stream = await openEventStream(`${base}/api/auction/${auctionId}/events`, cookie(watcher.token));
    try {
      // Ten minutes before the end: no extension.
      await bid(base, ann.token, auctionId, { bidAmount: 101 });
      deps.clock.set(endsAt - 60_000);
      const late = await bid(base, ben.token, auctionId, { bidAmount: 102 });
      const firstEnd = new Date(endsAt + 60_000).toISOString();
      expect(late.auction.itemEndDate).toBe(firstEnd);
      // Past the original end, before the new one: the extension repeats, and both bids of an
      // automatic answer carry it.
      deps.clock.set(endsAt + 30_000);
      await bid(base, ann.token, auctionId, { bidAmount: 103, maxBid: 200 });
      deps.clock.set(endsAt + 100_000);
      const answered = await bid(base, ben.token, auctionId, { bidAmount: 110, maxBid: 150 });
      const secondEnd = new Date(endsAt + 100_000 + 120_000).toISOString();
      expect(answered.auction.itemEndDate).toBe(secondEnd);

      const events = await stream.waitForMessages(5);
      expect(events.map((e) => [dataOf(e).bid.bidAmount, dataOf(e).bid.auto, dataOf(e).itemEndDate])).toEqual([
        [101, false, new Date(endsAt).toISOString()],
        [102, false, firstEnd],
        [103, false, new Date(endsAt + 30_000 + 120_000).toISOString()],
        [110, false, secondEnd],
        [151, true, secondEnd],
      ]);
      expect((await detail(base, watcher.token, auctionId)).itemEndDate).toBe(secondEnd);
    } finally {
      stream.close();
    }
  });

  test('a client reconnecting with Last-Event-ID gets exactly the bids it missed, as live clients saw them, then new ones', async ({
    listening,
  }) => {
    const { baseUrl: base } = listening;
    const { ann, ben, watcher, auctionId } = await setup(listening);
    const url = `${base}/api/auction/${auctionId}/events`;
    const staying = await openEventStream(url, cookie(watcher.token));
    const leaving = await openEventStream(url, cookie(watcher.token));
    let back: SseStream | undefined;
    try {
      await bid(base, ann.token, auctionId, { bidAmount: 101, maxBid: 120 });
      const [seen] = await leaving.waitForMessages(1);
      leaving.close();
      await leaving.waitForEnd();

      // Missed: Ben's bid and Ann's automatic answer, Ben's bid with a maximum and his own automatic bid.
      await bid(base, ben.token, auctionId, { bidAmount: 105 });
      await bid(base, ben.token, auctionId, { bidAmount: 116, maxBid: 200 });
      await staying.waitForMessages(5);

      back = await openEventStream(url, { ...cookie(watcher.token), 'last-event-id': seen!.id! });
      expect(back.status).toBe(200);
      const replayed = await back.waitForMessages(4);
      await expectNoMore(back, 4);
      expect(replayed.map((e) => [dataOf(e).bid.bidAmount, dataOf(e).bid.auto])).toEqual([
        [105, false],
        [106, true],
        [116, false],
        [121, true],
      ]);
      // Each replayed event is the event live clients received.
      expect(replayed).toEqual(staying.messages().slice(1));

      // Then live ones, once each.
      await bid(base, ann.token, auctionId, { bidAmount: 125, maxBid: 125 });
      await back.waitForMessages(6);
      await expectNoMore(back, 6);
      await staying.waitForMessages(7);
      expect(back.messages()).toEqual(staying.messages().slice(1));
      const history = (await detail(base, watcher.token, auctionId)).bids.reverse();
      expect(back.messages().map((e) => e.id)).toEqual(history.slice(1).map((b) => b._id));

      // The newest id as Last-Event-ID: nothing to replay.
      const upToDate = await openEventStream(url, { ...cookie(watcher.token), 'last-event-id': history.at(-1)!._id });
      try {
        await expectNoMore(upToDate, 0);
      } finally {
        upToDate.close();
      }
    } finally {
      staying.close();
      leaving.close();
      back?.close();
    }
  });

  test('the tRPC subscription carries the same events for the same bids', async ({ listening }) => {
    const { baseUrl: base } = listening;
    const { ann, ben, watcher, auctionId } = await setup(listening);
    const cy = await signedInUser(listening.deps, 'Cy Bidder');
    await bid(base, ann.token, auctionId, { bidAmount: 101, maxBid: 150 });
    const firstId = (await detail(base, watcher.token, auctionId)).bids[0]!._id;
    // Both resume after the first bid, so neither can miss a bid placed while it was connecting.
    const rest = await openEventStream(`${base}/api/auction/${auctionId}/events`, { ...cookie(watcher.token), 'last-event-id': firstId });
    const input = encodeURIComponent(JSON.stringify({ auctionId, lastEventId: firstId }));
    const trpc = await openEventStream(`${base}/trpc/auction.onBid?input=${input}`, cookie(watcher.token));
    try {
      expect(trpc.status).toBe(200);
      await bid(base, ben.token, auctionId, { bidAmount: 110 });
      await bid(base, cy.token, auctionId, { bidAmount: 115, maxBid: 200 });
      const fromRest = await rest.waitForMessages(4);
      const fromTrpc = await trpc.waitForMessages(4);
      expect(fromRest.map((e) => [dataOf(e).bid.bidder.name, dataOf(e).bid.bidAmount, dataOf(e).bid.auto])).toEqual([
        ['Ben Bidder', 110, false],
        ['Ann Bidder', 111, true],
        ['Cy Bidder', 115, false],
        ['Cy Bidder', 151, true],
      ]);
      expect(fromTrpc.map((e) => ({ id: e.id, data: e.data }))).toEqual(fromRest.map((e) => ({ id: e.id, data: e.data })));
    } finally {
      rest.close();
      trpc.close();
    }
  });
});

describe('live streams of one session', () => {
  test(`at most ${MAX_STREAMS_PER_SESSION} at once, REST and tRPC together: one more is 429 with Retry-After; a place frees when a stream ends`, async ({
    listening,
  }) => {
    const { baseUrl: base } = listening;
    const { ann, watcher, auctionId } = await setup(listening);
    const url = `${base}/api/auction/${auctionId}/events`;
    const trpcUrl = `${base}/trpc/auction.onBid?input=${encodeURIComponent(JSON.stringify({ auctionId }))}`;
    const open: SseStream[] = [];
    try {
      open.push(await openEventStream(trpcUrl, cookie(watcher.token)));
      for (let i = 1; i < MAX_STREAMS_PER_SESSION; i++) open.push(await openEventStream(url, cookie(watcher.token)));
      expect(open.map((s) => s.status)).toEqual(Array(MAX_STREAMS_PER_SESSION).fill(200));

      const refused = await openEventStream(url, cookie(watcher.token));
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
      expect(refused.body).toMatchObject({ error: expect.stringMatching(/live/i) });
      expect((refused.body as { error: string }).error).toBe((refused.body as { message: string }).message);
      const refusedTrpc = await openEventStream(trpcUrl, cookie(watcher.token));
      open.push(refusedTrpc);
      expect(refusedTrpc.status).toBe(429);

      // Another session (of the same user) is not held back, and the open streams still carry bids.
      const otherSession = await sessionOf(listening.deps, watcher.id);
      const another = await openEventStream(url, cookie(otherSession.token));
      open.push(another);
      expect(another.status).toBe(200);
      await bid(base, ann.token, auctionId, { bidAmount: 101 });
      await open[MAX_STREAMS_PER_SESSION - 1]!.waitForMessages(1);
      await another.waitForMessages(1);

      // A client that leaves gives its place back.
      open[1]!.close();
      await expect
        .poll(async () => {
          const retry = await openEventStream(url, cookie(watcher.token));
          open.push(retry);
          return retry.status;
        })
        .toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
  });

  test('end when the session logs out, while another session’s stream goes on', async ({ listening }) => {
    const { baseUrl: base, deps } = listening;
    const { ann, watcher, auctionId } = await setup(listening);
    const url = `${base}/api/auction/${auctionId}/events`;
    const trpcUrl = `${base}/trpc/auction.onBid?input=${encodeURIComponent(JSON.stringify({ auctionId }))}`;
    const { token: otherToken } = await sessionOf(deps, watcher.id);
    const mine = await openEventStream(url, cookie(watcher.token));
    const mineTrpc = await openEventStream(trpcUrl, cookie(watcher.token));
    const other = await openEventStream(url, cookie(otherToken));
    try {
      expect([mine.status, mineTrpc.status, other.status]).toEqual([200, 200, 200]);
      const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: cookie(watcher.token) });
      expect(logout.status).toBe(200);
      await mine.waitForEnd(3_000);
      await mineTrpc.waitForEnd(3_000);
      expect(other.ended()).toBe(false);

      await bid(base, ann.token, auctionId, { bidAmount: 101 });
      await other.waitForMessages(1);
      expect(other.ended()).toBe(false);
      expect(mine.messages()).toEqual([]);

      const again = await openEventStream(url, cookie(watcher.token));
      again.close();
      expect(again.status).toBe(401);
    } finally {
      mine.close();
      mineTrpc.close();
      other.close();
    }
  });
});
