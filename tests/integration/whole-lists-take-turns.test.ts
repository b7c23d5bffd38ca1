// Whole lists under load, over real sockets on 127.0.0.1 (src/server/rest/whole-lists.ts): however
// many clients ask for every auction, and whether or not they read, only a few lists are produced at
// once, each only as fast as its client takes it; the others wait their turn in a short line or are
// told to come back (503, Retry-After), /healthz keeps answering, and a client that reads still gets
// the whole list, right. Once, 500 clients asking at once held /healthz for 30 to 52 seconds and took
// 1.6 GB; this is that attack, scaled down.
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect } from 'vitest';
import type { AuctionFilter } from '../../src/server/db/records';
import { WHOLE_LIST_PAGE } from '../../src/server/services/auctions';
import type { Auction } from '../../src/server/wire';
import { DAY_MS } from '../../src/shared/constants';
import { signedInUser } from '../support/accounts';
import { listen, test, type TestDeps } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';
import { longestStall } from '../support/stall';

/**
 * Auctions whose descriptions do not compress (random letters and digits): a whole list of them is
 * some 13 MB as it is and 10 MB compressed, more than the sockets' buffers on both ends can hold, so
 * a client that does not read holds its list up.
 */
async function wordyAuctions(deps: TestDeps, sellerId: number, count: number): Promise<string[]> {
  const now = deps.now();
  const ROWS = 100;
  for (let first = 0; first < count; first += ROWS) {
    const rows = Math.min(ROWS, count - first);
    const values: Array<string | number | Date> = [];
    const tuples: string[] = [];
    for (let i = 0; i < rows; i++) {
      const at = values.length;
      tuples.push(`($${at + 1}, $${at + 2}, $${at + 3}, 'Other', 10, 10, $${at + 4}, $${at + 5}, $${at + 4})`);
      values.push(sellerId, `Lot ${first + i}`, randomBytes(1500).toString('base64'), new Date(now), new Date(now + 7 * DAY_MS));
    }
    await deps.sql(
      `insert into auctions (seller_id, item_name, item_description, item_category, starting_price, current_price, starts_at, ends_at, created_at)
       values ${tuples.join(', ')}`,
      values,
    );
  }
  return (await deps.sql<{ id: number }>('select id from auctions order by id desc')).map((row) => String(row.id));
}

/** How many pages of auctions each whole list has read so far: a whole list reads its pages with one filter. */
function countPages(deps: TestDeps) {
  const pages = new Map<AuctionFilter, number>();
  const page = deps.store.auctions.page.bind(deps.store.auctions);
  deps.store.auctions.page = (filter, options) => {
    if (options.limit === WHOLE_LIST_PAGE) pages.set(filter, (pages.get(filter) ?? 0) + 1);
    return page(filter, options);
  };
  return pages;
}

/**
 * A client that asks for a whole list and reads only the first bytes of the answer (its status line,
 * or the whole of a short refusal), then nothing more.
 */
function nonReader(port: number, path: string, token: string, acceptEncoding?: string) {
  const socket = connect(port, '127.0.0.1');
  const seen: { head?: string; status?: number } = {};
  socket.on('error', () => {});
  socket.once('data', (chunk) => {
    socket.pause();
    seen.head = chunk.toString('latin1');
    seen.status = Number(seen.head.slice(9, 12));
  });
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${sessionCookieHeader(token)}\r\n` +
      (acceptEncoding ? `Accept-Encoding: ${acceptEncoding}\r\n` : '') +
      '\r\n',
  );
  return { seen, leave: () => socket.destroy() };
}

const statusesOf = (clients: Array<ReturnType<typeof nonReader>>) => clients.map((c) => c.seen.status ?? 'waiting');
const count = (statuses: Array<number | string>, status: number | string) => statuses.filter((s) => s === status).length;

/** Waits until a test's condition holds (polling every 20 ms), up to `ms`. */
async function until(condition: () => boolean, ms = 10_000) {
  await expect.poll(condition, { timeout: ms, interval: 20 }).toBe(true);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Until no whole list has read a page for `quietMs`: every one is held up by its client, or done. */
async function pagesSettle(pages: Map<AuctionFilter, number>, quietMs = 500) {
  let last = '';
  let since = Date.now();
  await until(() => {
    const now = JSON.stringify([...pages.values()]);
    if (now !== last) [last, since] = [now, Date.now()];
    return Date.now() - since >= quietMs;
  }, 20_000);
}

const WORDY = 6000;
const PAGES = Math.ceil(WORDY / WHOLE_LIST_PAGE);

describe('whole lists take turns', () => {
  test('two produced at once, two waiting, the rest refused with Retry-After; each held to what its client reads; /healthz answers', async ({
    makeApp,
  }) => {
    const { app, deps } = await makeApp(
      {},
      { closeAuctions: false, wholeLists: { producing: 2, waiting: 2, waitMs: 30_000, stallMs: 60_000 } },
    );
    const { port, baseUrl } = await listen(app);
    const reader = await signedInUser(deps, 'Rhea Reader');
    const ids = await wordyAuctions(deps, reader.id, WORDY);
    const pages = countPages(deps);

    // Eight clients that never read, half of them asking for a compressed answer.
    const clients = Array.from({ length: 8 }, (_, i) => nonReader(port, '/api/auction', reader.token, i % 2 ? 'br, gzip' : undefined));
    await until(() => count(statusesOf(clients), 503) === 4 && count(statusesOf(clients), 200) === 2);
    await pagesSettle(pages);
    const statuses = statusesOf(clients);
    expect(count(statuses, 200)).toBe(2);
    expect(count(statuses, 'waiting')).toBe(2);
    for (const refused of clients.filter((c) => c.seen.status === 503)) {
      expect(refused.seen.head).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(JSON.parse(refused.seen.head!.slice(refused.seen.head!.indexOf('\r\n\r\n') + 4))).toEqual({
        error:
          'Too many people are reading the whole list at this moment. Please try again in a few seconds, or ask for a page at a time with limit.',
        message:
          'Too many people are reading the whole list at this moment. Please try again in a few seconds, or ask for a page at a time with limit.',
      });
    }
    // Only two lists were started, and each stopped where its client stopped taking it.
    expect(pages.size).toBe(2);
    for (const read of pages.values()) expect(read).toBeLessThan(PAGES);

    // Everyone else is served meanwhile: /healthz answers, and the event loop is free.
    const started = Date.now();
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2_000);
    const { stallMs } = await longestStall(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(stallMs).toBeLessThan(100);

    // The two producing leave: the two waiting take their turns, and are held up in turn.
    for (const c of clients.filter((c) => c.seen.status === 200)) c.leave();
    await until(() => count(statusesOf(clients), 200) === 4);
    await pagesSettle(pages);
    expect(pages.size).toBe(4);
    for (const read of pages.values()) expect(read).toBeLessThan(PAGES);

    // Once they leave too, a client that reads gets every auction, in order, compressed or not.
    for (const c of clients) c.leave();
    for (const encoding of ['identity', 'br', 'gzip']) {
      const res = await fetch(`${baseUrl}/api/auction`, {
        headers: { cookie: sessionCookieHeader(reader.token), 'accept-encoding': encoding },
      });
      expect(res.status, encoding).toBe(200);
      expect(res.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(((await res.json()) as Auction[]).map((a) => a._id)).toEqual(ids);
    }
  }, 60_000);

  test('a client that takes nothing for a while loses its turn; the reader waiting behind it gets the whole list', async ({ makeApp }) => {
    const { app, deps } = await makeApp(
      {},
      { closeAuctions: false, wholeLists: { producing: 1, waiting: 1, waitMs: 30_000, stallMs: 2_000 } },
    );
    const { port, baseUrl } = await listen(app);
    const reader = await signedInUser(deps, 'Rhea Reader');
    const ids = await wordyAuctions(deps, reader.id, WORDY);

    const stuck = nonReader(port, '/api/auction', reader.token);
    await until(() => stuck.seen.status === 200);
    const started = Date.now();
    const waiting = fetch(`${baseUrl}/api/auction`, { headers: { cookie: sessionCookieHeader(reader.token) } });
    // The line (one place) is taken now: one more is refused.
    await sleep(300);
    const third = nonReader(port, '/api/auction', reader.token);
    await until(() => third.seen.status !== undefined);
    expect(third.seen.status).toBe(503);

    const res = await waiting;
    expect(res.status).toBe(200);
    expect(((await res.json()) as Auction[]).map((a) => a._id)).toEqual(ids);
    // It waited for the stuck client to be cut off, not for ever.
    expect(Date.now() - started).toBeLessThan(15_000);
    stuck.leave();
    third.leave();
  }, 60_000);

  test('every whole list takes its turn from the same few', async ({ makeApp }) => {
    const { app, deps } = await makeApp(
      {},
      { closeAuctions: false, wholeLists: { producing: 1, waiting: 0, waitMs: 30_000, stallMs: 60_000 } },
    );
    const { port, baseUrl } = await listen(app);
    const seller = await signedInUser(deps, 'Sam Seller');
    await wordyAuctions(deps, seller.id, WORDY);
    const paths = ['/api/auction', '/api/auction/myauction', '/api/api/auction/show', '/api/api/user/profile'];
    /** A client that holds the one turn with a list it does not read (once the last holder's turn is given back). */
    const holdTurn = async (path: string) => {
      for (;;) {
        const holder = nonReader(port, path, seller.token);
        await until(() => holder.seen.status !== undefined);
        if (holder.seen.status === 200) return holder;
        holder.leave();
        await sleep(50);
      }
    };
    for (const path of paths) {
      const holder = await holdTurn(path);
      for (const other of paths) {
        const res = await fetch(`${baseUrl}${other}`, { headers: { cookie: sessionCookieHeader(seller.token) } });
        expect(res.status, `${other} while ${path} is produced`).toBe(503);
        expect(res.headers.get('retry-after')).toBe('5');
      }
      // A page is no whole list: it is answered meanwhile.
      const page = await fetch(`${baseUrl}/api/auction?limit=5`, { headers: { cookie: sessionCookieHeader(seller.token) } });
      expect(page.status).toBe(200);
      holder.leave();
    }
  }, 60_000);
});
