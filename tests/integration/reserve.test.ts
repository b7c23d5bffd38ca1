// The reserve price in bids and at the close, through both doors: the tRPC caller (auction.placeBid,
// its reads, the auction.onBid subscription) and REST (POST and GET /api/auction/:id, the lists, the
// notices, GET /api/auction/:id/events over real HTTP), and the mail of the close. The rules:
// docs/rules/bidding.md. Only the seller ever sees the reserve's number: every other answer, live
// event, notice and mail is searched for it.
import { describe, expect, onTestFinished, vi } from 'vitest';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { closeDueAuctions } from '../../src/server/services/closing';
import { DAY_MS } from '../../src/shared/constants';
import { CANCEL_WORDS } from '../../src/shared/listing';
import { anonymousCaller, callerFor, failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type Listening, type TestDeps } from '../support/fixtures';
import { get, post, sessionCookieHeader } from '../support/http';
import { mailingApp, startSmtp } from '../support/smtp';
import { openEventStream } from '../support/sse';
import { newestNotices } from '../support/notices';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const STARTING_PRICE = 4_000;
const RESERVE = 4_219;

/** Whether a value, written as JSON, names the reserve's number anywhere (as 4219 or as $4,219). */
const namesReserve = (value: unknown) => /(?<!\d)4,?219(?!\d)/.test(JSON.stringify(value));

interface BidRow {
  bidder: { _id: string; name: string };
  bidAmount: number;
  auto: boolean;
}

interface AuctionAnswer {
  _id: string;
  currentPrice: number;
  bidsCount: number;
  status: string;
  reserveMet: boolean | null;
  reservePrice?: number | null;
  myMaxBid: number | null;
  winner: { _id: string; name: string } | null;
  bids: BidRow[];
}

interface Reply {
  status: number;
  body: { message: string; leading?: boolean; auction?: AuctionAnswer; error?: string };
}

/** Live bid events as one viewer receives them, until `close`. */
interface Events {
  received(): unknown[];
  close(): void;
}

/** One way into the product. */
interface Door {
  place(world: Listening, who: Person, auctionId: string, body: Record<string, unknown>): Promise<Reply>;
  read(world: Listening, who: Person, auctionId: string): Promise<AuctionAnswer>;
  /** Every read that shows the auction to this viewer, or tells them of it: detail, lists, their bids, their notices. */
  everyRead(world: Listening, who: Person, auctionId: string): Promise<unknown[]>;
  events(world: Listening, who: Person, auctionId: string): Promise<Events>;
}

const STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = { BAD_REQUEST: 400, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409 };

const callerDoor: Door = {
  async place(_world, who, auctionId, body) {
    const call = who.caller.auction.placeBid({ ...body, auctionId } as never);
    const answer = await call.catch(() => null);
    if (answer) {
      const { bid, ...rest } = answer;
      // The placed bid is the oldest the answer lists; a raise alone places none.
      if (bid !== null) expect(rest.auction.bids.at(-1)).toEqual(bid);
      return { status: bid === null ? 200 : 201, body: rest };
    }
    const refused = await failure(call);
    return { status: STATUS[refused.code] ?? 500, body: { error: refused.message, message: refused.message } };
  },
  read: (_world, who, auctionId) => who.caller.auction.byId({ id: auctionId }),
  async everyRead(_world, who, auctionId) {
    return Promise.all([
      who.caller.auction.byId({ id: auctionId }),
      who.caller.auction.list(),
      who.caller.auction.mine(),
      who.caller.user.bids(),
      who.caller.user.notifications(),
    ]);
  },
  async events({ deps }, who, auctionId) {
    const leave = new AbortController();
    const caller = await callerFor(deps, who.token, { signal: leave.signal });
    const received: unknown[] = [];
    const subscription = await caller.auction.onBid({ auctionId });
    void (async () => {
      for await (const [, event] of subscription as AsyncIterable<[string, unknown]>) received.push(event);
    })().catch(() => undefined);
    return { received: () => received, close: () => leave.abort() };
  },
};

const restDoor: Door = {
  async place({ app }, who, auctionId, body) {
    const res = await post(app, `/api/auction/${auctionId}`, body, { cookie: who.token });
    return { status: res.statusCode, body: res.json() };
  },
  async read({ app }, who, auctionId) {
    const res = await get(app, `/api/auction/${auctionId}`, { cookie: who.token });
    expect(res.statusCode).toBe(200);
    return res.json();
  },
  async everyRead({ app }, who, auctionId) {
    const paths = [
      `/api/auction/${auctionId}`,
      `/api/api/auction/${auctionId}`,
      '/api/auction',
      '/api/auction/myauction',
      '/api/api/auction/show',
      '/api/user/bids',
      '/api/user/notifications',
    ];
    return Promise.all(
      paths.map(async (path) => {
        const res = await get(app, path, { cookie: who.token });
        expect(res.statusCode, path).toBe(200);
        return res.json();
      }),
    );
  },
  async events({ baseUrl }, who, auctionId) {
    const stream = await openEventStream(`${baseUrl}/api/auction/${auctionId}/events`, { cookie: sessionCookieHeader(who.token) });
    expect(stream.status).toBe(200);
    return { received: () => stream.messages().map((m) => m.data), close: () => stream.close() };
  },
};

async function people(deps: TestDeps) {
  const [seller, x, y] = await Promise.all(['Sally Seller', 'Xena', 'Yuri'].map((name) => signedInUser(deps, name)));
  return { seller: seller!, x: x!, y: y! };
}

const reservedAuction = (deps: TestDeps, seller: Person, endsAt?: number) =>
  insertAuction(deps, seller.id, { itemName: 'Pocket watch', startingPrice: STARTING_PRICE, reservePrice: RESERVE, endsAt });

/** Every auction object inside a JSON value: whatever has an `_id` and a `currentPrice`. */
function auctionsIn(value: unknown): Array<Record<string, unknown>> {
  if (Array.isArray(value)) return value.flatMap(auctionsIn);
  if (!value || typeof value !== 'object') return [];
  const own = '_id' in value && 'currentPrice' in value ? [value as Record<string, unknown>] : [];
  return [...own, ...Object.values(value).flatMap(auctionsIn)];
}

/** Everything this viewer (and a guest) reads of the auction carries no reserve field and never its number. */
async function expectNoReserveFor(door: Door, world: Listening, who: Person, auctionId: string) {
  const reads = [...(await door.everyRead(world, who, auctionId)), await anonymousCaller(world.deps).auction.live()];
  expect(namesReserve(reads), `${who.name} reads the reserve`).toBe(false);
  const shown = auctionsIn(reads).filter((a) => a._id === auctionId);
  expect(shown.length).toBeGreaterThan(0);
  for (const auction of shown) expect('reservePrice' in auction).toBe(false);
}

const historyOf = (auction: AuctionAnswer) => auction.bids.map((b) => `${b.bidder.name} ${b.bidAmount} ${b.auto ? 'auto' : 'placed'}`);

async function kindsOf(deps: TestDeps, who: Person) {
  return (await newestNotices(deps.store, who.id, 100)).map((n) => n.kind).reverse();
}

describe.each([
  ['tRPC caller', callerDoor],
  ['REST API', restDoor],
] as const)('the reserve through the %s', (_name, door) => {
  test('reserveMet turns true when the leader’s maximum reaches the reserve; only the seller ever sees its number', async ({
    listening: world,
  }) => {
    const { deps } = world;
    const { seller, x, y } = await people(deps);
    const id = await reservedAuction(deps, seller);
    const [xEvents, yEvents] = [await door.events(world, x, id), await door.events(world, y, id)];
    try {
      const first = await door.place(world, x, id, { bidAmount: 4_001, maxBid: 4_100 });
      expect(first).toMatchObject({ status: 201, body: { leading: true, auction: { currentPrice: 4_001, reserveMet: false } } });
      // Both maxima below the reserve: the price stops one step above the lower one.
      const second = await door.place(world, y, id, { bidAmount: 4_005, maxBid: 4_150 });
      expect(second).toMatchObject({ status: 201, body: { leading: true, auction: { currentPrice: 4_101, reserveMet: false } } });
      for (const answer of [first, second]) {
        expect(namesReserve(answer)).toBe(false);
        expect('reservePrice' in answer.body.auction!).toBe(false);
      }
      await vi.waitFor(() => expect(yEvents.received()).toHaveLength(3));
      for (const who of [x, y]) await expectNoReserveFor(door, world, who, id);
      expect(namesReserve([xEvents.received(), yEvents.received()])).toBe(false);

      // The seller sees the reserve, in the detail and in their list.
      expect(await door.read(world, seller, id)).toMatchObject({ reservePrice: RESERVE, reserveMet: false, currentPrice: 4_101 });
      const sellersReads = auctionsIn(await door.everyRead(world, seller, id)).filter((a) => a._id === id);
      expect(sellersReads.length).toBeGreaterThan(1);
      for (const auction of sellersReads) expect(auction).toMatchObject({ reservePrice: RESERVE, reserveMet: false });

      // X's maximum passes the reserve: min(4500, 4150 + 1) = 4151 is lifted to the reserve.
      const third = await door.place(world, x, id, { bidAmount: 4_110, maxBid: 4_500 });
      expect(third).toMatchObject({ status: 201, body: { leading: true, message: 'Bid placed successfully' } });
      expect(third.body.auction).toMatchObject({ currentPrice: RESERVE, reserveMet: true, bidsCount: 5, myMaxBid: 4_500 });
      expect(historyOf(third.body.auction!)).toEqual([`Xena ${RESERVE} auto`, 'Xena 4110 placed']);
      expect('reservePrice' in third.body.auction!).toBe(false);
      await vi.waitFor(() => expect(xEvents.received()).toHaveLength(5));
      expect(xEvents.received().at(-1)).toMatchObject({ currentPrice: RESERVE, bidsCount: 5, bid: { bidAmount: RESERVE, auto: true } });
      expect((await newestNotices(deps.store, y.id, 10))[0]).toMatchObject({
        kind: 'outbid',
        message: 'You were outbid on “Pocket watch”: the price is now $4,219.',
      });
      for (const who of [x, y]) {
        const detail = await door.read(world, who, id);
        expect(detail).toMatchObject({ reserveMet: true, currentPrice: RESERVE });
        expect('reservePrice' in detail).toBe(false);
      }
    } finally {
      xEvents.close();
      yEvents.close();
    }
  });

  test('the leader raising their maximum alone to the reserve moves the price to it with one automatic bid', async ({
    listening: world,
  }) => {
    const { deps } = world;
    const { seller, x, y } = await people(deps);
    const id = await reservedAuction(deps, seller);
    const events = await door.events(world, y, id);
    try {
      expect((await door.place(world, x, id, { bidAmount: 4_001 })).body.auction).toMatchObject({ currentPrice: 4_001, reserveMet: false });
      // Below the reserve: only the maximum moves.
      const below = await door.place(world, x, id, { maxBid: 4_200 });
      expect(below).toMatchObject({ status: 200, body: { message: 'Your maximum bid is now $4,200.', leading: true } });
      expect(below.body.auction).toMatchObject({ currentPrice: 4_001, bidsCount: 1, reserveMet: false, myMaxBid: 4_200, bids: [] });

      const reaching = await door.place(world, x, id, { maxBid: 4_300 });
      expect(reaching).toMatchObject({ status: 200, body: { message: 'Your maximum bid is now $4,300.', leading: true } });
      expect(reaching.body.auction).toMatchObject({ currentPrice: RESERVE, bidsCount: 2, reserveMet: true, myMaxBid: 4_300 });
      expect(historyOf(reaching.body.auction!)).toEqual([`Xena ${RESERVE} auto`]);
      await vi.waitFor(() => expect(events.received()).toHaveLength(2));
      expect(events.received()[1]).toMatchObject({ currentPrice: RESERVE, bidsCount: 2, bid: { bidAmount: RESERVE, auto: true } });
      expect(historyOf(await door.read(world, seller, id))).toEqual([`Xena ${RESERVE} auto`, 'Xena 4001 placed']);

      // From the reserve on, the automatic-bid rule alone: X's maximum answers Y one step above.
      const answered = await door.place(world, y, id, { bidAmount: 4_225 });
      expect(answered).toMatchObject({ status: 201, body: { leading: false, auction: { currentPrice: 4_226, reserveMet: true } } });
    } finally {
      events.close();
    }
  });

  test('a bid on a cancelled auction is 400 and changes nothing', async ({ listening: world }) => {
    const { deps } = world;
    const { seller, x } = await people(deps);
    const id = await reservedAuction(deps, seller);
    await deps.sql('update auctions set cancelled_at = $1 where id = $2', [new Date(deps.now()), Number(id)]);
    for (const body of [{ bidAmount: 4_001 }, { bidAmount: 4_001, maxBid: 5_000 }, { maxBid: 5_000 }]) {
      const reply = await door.place(world, x, id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(CANCEL_WORDS.notOpen);
    }
    expect(await door.read(world, seller, id)).toMatchObject({ status: 'cancelled', currentPrice: STARTING_PRICE, bidsCount: 0 });
  });

  test('the close below the reserve: no winner, unsold to the seller naming the highest bid, reserve_not_met to the leader', async ({
    listening: world,
  }) => {
    const { deps } = world;
    const { seller, x, y } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await reservedAuction(deps, seller, endsAt);
    await door.place(world, x, id, { bidAmount: 4_001, maxBid: 4_100 });
    await door.place(world, y, id, { bidAmount: 4_005, maxBid: 4_150 });

    deps.clock.set(endsAt);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect((await deps.store.auctions.byId(Number(id)))!.closedAt?.getTime()).toBe(endsAt);
    expect(await kindsOf(deps, seller)).toEqual(['unsold']);
    expect(await kindsOf(deps, y)).toEqual(['reserve_not_met']);
    expect(await kindsOf(deps, x)).toEqual(['outbid']);
    const [unsold] = await newestNotices(deps.store, seller.id, 1);
    expect(unsold!.message).toBe('Your auction “Pocket watch” ended below your reserve: the highest bid was $4,101.');
    const [notMet] = await newestNotices(deps.store, y.id, 1);
    expect(notMet!.message).toBe("“Pocket watch” ended below the seller's reserve: your bid of $4,101 did not win.");

    for (const who of [seller, x, y]) {
      expect(await door.read(world, who, id)).toMatchObject({ status: 'ended', winner: null, reserveMet: false, currentPrice: 4_101 });
    }
    for (const who of [x, y]) await expectNoReserveFor(door, world, who, id);
    expect(await door.read(world, seller, id)).toMatchObject({ reservePrice: RESERVE });
    // In the lead at the end, below the reserve: my bids does not call it a win.
    const { items } = await y.caller.user.bids({});
    expect(items.map((item) => [item.auction._id, item.state])).toEqual([[id, 'lost']]);
    // Closed once: nothing more at the next tick.
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await kindsOf(deps, seller)).toEqual(['unsold']);
  });

  test('the close at the reserve: won and sold as without one, the leader the winner', async ({ listening: world }) => {
    const { deps } = world;
    const { seller, x, y } = await people(deps);
    const endsAt = deps.now() + DAY_MS;
    const id = await reservedAuction(deps, seller, endsAt);
    await door.place(world, y, id, { bidAmount: 4_001, maxBid: 4_150 });
    await door.place(world, x, id, { bidAmount: 4_005, maxBid: 4_600 });

    deps.clock.set(endsAt);
    expect(await closeDueAuctions(deps)).toBe(1);
    expect(await kindsOf(deps, x)).toEqual(['won']);
    expect(await kindsOf(deps, seller)).toEqual(['sold']);
    expect(await kindsOf(deps, y)).toEqual(['outbid']);
    const [sold] = await newestNotices(deps.store, seller.id, 1);
    expect(sold!.message).toBe('“Pocket watch” sold to Xena for $4,219.');
    for (const who of [seller, y]) {
      expect(await door.read(world, who, id)).toMatchObject({
        status: 'ended',
        currentPrice: RESERVE,
        reserveMet: true,
        winner: { _id: x._id, name: 'Xena' },
      });
    }
  });
});

describe('mail at the close below the reserve', () => {
  test('the leading bidder and the seller are mailed the highest bid, never the reserve', async ({ makeDeps }) => {
    const server = await startSmtp();
    onTestFinished(() => server.close());
    const { deps } = await mailingApp(makeDeps, server.url);
    const { seller, x, y } = await people(deps);
    const id = await reservedAuction(deps, seller);
    await x.caller.auction.placeBid({ auctionId: id, bidAmount: 4_001, maxBid: 4_100 });
    await y.caller.auction.placeBid({ auctionId: id, bidAmount: 4_005, maxBid: 4_150 });
    deps.clock.advance(8 * DAY_MS);
    expect(await closeDueAuctions(deps)).toBe(1);

    const mails = await server.waitFor(3);
    const subjectsTo = (who: Person) => mails.filter((m) => m.to === who.email).map((m) => m.subject);
    expect(subjectsTo(x)).toEqual(['You were outbid on “Pocket watch”']);
    expect(subjectsTo(y)).toEqual(['“Pocket watch” ended below its reserve']);
    expect(subjectsTo(seller)).toEqual(['Your auction “Pocket watch” ended without a sale']);
    for (const mail of mails) {
      expect(mail.text).toContain('Price: $4,101');
      expect(namesReserve(mail), mail.subject).toBe(false);
    }
    expect(mails.find((m) => m.to === y.email)!.text).toContain('ended below the seller');
  });
});
