// Three instances of the built server on one PostgreSQL database and one upload folder, as a site that
// outgrew one machine runs them, and deploy/nginx.conf in front of them: every rule a user relies on
// holds whichever instance each request reaches, and one instance dying under load loses no bid.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_TICK_MS } from '../../src/server/services/closing';
import { SESSION_COOKIE } from '../../src/server/trpc/context';
import { BidLoad, newLoadRecord, type AckedBid, type Fixture, type LoadRecord } from '../../tools/crash';
import { freePort } from '../../tools/ports';
import { root, startServer, type ServerProcess } from '../../tools/server-process';
import { PASSWORD, testApi, type AuctionAnswer } from '../e2e/api';
import { uniqueEmail } from '../support/emails';
import { NGINX_PATH, nginxInstalled, startNginx } from '../../tools/nginx';
import { postgres, type TestPostgres } from '../support/postgres';
import { openEventStream } from '../support/sse';

const pg = await postgres();
const isCI = process.env.CI === 'true';
const withNginx = nginxInstalled();
if (pg && !withNginx && !isCI) {
  console.warn(
    `Cluster tests through nginx skipped: ${NGINX_PATH} not found. Install it with: apt-get install -y nginx (or set NGINX_PATH)`,
  );
}
/** The tests through nginx: skipped without it, except in CI, where the missing nginx fails the run. */
const describeNginx = withNginx || isCI ? describe : describe.skip;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** The auction as every instance answers it, with its bids (newest first, up to 200). */
type AuctionWithBids = AuctionAnswer & {
  winner: { _id: string } | null;
  itemPhoto: string;
  itemPhotoCard: string;
  bids: Array<{ _id: string; bidAmount: number; bidder: { _id: string } }>;
};

/** A bid event of an auction's stream. */
type BidEventData = { bidsCount: number; bid: { bidAmount: number } };

describe.skipIf(!pg)('three instances on one PostgreSQL database', () => {
  const instances: ServerProcess[] = [];
  let shared: string;
  let database: Awaited<ReturnType<TestPostgres['freshDatabase']>> | undefined;
  let startInstance: (port: number) => Promise<ServerProcess>;
  /** nginx's port, chosen before the instances start so that their PUBLIC_URL names it. */
  let nginxPort: number;
  const apiOf = (n: number) => testApi(() => instances[n]!.baseUrl);

  beforeAll(async () => {
    if (!existsSync(join(root, 'dist/server/main.js'))) {
      throw new Error('The built server is missing: run `npm run build` before the cluster tests (npm test does).');
    }
    database = await pg!.freshDatabase();
    shared = mkdtempSync(join(tmpdir(), 'open-auction-cluster-'));
    const uploadDir = join(shared, 'uploads');
    mkdirSync(uploadDir);
    nginxPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      UPLOAD_DIR: uploadDir,
      TRUST_PROXY: '1',
      // The address users reach the site at: photo URLs name it, whichever instance made them.
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      // An auction ends when it says: a late bid does not move its end (the close test bids late).
      SOFT_CLOSE_SECONDS: '0',
    };
    // One workspace per port, all on the shared folder; DATABASE_URL wins over its SQLite path.
    startInstance = (port) =>
      startServer(
        { dir: shared, databasePath: join(shared, 'unused.db'), uploadDir, port, baseUrl: `http://127.0.0.1:${port}`, remove: () => {} },
        { env },
      );
    // The first applies the migrations; the others find them applied.
    instances.push(await startInstance(await freePort()));
    instances.push(...(await Promise.all([freePort(), freePort()].map(async (port) => startInstance(await port)))));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database?.drop();
    if (shared) rmSync(shared, { recursive: true, force: true });
  });

  it('a session made on one instance works on another, and a logout on a third ends it on all of them', async () => {
    await expectSessionsShared(instances.map((instance) => instance.baseUrl));
  });

  it('bids from many users spread over the instances: none lost or counted twice', async () => {
    const fixture = await prepareAuctions(instances.map((instance) => instance.baseUrl));
    const record = newLoadRecord();
    // Each instance gets bidders of its own, all on the same auctions at once.
    const loads = instances.map((instance) =>
      new BidLoad(instance.baseUrl, fixture, record, { bidders: 3, deadline: Date.now() + 15_000, tolerateErrors: false }).start(),
    );
    await waitForAcks(record, 60);
    await Promise.all(loads.map((load) => load.stop()));
    expect(record.violations).toEqual([]);
    // And some were refused as outbid: the instances raced each other for the same prices.
    expect((record.statuses.get(400) ?? 0) + (record.statuses.get(409) ?? 0)).toBeGreaterThan(0);
    await expectExactlyTheAckedBids(instances[2]!.baseUrl, fixture, record.acked);
  });

  it('a live subscriber on one instance gets the bids placed on another within a second, and resumes on a third with its last event id', async () => {
    const [seller, bidder, watcher] = await Promise.all([
      apiOf(0).user('Sam Seller'),
      apiOf(1).user('Bea Bidder'),
      apiOf(2).user('Wes Watcher'),
    ]);
    const auction = await apiOf(0).createAuction(seller.token, { name: 'Mantel clock', category: 'Home & Garden', price: 100 });
    const auth = { authorization: `Bearer ${watcher.token}` };
    const eventsAt = (n: number) => `${instances[n]!.baseUrl}/api/auction/${auction.id}/events`;
    const amounts = (events: Array<{ data: unknown }>) => events.map((e) => (e.data as BidEventData).bid.bidAmount);

    const first = await openEventStream(eventsAt(0), auth);
    expect(first.status).toBe(200);
    for (const amount of [101, 102, 103]) {
      await apiOf(1).bid(bidder.token, auction.id, amount);
      // Within a second of the bid's answer, on an instance that did not take it.
      await first.waitForMessages(amount - 100, 1_000);
    }
    expect(amounts(first.messages())).toEqual([101, 102, 103]);
    const lastEventId = first.messages().at(-1)!.id!;
    first.close();

    // Placed while the watcher is away, who then comes back through the instance not used so far.
    await apiOf(1).bid(bidder.token, auction.id, 104);
    await apiOf(0).bid(bidder.token, auction.id, 105);
    const resumed = await openEventStream(eventsAt(2), { ...auth, 'last-event-id': lastEventId });
    await resumed.waitForMessages(2, 1_000);
    await apiOf(0).bid(bidder.token, auction.id, 106);
    await resumed.waitForMessages(3, 1_000);
    expect(amounts(resumed.messages())).toEqual([104, 105, 106]);
    expect(resumed.messages().map((e) => (e.data as BidEventData).bidsCount)).toEqual([4, 5, 6]);
    resumed.close();
  });

  it('an auction that ends is closed once: one "won" for the winner and one "sold" for the seller, whichever instances tick', async () => {
    const [seller, bidder] = await Promise.all([apiOf(0).user('Sid Seller'), apiOf(1).user('Wyn Winner')]);
    const auction = await apiOf(0).createAuction(seller.token, { name: 'Pocket watch', category: 'Other', price: 40, endsInMs: 3_500 });
    await apiOf(1).bid(bidder.token, auction.id, 45);

    // Every instance runs the close on its own timer.
    await expect
      .poll(async () => ((await apiOf(2).auction(bidder.token, auction.id)) as AuctionWithBids).winner?._id, { timeout: 10_000 })
      .toBe(bidder.id);
    // Long enough for each instance to have ticked again after the close, and to have closed it twice if it could.
    await sleep(3 * CLOSE_TICK_MS);
    expect(await noticeKinds(instances[0]!.baseUrl, bidder.token, auction.id)).toEqual(['won']);
    expect(await noticeKinds(instances[1]!.baseUrl, seller.token, auction.id)).toEqual(['sold']);
  });

  it('a photo uploaded through one instance is served by the others', async () => {
    const seller = await apiOf(0).user('Pia Photographer');
    const created = await apiOf(0).createAuction(seller.token, { name: 'Framed print', category: 'Art', price: 30, hue: 120 });
    const auction = (await apiOf(1).auction(seller.token, created.id)) as AuctionWithBids;
    for (const url of [auction.itemPhoto, auction.itemPhotoCard]) {
      const path = new URL(url).pathname;
      const [fromUploader, ...fromOthers] = await Promise.all(instances.map((instance) => fetch(`${instance.baseUrl}${path}`)));
      const bytes = Buffer.from(await fromUploader!.arrayBuffer());
      expect(fromUploader!.status).toBe(200);
      for (const response of fromOthers) {
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^image\//);
        expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
      }
    }
  });

  describeNginx('behind deploy/nginx.conf', () => {
    let nginx: ServerProcess | undefined;
    const nginxUrl = () => nginx!.baseUrl;
    const viaNginx = testApi(nginxUrl);

    beforeAll(async () => {
      if (!withNginx) throw new Error(`nginx is required for the cluster tests in CI: apt-get install -y nginx (or set NGINX_PATH)`);
      nginx = await startNginx(
        nginxPort,
        instances.map((instance) => new URL(instance.baseUrl).host),
      );
    }, 30_000);

    afterAll(async () => {
      await nginx?.stop();
    });

    it('sessions, uploads and photos work through nginx, and the client address is the one nginx saw', async () => {
      await expectSessionsShared([nginxUrl(), nginxUrl(), nginxUrl()]);

      const seller = await viaNginx.user('Nia Nginx');
      const created = await viaNginx.createAuction(seller.token, { name: 'Brass compass', category: 'Other', price: 25, hue: 30 });
      const auction = (await viaNginx.auction(seller.token, created.id)) as AuctionWithBids;
      // PUBLIC_URL names nginx: the photo is fetched as a browser would, through it.
      expect(new URL(auction.itemPhoto).origin).toBe(nginxUrl());
      const served = await fetch(auction.itemPhoto);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toMatch(/^image\//);

      // A client's own X-Forwarded-For is not believed: nginx adds the address it saw, the one trusted proxy.
      const logins = await fetch(`${nginxUrl()}/api/user/logins`, {
        headers: { authorization: `Bearer ${seller.token}`, 'x-forwarded-for': '203.0.113.9' },
      });
      const entries = (await logins.json()) as Array<{ ipAddress: string }>;
      expect(entries.map((e) => e.ipAddress)).toEqual(['127.0.0.1']);
    });

    it('a body over the upload limit gets a clear 413 from nginx', async () => {
      const seller = await viaNginx.user('Lou Large');
      const form = new FormData();
      form.set('itemPhoto', new Blob([new Uint8Array(7 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
      const response = await fetch(`${nginxUrl()}/api/auction`, {
        method: 'POST',
        headers: { authorization: `Bearer ${seller.token}` },
        body: form,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ error: 'File size must be less than 5 MB.', message: 'File size must be less than 5 MB.' });
    });

    it('live events stream through nginx as they happen, and HTTPS forwarded by a proxy in front gets Strict-Transport-Security', async () => {
      const [seller, bidder, watcher] = await Promise.all([
        viaNginx.user('Sol Seller'),
        viaNginx.user('Bo Bidder'),
        viaNginx.user('Wil Watcher'),
      ]);
      const auction = await viaNginx.createAuction(seller.token, { name: 'Oak stool', category: 'Home & Garden', price: 10 });
      const auth = { authorization: `Bearer ${watcher.token}` };
      // The REST stream, and the tRPC subscription the site's pages follow.
      const streams = await Promise.all([
        openEventStream(`${nginxUrl()}/api/auction/${auction.id}/events`, auth),
        openEventStream(`${nginxUrl()}/trpc/auction.onBid?input=${encodeURIComponent(JSON.stringify({ auctionId: auction.id }))}`, auth),
      ]);
      for (const stream of streams) expect(stream.status).toBe(200);
      for (const amount of [11, 12]) {
        await viaNginx.bid(bidder.token, auction.id, amount);
        for (const stream of streams) await stream.waitForMessages(amount - 10, 1_000);
      }
      for (const stream of streams) {
        // Each event came while the stream was open, not when nginx let go of a buffer at its end.
        expect(stream.ended()).toBe(false);
        stream.close();
      }

      const overHttps = await fetch(`${nginxUrl()}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const overHttp = await fetch(`${nginxUrl()}/healthz`);
      expect(overHttp.headers.get('strict-transport-security')).toBeNull();
    });

    it('SIGKILL of one instance under bid load: no acknowledged bid lost, nginx keeps answering from the others', async () => {
      const fixture = await prepareAuctions([nginxUrl()]);
      const record = newLoadRecord();
      const load = new BidLoad(nginxUrl(), fixture, record, {
        bidders: 8,
        readers: 4,
        deadline: Date.now() + 20_000,
        tolerateErrors: false,
      }).start();
      await waitForAcks(record, 10);
      const victim = instances[1]!;
      const status = await victim.kill();
      expect(status.signal).toBe('SIGKILL');
      const ackedAtKill = record.acked.length;
      // The load goes on through nginx, on the two instances left.
      await waitForAcks(record, ackedAtKill + 30);
      await load.stop();

      // Only a bid that was on the killed instance may go unanswered (502: nginx never sends a POST
      // twice, since the dead instance may have stored it); a read is retried on another instance.
      const inFlightBids = /^POST \/api\/auction\/:id answered 502$/;
      expect(record.violations.filter((violation) => !inFlightBids.test(violation))).toEqual([]);
      await expectExactlyTheAckedBids(instances[0]!.baseUrl, fixture, record.acked, { unansweredBids: record.statuses.get(502) ?? 0 });

      // Back for the tests after this one.
      instances[1] = await startInstance(Number(new URL(victim.baseUrl).port));
    }, 40_000);
  });
});

/** Waits until the load has at least `count` acknowledged bids. */
async function waitForAcks(record: LoadRecord, count: number): Promise<void> {
  await expect.poll(() => record.acked.length, { timeout: 10_000, interval: 20 }).toBeGreaterThanOrEqual(count);
}

/** Signs up on the first address, uses the cookie on the second, logs out on the third: then no address knows the session. */
async function expectSessionsShared([first, second, third]: string[]): Promise<void> {
  const email = uniqueEmail('roamer');
  const signup = await fetch(`${first}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Rory Roamer', email, password: PASSWORD }),
  });
  expect(signup.status).toBe(201);
  const cookie = signup.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`))!
    .split(';')[0]!;
  const me = (base: string) => fetch(`${base}/api/user`, { headers: { cookie } });

  const there = await me(second!);
  expect(there.status).toBe(200);
  expect(((await there.json()) as { user: { email: string } }).user.email).toBe(email);

  const logout = await fetch(`${third}/api/auth/logout`, { method: 'POST', headers: { cookie } });
  expect(logout.status).toBe(200);
  for (const base of [first!, second!, third!]) expect((await me(base)).status).toBe(401);
}

/** Two sellers with three auctions and six bidders, made through the given addresses in turn. */
async function prepareAuctions(addresses: string[]): Promise<Fixture> {
  const via = (n: number) => testApi(() => addresses[n % addresses.length]!);
  const accounts = await Promise.all(
    ['Sal', 'Sue', 'Ben', 'Bob', 'Bea', 'Bill', 'Bree', 'Bart'].map((name, n) => via(n).user(`${name} Cluster`)),
  );
  const [sellers, bidders] = [accounts.slice(0, 2), accounts.slice(2)];
  const auctions = await Promise.all(
    [0, 1, 2].map(async (n) => {
      const seller = sellers[n % 2]!;
      const startingPrice = 50 * (n + 1);
      const created = await via(n).createAuction(seller.token, { name: `Cluster lot ${n + 1}`, category: 'Other', price: startingPrice });
      return { id: created.id, sellerId: seller.id, startingPrice };
    }),
  );
  const account = ({ id, token }: { id: string; token: string }) => ({ id, token });
  return { sellers: sellers.map(account), bidders: bidders.map(account), auctions };
}

/**
 * Every auction as stored holds exactly the acknowledged bids: each one, by its bidder, and no other
 * (bids answered with no acknowledgement, `unansweredBids` at most, may be stored too), with the
 * price and count that follow from them.
 */
async function expectExactlyTheAckedBids(
  base: string,
  fixture: Fixture,
  acked: readonly AckedBid[],
  { unansweredBids = 0 }: { unansweredBids?: number } = {},
): Promise<void> {
  let unacknowledged = 0;
  for (const { id } of fixture.auctions) {
    const response = await fetch(`${base}/api/auction/${id}`, { headers: { authorization: `Bearer ${fixture.bidders[0]!.token}` } });
    const auction = (await response.json()) as AuctionWithBids;
    const mine = acked.filter((bid) => bid.auctionId === id);
    const stored = new Map(auction.bids.map((bid) => [bid.bidAmount, bid]));
    expect(auction.bids.length, `auction ${id}: its whole history fits the detail's list`).toBe(auction.bidsCount);
    expect(new Set(auction.bids.map((bid) => bid._id)).size, `auction ${id}: a bid listed twice`).toBe(auction.bids.length);
    for (const bid of mine) {
      expect(stored.get(bid.amount)?.bidder._id, `acknowledged bid of ${bid.amount} on auction ${id}`).toBe(bid.bidderId);
    }
    unacknowledged += auction.bidsCount - mine.length;
    // Newest first, each above the one before it: two bids accepted at one price would show here.
    const amounts = auction.bids.map((bid) => bid.bidAmount);
    expect(amounts, `auction ${id}: bids in order`).toEqual([...new Set(amounts)].sort((a, b) => b - a));
    expect(auction.currentPrice).toBe(amounts[0] ?? fixture.auctions.find((a) => a.id === id)!.startingPrice);
  }
  expect(unacknowledged).toBeGreaterThanOrEqual(0);
  expect(unacknowledged).toBeLessThanOrEqual(unansweredBids);
}

/** The kinds of the user's notices about one auction, read through the REST API of one instance. */
async function noticeKinds(base: string, token: string, auctionId: string): Promise<string[]> {
  const response = await fetch(`${base}/api/user/notifications`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const { notifications } = (await response.json()) as { notifications: Array<{ kind: string; auctionId: string }> };
  return notifications.filter((n) => n.auctionId === auctionId).map((n) => n.kind);
}
