// tRPC over HTTP (src/server/trpc/http.ts): the short path for plain JSON calls must answer exactly
// as tRPC's resolveResponse does, and the requests it leaves to resolveResponse (live subscriptions,
// uploads, anything odd) must still work through the real socket.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, vi } from 'vitest';
import { TRPC_MAX_BATCH_SIZE } from '../../src/shared/constants';
import type { Settings } from '../../src/server/env';
import type { BidBus } from '../../src/server/live/bid-bus';
import type { BidEvent } from '../../src/server/wire';
import { SESSION_COOKIE } from '../../src/server/trpc/context';
import { plainCalls, procedureTypes } from '../../src/server/trpc/http';
import { appRouter } from '../../src/server/trpc/router';
import { signedInUser } from '../support/accounts';
import { auctionForm, insertAuction, uploads } from '../support/auctions';
import { listen, test, type Fixtures } from '../support/fixtures';
import { request, sessionCookieHeader } from '../support/http';

// Failed logins reach their limit within the steps below, so that a 429 is compared too.
test.override({ settings: { LOGIN_FAILURES_LIMIT: 2 } });

/** An app answering plain calls by the short path (unless told), and a seller's auction to bid on. */
async function start(
  makeApp: Fixtures['makeApp'],
  options: { shortPath?: boolean; wrapBus?: (bus: BidBus) => BidBus; settings?: Partial<Settings> } = {},
) {
  const { app, deps } = await makeApp(options.settings, { trpcShortPath: options.shortPath ?? true });
  if (options.wrapBus) deps.bus = options.wrapBus(deps.bus);
  const seller = await signedInUser(deps, 'Sam Seller');
  const auctionId = await insertAuction(deps, seller.id, { itemName: 'Oak chair', startingPrice: 10 });
  return { app, deps, auctionId };
}

/** `plain`: a call the short path answers; the others are left to resolveResponse. */
type Step = { name: string; plain: boolean; request: (state: { sid?: string; auctionId: string }) => InjectOptions };

const json = (url: string, body: unknown, sid?: string): InjectOptions => request('POST', url, { body, cookie: sid });
const get = (url: string, sid?: string, headers: Record<string, string> = {}): InjectOptions =>
  request('GET', url, { cookie: sid, headers });
const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const newcomer = { name: 'Nora Newcomer', email: 'nora@example.com', password: 'correct horse battery' };

// Plain calls of every kind (the short path's), then requests only resolveResponse answers: both
// apps must agree on each.
const STEPS: Step[] = [
  { name: 'a mutation: sign-up, which sets the session cookie', plain: true, request: () => json('/trpc/auth.signup', newcomer) },
  { name: 'a batch of one mutation that conflicts', plain: true, request: () => json('/trpc/auth.signup?batch=1', { 0: newcomer }) },
  {
    name: 'a mutation with invalid input',
    plain: true,
    request: () => json('/trpc/auth.signup', { name: '', email: 'not an email', password: 'x' }),
  },
  { name: 'a query without input', plain: true, request: ({ sid }) => get('/trpc/auth.session', sid) },
  { name: 'a query with input', plain: true, request: ({ sid }) => get(`/trpc/auction.list?input=${input({ limit: 5 })}`, sid) },
  {
    name: 'a batch of queries, found, missing and invalid (207)',
    plain: true,
    request: ({ sid, auctionId }) =>
      get(`/trpc/auction.byId,auction.byId,auction.byId?batch=1&input=${input({ 0: { id: auctionId }, 1: { id: '999999' }, 2: {} })}`, sid),
  },
  { name: 'a bid', plain: true, request: ({ sid, auctionId }) => json('/trpc/auction.placeBid', { auctionId, bidAmount: 11 }, sid) },
  {
    name: 'a bid under the range',
    plain: true,
    request: ({ sid, auctionId }) => json('/trpc/auction.placeBid', { auctionId, bidAmount: 5 }, sid),
  },
  { name: 'a bid signed out', plain: true, request: ({ auctionId }) => json('/trpc/auction.placeBid', { auctionId, bidAmount: 12 }) },
  {
    // The second is refused whichever runs first: resolveResponse runs a batch's calls at once, and
    // two bids on one auction would race for it on PostgreSQL.
    name: 'a batch of two bids, the second refused',
    plain: true,
    request: ({ sid, auctionId }) =>
      json(
        '/trpc/auction.placeBid,auction.placeBid?batch=1',
        { 0: { auctionId, bidAmount: 12 }, 1: { auctionId: '999999', bidAmount: 12 } },
        sid,
      ),
  },
  {
    // Twelve pages of 100 are 1,200 rows: the last two are past the request's budget of 1,000.
    name: 'a batch past what a request may read, its last calls refused (207)',
    plain: true,
    request: ({ sid }) =>
      get(
        `/trpc/${Array(12).fill('auction.list').join(',')}?batch=1&input=${input(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i, { limit: 100 }])))}`,
        sid,
      ),
  },
  {
    name: 'a batch of searches, each word charged',
    plain: true,
    request: ({ sid }) =>
      get(
        `/trpc/${Array(6).fill('auction.list').join(',')}?batch=1&input=${input(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [i, { q: 'oak chair', limit: 5 }])))}`,
        sid,
      ),
  },
  { name: 'a mutation with null input', plain: true, request: ({ sid }) => json('/trpc/auth.logout', 'null', sid) },
  { name: 'a wrong password', plain: true, request: () => json('/trpc/auth.login', { email: newcomer.email, password: 'wrong password' }) },
  {
    name: 'a second wrong password',
    plain: true,
    request: () => json('/trpc/auth.login', { email: newcomer.email, password: 'wrong password' }),
  },
  {
    name: 'then the limit, with Retry-After',
    plain: true,
    request: () => json('/trpc/auth.login', { email: newcomer.email, password: 'wrong password' }),
  },
  // Left to resolveResponse by the short path:
  { name: 'a query sent as POST', plain: false, request: ({ sid }) => json('/trpc/auction.list', {}, sid) },
  {
    name: 'a mutation sent as GET',
    plain: false,
    request: ({ sid }) => get(`/trpc/auction.placeBid?input=${input({ bidAmount: 1 })}`, sid),
  },
  {
    name: 'a query and a mutation in one batch',
    plain: false,
    request: ({ sid }) => get('/trpc/auction.list,auction.placeBid?batch=1', sid),
  },
  { name: 'an unknown procedure', plain: false, request: () => json('/trpc/auction.steal', {}) },
  { name: 'a name from Object.prototype', plain: false, request: () => json('/trpc/constructor', {}) },
  { name: 'JSON cut short', plain: false, request: ({ sid }) => json('/trpc/auction.placeBid', '{"auctionId":', sid) },
  { name: 'an empty JSON body', plain: false, request: ({ sid }) => json('/trpc/auction.placeBid', '', sid) },
  { name: 'a batch whose input is an array', plain: false, request: ({ sid }) => json('/trpc/auction.placeBid?batch=1', '[1]', sid) },
  { name: 'query input that is not JSON', plain: false, request: ({ sid }) => get('/trpc/auction.list?input=%7Bnope', sid) },
  {
    name: 'a query claiming a multipart body',
    plain: false,
    request: ({ sid }) => get('/trpc/auction.list', sid, { 'content-type': 'multipart/form-data; boundary=x' }),
  },
  {
    name: 'connection parameters that do not parse',
    plain: false,
    request: ({ sid }) => get('/trpc/auction.list?connectionParams=nope', sid),
  },
  {
    name: 'a batch asked for as JSON lines',
    plain: false,
    request: ({ sid }) => get('/trpc/auth.session,auction.list?batch=1', sid, { 'trpc-accept': 'application/jsonl' }),
  },
];

/** What a client can tell apart: status, the headers tRPC sets, and the body (session tokens are random). */
function observed(res: LightMyRequestResponse) {
  let body: unknown = res.body;
  try {
    body = JSON.parse(res.body, (key, value) => (key === 'token' ? '<token>' : value));
  } catch {
    // Not one JSON document (a stream of JSON lines, or nothing): compared as text.
  }
  return {
    status: res.statusCode,
    contentType: res.headers['content-type'],
    vary: res.headers.vary,
    retryAfter: res.headers['retry-after'],
    setsSession: res.cookies.some((c) => c.name === SESSION_COOKIE),
    body,
  };
}

describe('the short path for plain calls', () => {
  test('answers every request exactly as resolveResponse does: status, headers and body', async ({ makeApp }) => {
    const short = await start(makeApp, { shortPath: true });
    const reference = await start(makeApp, { shortPath: false });
    const states = [short, reference].map(({ auctionId }) => ({ auctionId, sid: undefined as string | undefined }));
    const statuses = new Set<number>();
    // resolveResponse reads a Fetch Request, the short path none: counting them shows which path answered.
    let requestsBuilt = 0;
    vi.stubGlobal(
      'Request',
      class extends Request {
        constructor(...args: ConstructorParameters<typeof Request>) {
          super(...args);
          requestsBuilt += 1;
        }
      },
    );
    try {
      for (const step of STEPS) {
        const answers = [];
        const built = [];
        for (const [i, { app }] of [short, reference].entries()) {
          requestsBuilt = 0;
          const res = await app.inject(step.request(states[i]!));
          built.push(requestsBuilt);
          const sid = res.cookies.find((c) => c.name === SESSION_COOKIE);
          if (sid?.value) states[i]!.sid = sid.value;
          answers.push(observed(res));
        }
        // Retry-After counts whole seconds to the end of a window that opened at each app's own first
        // failure: the two apps, asked one after the other, may straddle a second.
        const [shortAnswer, referenceAnswer] = answers.map(({ retryAfter, ...rest }) => ({
          ...rest,
          retryAfter: retryAfter !== undefined,
        }));
        expect(shortAnswer, step.name).toEqual(referenceAnswer);
        if (answers[0]!.retryAfter !== undefined) {
          expect(Math.abs(Number(answers[0]!.retryAfter) - Number(answers[1]!.retryAfter)), step.name).toBeLessThanOrEqual(1);
        }
        expect(built[0] === 0, `${step.name}: answered by the short path`).toBe(step.plain);
        expect(built[1], `${step.name}: the reference answered through resolveResponse`).toBeGreaterThan(0);
        statuses.add(answers[1]!.status);
      }
    } finally {
      vi.unstubAllGlobals();
    }
    // Every kind of answer was among them, so the comparison covered each.
    expect([...statuses]).toEqual(expect.arrayContaining([200, 207, 400, 401, 404, 405, 409, 429]));
  });

  test('a TRACE, which a Fetch Request cannot carry, is a JSON 404, not a 500', async ({ makeApp }) => {
    const { app } = await start(makeApp);
    const res = await app.inject({ method: 'TRACE', url: '/trpc/auth.session' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Not found: TRACE /trpc/auth.session' });
  });

  test('adds its Vary to the one CORS sets', async ({ makeApp }) => {
    const { app } = await start(makeApp, { settings: { CORS_ORIGINS: ['https://shop.example'] } });
    for (const url of ['/trpc/auth.session', '/trpc/auction.onBid']) {
      const res = await app.inject({ method: 'GET', url, headers: { origin: 'https://shop.example' } });
      expect(res.headers.vary, url).toMatch(/Origin/);
      expect(res.headers.vary, url).toMatch(/trpc-accept, accept/);
    }
  });

  test('takes plain queries and mutations, and leaves everything else to resolveResponse', () => {
    const typeOf = procedureTypes(appRouter);
    const takes = (method: string, url: string, body?: string, headers: Record<string, string> = {}) => {
      const path = url.slice('/trpc/'.length).split('?')[0]!;
      return plainCalls({ method, url, body, headers }, path, typeOf, TRPC_MAX_BATCH_SIZE);
    };

    expect(takes('POST', '/trpc/auction.placeBid', '{"auctionId":"1","bidAmount":11}')).toEqual({
      type: 'mutation',
      batch: false,
      calls: [{ path: 'auction.placeBid', input: { auctionId: '1', bidAmount: 11 } }],
    });
    expect(takes('GET', `/trpc/auction.byId,auction.list?batch=1&input=${input({ 0: { id: '7' } })}`)).toEqual({
      type: 'query',
      batch: true,
      calls: [
        { path: 'auction.byId', input: { id: '7' } },
        { path: 'auction.list', input: undefined },
      ],
    });
    expect(takes('GET', '/trpc/auction.onBid')).toBeUndefined(); // a subscription
    expect(takes('POST', '/trpc/auction.create', undefined, { 'content-type': 'multipart/form-data; boundary=x' })).toBeUndefined();
    expect(takes('POST', '/trpc/auction.list', '{}')).toBeUndefined();
    expect(takes('POST', '/trpc/auction.placeBid', '{"auctionId":')).toBeUndefined();
    expect(takes('POST', '/trpc/auction.placeBid?batch=1', '{}', { 'trpc-accept': 'application/jsonl' })).toBeUndefined();
    expect(takes('HEAD', '/trpc/auction.list')).toBeUndefined();
    expect(takes('POST', '/trpc/__proto__', '{}')).toBeUndefined();
  });
});

describe('requests left to resolveResponse, over a real socket', () => {
  /** `start`'s app on a socket, and the newcomer signed up through it: the Cookie header of their session. */
  async function listeningWithNewcomer(makeApp: Fixtures['makeApp'], options: Parameters<typeof start>[1] = {}) {
    const made = await start(makeApp, options);
    const { baseUrl: base } = await listen(made.app);
    const signedUp = await fetch(`${base}/trpc/auth.signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(newcomer),
    });
    const { result } = (await signedUp.json()) as { result: { data: { token: string } } };
    return { ...made, base, cookie: sessionCookieHeader(result.data.token) };
  }

  test('a live subscription streams each bid as it happens, and ends when the subscriber leaves', async ({ makeApp }) => {
    let open = 0;
    const counting = (bus: BidBus): BidBus => ({
      ...bus,
      async *subscribe(auctionId, signal) {
        open += 1;
        try {
          yield* bus.subscribe(auctionId, signal);
        } finally {
          open -= 1;
        }
      },
    });
    const { base, cookie, auctionId } = await listeningWithNewcomer(makeApp, { wrapBus: counting });
    const leave = new AbortController();
    const res = await fetch(`${base}/trpc/auction.onBid?input=${input({ auctionId })}`, {
      headers: { cookie, accept: 'text/event-stream' },
      signal: leave.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    await expect.poll(() => open).toBe(1);

    const placed = await fetch(`${base}/trpc/auction.placeBid`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ auctionId, bidAmount: 11 }),
    });
    expect(placed.status).toBe(200);
    let text = '';
    while (!text.includes('"currentPrice":11')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const event = JSON.parse(/data: (\{.*"currentPrice":11.*\})/.exec(text)![1]!) as BidEvent;
    expect(event).toMatchObject({ auctionId, currentPrice: 11, bidsCount: 1, bid: { bidAmount: 11, bidder: { name: newcomer.name } } });

    leave.abort();
    await expect.poll(() => open).toBe(0);
  });

  test('a batch asked for as JSON lines streams, as the stock adapter did', async ({ makeApp }) => {
    const { base, cookie } = await listeningWithNewcomer(makeApp);
    const res = await fetch(`${base}/trpc/auth.session,auction.categories?batch=1`, {
      headers: { cookie, 'trpc-accept': 'application/jsonl' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBeNull();
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines.length).toBeGreaterThan(1);
    expect(JSON.stringify(lines)).toContain(newcomer.name);
  });

  test('a photo upload through tRPC is stored; a text field past the limit is 413 and leaves nothing behind', async ({ makeApp }) => {
    const { base, cookie, deps } = await listeningWithNewcomer(makeApp);
    const post = async (form: FormData) => fetch(`${base}/trpc/auction.create`, { method: 'POST', headers: { cookie }, body: form });

    const ok = await post(await auctionForm(deps.now()));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { data: { newAuction: { itemName: string } } } }).result.data.newAuction.itemName).toBe(
      'Brass desk lamp',
    );
    const kept = uploads(deps);
    expect(kept.length).toBeGreaterThan(0);

    // 7 MiB of form field beside a small photo: past the 64 kB a text field may take, so the form is
    // refused before any field is checked, and the field is never held whole. The rest is thrown
    // away, and the connection stays open for the next request (photo-limits.test.ts).
    const refused = await post(await auctionForm(deps.now(), { itemDescription: 'x'.repeat(7 * 1024 * 1024) }));
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).not.toBe('close');
    expect(((await refused.json()) as { error: { data: { code: string } } }).error.data.code).toBe('PAYLOAD_TOO_LARGE');
    expect(uploads(deps)).toEqual(kept);
  });
});
