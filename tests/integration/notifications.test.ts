// A user's notices through both doors: pages newest first with a cursor, the unread count, marking
// some or all read (another user's notices untouched, and the answer the same as for unknown ids),
// sign-in and validation; then the live stream (user.onNotifications), which sends the new count when
// the user is outbid, by a placed or an automatic bid, when they win at the close, and when another
// tab marks notices read.
import { describe, expect } from 'vitest';
import { noticeSummary, type NoticeSummary } from '../../src/server/services/notifications';
import { MAX_STREAMS_PER_SESSION } from '../../src/server/live/streams';
import { closeDueAuctions } from '../../src/server/services/closing';
import { DAY_MS } from '../../src/shared/constants';
import { anonymousCaller, callerFor, failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';
import { openEventStream, type SseStream } from '../support/sse';

type Person = Awaited<ReturnType<typeof signedInUser>>;

interface NotificationBody {
  notifications: Array<{ _id: string; kind: string; message: string; auctionId: string; createdAt: string; read: boolean }>;
  unread: number;
  nextCursor: string | null;
}

/** Ann and Ben take the lead from each other `rounds` times: Ann is told she was outbid each time. */
async function biddingWar(deps: TestDeps, rounds: number) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const ann = await signedInUser(deps, 'Ann Bidder');
  const ben = await signedInUser(deps, 'Ben Bidder');
  const auctionId = await insertAuction(deps, seller.id, { itemName: 'Brass telescope', startingPrice: 100 });
  let price = 100;
  for (let i = 0; i < rounds; i++) {
    await ann.caller.auction.placeBid({ auctionId, bidAmount: ++price });
    deps.clock.advance(1000);
    await ben.caller.auction.placeBid({ auctionId, bidAmount: ++price });
    deps.clock.advance(1000);
  }
  return { seller, ann, ben, auctionId };
}

/** The live stream of a person's notices, read one summary at a time; `stop` ends it. */
async function watchNotices(deps: TestDeps, person: Person) {
  const stop = new AbortController();
  const caller = await callerFor(deps, person.token, { signal: stop.signal });
  const iterator = (await caller.user.onNotifications())[Symbol.asyncIterator]();
  return {
    async next(): Promise<NoticeSummary | null> {
      const result = await iterator.next();
      return result.done ? null : (result.value as NoticeSummary);
    },
    stop: () => stop.abort(),
  };
}

/** Settles within a moment, or says that nothing came. */
async function soon<T>(promise: Promise<T>, ms = 1000): Promise<T | 'nothing'> {
  return Promise.race([promise, new Promise<'nothing'>((resolve) => setTimeout(() => resolve('nothing'), ms))]);
}

describe('GET /api/user/notifications', () => {
  test('pages newest first with a cursor until null, with the unread count on each page', async ({ app, deps }) => {
    const { ann, auctionId } = await biddingWar(deps, 25);

    const first = await get(app, '/api/user/notifications', { token: ann.token });
    expect(first.statusCode).toBe(200);
    const body = first.json() as NotificationBody;
    expect(body.notifications).toHaveLength(20);
    expect(body.unread).toBe(25);
    expect(body.notifications[0]).toEqual({
      _id: expect.any(String),
      kind: 'outbid',
      message: 'You were outbid on “Brass telescope”: the price is now $150.',
      auctionId,
      orderId: null,
      withUserId: null,
      createdAt: new Date(deps.now() - 1000).toISOString(),
      read: false,
    });

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(app, `/api/user/notifications?limit=7${cursor ? `&cursor=${cursor}` : ''}`, { cookie: ann.token });
      expect(res.statusCode).toBe(200);
      const page = res.json() as NotificationBody;
      expect(page.unread).toBe(25);
      seen.push(...page.notifications.map((n) => n.message));
      cursor = page.nextCursor;
    } while (cursor !== null);
    // Every price Ben took the lead at, highest (newest) first, none twice and none skipped.
    expect(seen).toEqual(Array.from({ length: 25 }, (_, i) => `You were outbid on “Brass telescope”: the price is now $${150 - 2 * i}.`));
  });

  test('the same page through tRPC', async ({ deps }) => {
    const { ann } = await biddingWar(deps, 3);
    const page = await ann.caller.user.notifications({ limit: 2 });
    expect(page.notifications.map((n) => n.message)).toEqual([
      'You were outbid on “Brass telescope”: the price is now $106.',
      'You were outbid on “Brass telescope”: the price is now $104.',
    ]);
    expect(page.unread).toBe(3);
    const last = await ann.caller.user.notifications({ limit: 2, cursor: page.nextCursor });
    expect(last.notifications.map((n) => n.message)).toEqual(['You were outbid on “Brass telescope”: the price is now $102.']);
    expect(last.nextCursor).toBeNull();
    expect(last.unread).toBe(3);
    // A cursor past the oldest notice: no notice on the page, and still the count of them all.
    expect(await ann.caller.user.notifications({ limit: 2, cursor: last.notifications[0]!._id })).toEqual({
      notifications: [],
      unread: 3,
      nextCursor: null,
    });
  });

  test('a user with no notices reads an empty last page', async ({ app, deps }) => {
    const loner = await signedInUser(deps, 'Lone User');
    const res = await get(app, '/api/user/notifications', { token: loner.token });
    expect(res.json()).toEqual({ notifications: [], unread: 0, nextCursor: null });
  });

  test('a bad limit or cursor is 400 naming the field', async ({ app, deps }) => {
    const ann = await signedInUser(deps, 'Ann Bidder');
    for (const [query, path] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=2.5', 'limit'],
      ['cursor=abc', 'cursor'],
    ]) {
      const res = await get(app, `/api/user/notifications?${query}`, { token: ann.token });
      expect(res.statusCode, query).toBe(400);
      expect(expectErrorBody(res).issues?.[0]?.path, query).toBe(path);
    }
    expect((await get(app, '/api/user/notifications?limit=100', { token: ann.token })).statusCode).toBe(200);
  });

  test('needs a session: 401 for both routes, and through tRPC', async ({ app, deps }) => {
    expect((await get(app, '/api/user/notifications')).statusCode).toBe(401);
    const res = await post(app, '/api/user/notifications/read', {});
    expect(res.statusCode).toBe(401);
    expect(expectErrorBody(res).error).toBe('Please log in to continue.');
    expect((await failure(anonymousCaller(deps).user.notifications({ limit: 5 }))).code).toBe('UNAUTHORIZED');
  });
});

describe('POST /api/user/notifications/read', () => {
  test('marks the named notices read, then all of them, answering the unread count', async ({ app, deps }) => {
    const { ann } = await biddingWar(deps, 5);
    const { notifications } = (await get(app, '/api/user/notifications', { token: ann.token })).json() as NotificationBody;
    const [newest, second] = notifications;

    const some = await post(app, '/api/user/notifications/read', { ids: [newest!._id, second!._id] }, { token: ann.token });
    expect(some.statusCode).toBe(200);
    expect(some.json()).toEqual({ unread: 3 });
    const after = (await get(app, '/api/user/notifications', { token: ann.token })).json() as NotificationBody;
    expect(after.notifications.map((n) => n.read)).toEqual([true, true, false, false, false]);
    expect(after.unread).toBe(3);

    // Marking them again changes nothing.
    expect((await post(app, '/api/user/notifications/read', { ids: [newest!._id] }, { token: ann.token })).json()).toEqual({ unread: 3 });
    const all = await post(app, '/api/user/notifications/read', {}, { token: ann.token });
    expect(all.json()).toEqual({ unread: 0 });
    const read = (await get(app, '/api/user/notifications', { token: ann.token })).json() as NotificationBody;
    expect(read.notifications.every((n) => n.read)).toBe(true);
  });

  test("another user's ids stay unread, and the answer is the same as for ids that do not exist", async ({ app, deps }) => {
    const { ann, ben, auctionId } = await biddingWar(deps, 2);
    // Ann takes the lead back: Ben was outbid twice too.
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    const bens = (await get(app, '/api/user/notifications', { token: ben.token })).json() as NotificationBody;
    expect(bens.unread).toBe(2);

    const theirs = await post(app, '/api/user/notifications/read', { ids: [bens.notifications[0]!._id] }, { token: ann.token });
    const unknown = await post(app, '/api/user/notifications/read', { ids: ['999999'] }, { token: ann.token });
    expect([theirs.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(theirs.json()).toEqual({ unread: 2 });
    expect(theirs.body).toBe(unknown.body);
    const still = (await get(app, '/api/user/notifications', { token: ben.token })).json() as NotificationBody;
    expect(still).toMatchObject({ unread: 2, notifications: [{ read: false }, { read: false }] });

    // "All" is all of the caller's own, never anyone else's.
    await post(app, '/api/user/notifications/read', {}, { token: ann.token });
    expect(((await get(app, '/api/user/notifications', { token: ben.token })).json() as NotificationBody).unread).toBe(2);
  });

  test('through tRPC: the same answer', async ({ deps }) => {
    const { ann } = await biddingWar(deps, 3);
    const { notifications } = await ann.caller.user.notifications({ limit: 20 });
    expect(await ann.caller.user.markNotificationsRead({ ids: [notifications[2]!._id] })).toEqual({ unread: 2 });
    expect(await ann.caller.user.markNotificationsRead({})).toEqual({ unread: 0 });
  });

  test('ids that are not a list of ids are 400; a body that is not JSON is 415', async ({ app, deps }) => {
    const ann = await signedInUser(deps, 'Ann Bidder');
    for (const ids of ['7', [7], ['abc'], [''], Array.from({ length: 101 }, (_, i) => String(i + 1))]) {
      const res = await post(app, '/api/user/notifications/read', { ids }, { token: ann.token });
      expect(res.statusCode, JSON.stringify(ids)).toBe(400);
      expect(expectErrorBody(res).issues?.[0]?.path).toMatch(/^ids/);
    }
    const form = await app.inject({
      method: 'POST',
      url: '/api/user/notifications/read',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'ids=1',
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('user.onNotifications', () => {
  test('sends the count when it opens, then a new count when the user is outbid by a placed bid', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const ann = await signedInUser(deps, 'Ann Bidder');
    const ben = await signedInUser(deps, 'Ben Bidder');
    const auctionId = await insertAuction(deps, seller.id, { itemName: 'Oak desk', startingPrice: 100 });
    const live = await watchNotices(deps, ann);
    expect(await live.next()).toEqual({ unread: 0, newest: null });

    const next = live.next();
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    // Ann's own bid tells her nothing.
    expect(await soon(next, 200)).toBe('nothing');
    await ben.caller.auction.placeBid({ auctionId, bidAmount: 110 });
    expect(await next).toMatchObject({
      unread: 1,
      newest: { kind: 'outbid', auctionId, message: 'You were outbid on “Oak desk”: the price is now $110.', read: false },
    });
    live.stop();
    expect(await live.next()).toBeNull();
  });

  test('a new count when an automatic bid takes the lead from the user', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const ann = await signedInUser(deps, 'Ann Bidder');
    const ben = await signedInUser(deps, 'Ben Bidder');
    const auctionId = await insertAuction(deps, seller.id, { itemName: 'Oak desk', startingPrice: 100 });
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 101, maxBid: 150 });
    const live = await watchNotices(deps, ann);
    expect(await live.next()).toEqual({ unread: 0, newest: null });

    // Ben's maximum outbids Ann's: the lead passes by the automatic bid at $151.
    const answer = await ben.caller.auction.placeBid({ auctionId, bidAmount: 110, maxBid: 200 });
    expect(answer.auction.bids.map((b) => [b.bidAmount, b.auto])).toEqual([
      [151, true],
      [110, false],
    ]);
    expect(await live.next()).toMatchObject({ unread: 1, newest: { kind: 'outbid', message: expect.stringContaining('$151') } });
    live.stop();
  });

  test('a new count for the winner and the seller at the close', async ({ deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const ann = await signedInUser(deps, 'Ann Bidder');
    const endsAt = deps.now() + DAY_MS;
    const auctionId = await insertAuction(deps, seller.id, { itemName: 'Oak desk', startingPrice: 100, endsAt });
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    const annLive = await watchNotices(deps, ann);
    const sellerLive = await watchNotices(deps, seller);
    expect(await annLive.next()).toEqual({ unread: 0, newest: null });
    expect(await sellerLive.next()).toEqual({ unread: 0, newest: null });

    deps.clock.set(endsAt);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await annLive.next()).toMatchObject({ unread: 1, newest: { kind: 'won', auctionId, message: 'You won “Oak desk” for $105.' } });
    expect(await sellerLive.next()).toMatchObject({ unread: 1, newest: { kind: 'sold', auctionId } });
    annLive.stop();
    sellerLive.stop();
  });

  test('marking read in one tab sends the new count to the other; marking nothing new sends nothing', async ({ deps }) => {
    const { ann } = await biddingWar(deps, 2);
    const otherTab = await watchNotices(deps, ann);
    expect(await otherTab.next()).toMatchObject({ unread: 2 });

    const next = otherTab.next();
    await ann.caller.user.markNotificationsRead({});
    expect(await next).toMatchObject({ unread: 0, newest: { read: true } });

    const quiet = otherTab.next();
    await ann.caller.user.markNotificationsRead({});
    expect(await soon(quiet, 200)).toBe('nothing');
    otherTab.stop();
  });

  test('only the user whose notices changed is woken', async ({ deps }) => {
    const { ben, ann, auctionId } = await biddingWar(deps, 1);
    const bens = await watchNotices(deps, ben);
    expect(await bens.next()).toEqual({ unread: 0, newest: null });
    const next = bens.next();
    // Ben leads; Ann's bid outbids him, and Ann's later mark-as-read is hers alone.
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 110 });
    expect(await next).toMatchObject({ unread: 1 });
    const quiet = bens.next();
    await ann.caller.user.markNotificationsRead({});
    expect(await soon(quiet, 200)).toBe('nothing');
    bens.stop();
  });

  test('the count and the newest notice it sends are of one moment, while notices are being written', async ({ deps }) => {
    const { ann, ben, auctionId } = await biddingWar(deps, 1);
    // Ann's k-th notice says the price is now $(100 + 2k): the newest notice names the count it comes with.
    const summaries: NoticeSummary[] = [];
    let bidding = true;
    // Each read gives the event loop a turn, as a request over the network does (the bids commit at the end of a turn).
    const reading = (async () => {
      while (bidding) {
        summaries.push(await noticeSummary(deps, ann.id));
        await new Promise(setImmediate);
      }
    })();
    for (let price = 103; price < 103 + 2 * 60; price += 2) {
      await ann.caller.auction.placeBid({ auctionId, bidAmount: price });
      await ben.caller.auction.placeBid({ auctionId, bidAmount: price + 1 });
    }
    bidding = false;
    await reading;
    expect(summaries.length).toBeGreaterThan(10);
    for (const { unread, newest } of summaries) {
      expect(newest?.message).toBe(`You were outbid on “Brass telescope”: the price is now $${100 + 2 * unread}.`);
    }
  });
});

describe('user.onNotifications over HTTP', () => {
  const cookie = (token: string) => ({ cookie: sessionCookieHeader(token) });

  test('streams the new count to the outbid user, takes a place among the session’s streams, and ends at logout', async ({ listening }) => {
    const { baseUrl: base, deps } = listening;
    const seller = await signedInUser(deps, 'Sally Seller');
    const ann = await signedInUser(deps, 'Ann Bidder');
    const ben = await signedInUser(deps, 'Ben Bidder');
    const auctionId = await insertAuction(deps, seller.id, { itemName: 'Oak desk', startingPrice: 100 });
    await ann.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    const url = `${base}/trpc/user.onNotifications`;
    const open: SseStream[] = [];
    try {
      const live = await openEventStream(url, cookie(ann.token));
      open.push(live);
      expect(live.status).toBe(200);
      expect((await live.waitForMessages(1))[0]!.data).toEqual({ unread: 0, newest: null });

      const res = await fetch(`${base}/api/auction/${auctionId}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ben.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ bidAmount: 110 }),
      });
      expect(res.status).toBe(201);
      expect((await live.waitForMessages(2))[1]!.data).toMatchObject({ unread: 1, newest: { kind: 'outbid', auctionId } });

      // The bell's stream counts among the session's live streams like any other.
      for (let i = 1; i < MAX_STREAMS_PER_SESSION; i++) open.push(await openEventStream(url, cookie(ann.token)));
      const refused = await openEventStream(url, cookie(ann.token));
      open.push(refused);
      expect(refused.status).toBe(429);

      // Signing out ends it at once.
      const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: cookie(ann.token) });
      expect(logout.status).toBe(200);
      await live.waitForEnd();
    } finally {
      for (const stream of open) stream.close();
    }
  });
});
