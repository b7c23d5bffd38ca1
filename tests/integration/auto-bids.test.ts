// Automatic bids, a maximum raised alone, soft close and outbid notices, through both doors: the tRPC
// caller (auction.placeBid, auction.byId) and REST (POST and GET /api/auction/:id). The rules:
// docs/rules/bidding.md (automatic bidding, soft close) and docs/rules/notifications.md.
import type { FastifyInstance } from 'fastify';
import { describe, expect } from 'vitest';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import { loadSettings } from '../../src/server/env';
import type { LiveBidEvent } from '../../src/server/wire';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { get, post } from '../support/http';
import { newestNotices } from '../support/notices';

type Person = Awaited<ReturnType<typeof signedInUser>>;

const MINUTE = 60_000;

interface BidRow {
  _id: string;
  bidder: { _id: string; name: string };
  bidAmount: number;
  bidTime: string;
  auto: boolean;
}

interface AuctionAnswer {
  _id: string;
  currentPrice: number;
  bidsCount: number;
  itemEndDate: string;
  timeLeft: number;
  status: string;
  myMaxBid: number | null;
  winner: { _id: string; name: string } | null;
  bids: BidRow[];
}

/** A bid's answer as REST gives it: the status, and the body (the caller's refusals read into the same shape). */
interface Reply {
  status: number;
  body: {
    message: string;
    leading?: boolean;
    auction?: AuctionAnswer;
    error?: string;
    issues?: Array<{ path: string; message: string }>;
  };
}

interface World {
  app: FastifyInstance;
  deps: TestDeps;
}

/** One way into the product: place a bid, read one auction, and every read that shows auctions. */
interface Door {
  place(world: World, who: Person, auctionId: string, body: Record<string, unknown>): Promise<Reply>;
  read(world: World, who: Person, auctionId: string): Promise<AuctionAnswer>;
  /** The auction as the list of every auction shows it. */
  listed(world: World, who: Person, auctionId: string): Promise<AuctionAnswer | undefined>;
  everyRead(world: World, who: Person, auctionId: string): Promise<unknown[]>;
}

const STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
};

const callerDoor: Door = {
  async place(_world, who, auctionId, body) {
    const call = who.caller.auction.placeBid({ ...body, auctionId } as never);
    const answer = await call.catch(() => null);
    if (answer) {
      const { bid, ...rest } = answer;
      // The caller's answer adds the placed bid: it is the last of the bids the answer lists.
      if (bid === null) expect(rest.auction.bids).toEqual([]);
      else expect(rest.auction.bids.at(-1)).toEqual(bid);
      return { status: bid === null ? 200 : 201, body: rest };
    }
    const refused = await failure(call);
    return { status: STATUS[refused.code] ?? 500, body: { error: refused.message, message: refused.message, issues: refused.issues } };
  },
  async read(_world, who, auctionId) {
    return who.caller.auction.byId({ id: auctionId });
  },
  async listed(_world, who, auctionId) {
    return (await who.caller.auction.list()).items.find((a) => a._id === auctionId);
  },
  async everyRead(world, who, auctionId) {
    return Promise.all([
      who.caller.auction.byId({ id: auctionId }),
      who.caller.auction.list(),
      who.caller.auction.mine(),
      who.caller.auction.stats(),
      anonymousCaller(world.deps).auction.live(),
    ]);
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
  async listed({ app }, who, auctionId) {
    const res = await get(app, '/api/auction', { cookie: who.token });
    expect(res.statusCode).toBe(200);
    return (res.json() as AuctionAnswer[]).find((a) => a._id === auctionId);
  },
  async everyRead({ app }, who, auctionId) {
    const paths = [
      `/api/auction/${auctionId}`,
      '/api/auction',
      '/api/auction/myauction',
      '/api/auction/stats',
      '/api/api/auction/show',
      `/api/api/auction/${auctionId}`,
      '/api/api/user/profile',
    ];
    return Promise.all(
      paths.map(async (path) => {
        const res = await get(app, path, { cookie: who.token });
        expect(res.statusCode, path).toBe(200);
        return res.json();
      }),
    );
  },
};

/** The fields a refusal names (a field may have more than one issue). */
const fieldsOf = (reply: Reply) => [...new Set(reply.body.issues?.map((i) => i.path))];

/** Every number in a JSON value, digit strings included. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') return /^\d+$/.test(value) ? [Number(value)] : [];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(numbersIn);
  return [];
}

/** Bids of an answer as `bidder amount auto|placed`, newest first. */
const historyOf = (auction: AuctionAnswer, names: Map<string, string>) =>
  auction.bids.map((b) => `${names.get(b.bidder._id)} ${b.bidAmount} ${b.auto ? 'auto' : 'placed'}`);

async function people(deps: TestDeps) {
  const [seller, x, y, z] = await Promise.all(['Sally Seller', 'Xena', 'Yuri', 'Zoe'].map((name) => signedInUser(deps, name)));
  const names = new Map([seller!, x!, y!, z!].map((p) => [p._id, p.name]));
  return { seller: seller!, x: x!, y: y!, z: z!, names };
}

/** An auction of the seller's, open from now, at that starting price, ending in a week unless told. */
const auctionOf = (deps: TestDeps, seller: Person, startingPrice = 100, endsAt?: number) =>
  insertAuction(deps, seller.id, { itemName: 'Pocket watch', startingPrice, endsAt });

/** What the store holds of an auction, read through the store (not an answer). */
async function stored(deps: TestDeps, auctionId: string) {
  const row = (await deps.store.auctions.byId(Number(auctionId)))!;
  const bids = await deps.store.bids.newestOf(Number(auctionId), 1000);
  return { price: row.currentPrice, count: row.bidsCount, leaderId: row.leaderId, endsAt: row.endsAt.getTime(), bids: bids.length };
}

const outbidNotices = async (deps: TestDeps, who: Person, auctionId: string) =>
  (await newestNotices(deps.store, who.id, 1000)).filter((n) => n.kind === 'outbid' && n.auctionId === Number(auctionId));

describe.each([
  ['tRPC caller', callerDoor],
  ['REST API', restDoor],
] as const)('through the %s', (_name, door) => {
  test('the worked example: prices, leaders, answers, the history with auto, bidsCount counting both kinds', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y, z, names } = await people(deps);
    const id = await auctionOf(deps, seller);

    const steps: Array<{
      who: Person;
      body: Record<string, unknown>;
      leading: boolean;
      price: number;
      count: number;
      myMax: number;
      added: string[];
    }> = [
      { who: x, body: { bidAmount: 101, maxBid: 150 }, leading: true, price: 101, count: 1, myMax: 150, added: ['Xena 101 placed'] },
      { who: y, body: { bidAmount: 105 }, leading: false, price: 106, count: 3, myMax: 105, added: ['Xena 106 auto', 'Yuri 105 placed'] },
      // Strings of digits are taken for both amounts.
      {
        who: y,
        body: { bidAmount: '110', maxBid: '200' },
        leading: true,
        price: 151,
        count: 5,
        myMax: 200,
        added: ['Yuri 151 auto', 'Yuri 110 placed'],
      },
      {
        who: z,
        body: { bidAmount: 155, maxBid: 200 },
        leading: false,
        price: 200,
        count: 7,
        myMax: 200,
        added: ['Yuri 200 auto', 'Zoe 155 placed'],
      },
    ];
    for (const step of steps) {
      const { status, body } = await door.place(world, step.who, id, step.body);
      const what = `${step.who.name} ${JSON.stringify(step.body)}`;
      expect(status, what).toBe(201);
      expect(Object.keys(body).sort(), what).toEqual(['auction', 'leading', 'message']);
      expect(body.leading, what).toBe(step.leading);
      expect(body.message, what).toBe(
        step.leading ? 'Bid placed successfully' : `An automatic bid outbid you: the price is now $${step.price}.`,
      );
      expect(body.auction, what).toMatchObject({ _id: id, currentPrice: step.price, bidsCount: step.count, myMaxBid: step.myMax });
      // The answer lists the bids this request added, newest first.
      expect(historyOf(body.auction!, names), what).toEqual(step.added);
    }

    const detail = await door.read(world, seller, id);
    expect(detail).toMatchObject({ currentPrice: 200, bidsCount: 7, myMaxBid: null, status: 'open', winner: null });
    expect(historyOf(detail, names)).toEqual([
      'Yuri 200 auto',
      'Zoe 155 placed',
      'Yuri 151 auto',
      'Yuri 110 placed',
      'Xena 106 auto',
      'Yuri 105 placed',
      'Xena 101 placed',
    ]);
    // Each bidder reads their own maximum: Yuri reached 200 first and leads at it.
    expect((await door.read(world, x, id)).myMaxBid).toBe(150);
    expect((await door.read(world, y, id)).myMaxBid).toBe(200);
    expect((await door.read(world, z, id)).myMaxBid).toBe(200);
    expect(await stored(deps, id)).toMatchObject({ price: 200, count: 7, bids: 7, leaderId: y.id });
  });

  test('outbid at once: 201 with leading false, the message naming the new price with thousands separators', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y } = await people(deps);
    const id = await auctionOf(deps, seller, 1_000_000);
    expect((await door.place(world, x, id, { bidAmount: 1_000_001, maxBid: 2_000_000 })).body.leading).toBe(true);
    const { status, body } = await door.place(world, y, id, { bidAmount: 1_000_010 });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      leading: false,
      message: 'An automatic bid outbid you: the price is now $1,000,011.',
      auction: { currentPrice: 1_000_011, myMaxBid: 1_000_010 },
    });
  });

  test('the leader raises their maximum alone: 200 {message, auction, leading: true}; price, history and count unchanged', async ({
    app,
    deps,
  }) => {
    const world = { app, deps };
    const { seller, x, y, names } = await people(deps);
    const id = await auctionOf(deps, seller);
    await door.place(world, x, id, { bidAmount: 101, maxBid: 150 });
    await door.place(world, y, id, { bidAmount: 105 });
    const before = await door.read(world, seller, id);

    const raised = await door.place(world, x, id, { maxBid: 400 });
    expect(raised.status).toBe(200);
    expect(Object.keys(raised.body).sort()).toEqual(['auction', 'leading', 'message']);
    expect(raised.body).toMatchObject({ leading: true, message: 'Your maximum bid is now $400.' });
    expect(raised.body.auction).toMatchObject({
      currentPrice: 106,
      bidsCount: 3,
      myMaxBid: 400,
      itemEndDate: before.itemEndDate,
      bids: [],
    });

    const after = await door.read(world, seller, id);
    expect(after).toMatchObject({ currentPrice: 106, bidsCount: 3, itemEndDate: before.itemEndDate });
    expect(historyOf(after, names)).toEqual(historyOf(before, names));
    expect((await door.read(world, x, id)).myMaxBid).toBe(400);

    // A maximum at or below the standing one changes nothing, and says what stands.
    const lower = await door.place(world, x, id, { maxBid: 300 });
    expect(lower).toMatchObject({
      status: 200,
      body: { leading: true, message: 'Your maximum bid is now $400.', auction: { myMaxBid: 400 } },
    });

    // A form's blank amount is left out: with a maximum, still a raise alone.
    const blank = await door.place(world, x, id, { bidAmount: '', maxBid: '450' });
    expect(blank).toMatchObject({ status: 200, body: { leading: true, message: 'Your maximum bid is now $450.' } });
    expect(await stored(deps, id)).toMatchObject({ price: 106, count: 3, bids: 3 });

    // The raised maximum stands: Yuri up to 350 cannot take the lead, the price goes to 351.
    const answer = await door.place(world, y, id, { bidAmount: 110, maxBid: 350 });
    expect(answer.body).toMatchObject({ leading: false, auction: { currentPrice: 351 } });
    expect(await stored(deps, id)).toMatchObject({ price: 351, count: 5, bids: 5, leaderId: x.id });
  });

  test('a maximum alone from anyone but the leader is 400 with an issue at bidAmount; nothing stored', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y, z } = await people(deps);
    const id = await auctionOf(deps, seller);
    // Before anybody bid, nobody leads.
    const first = await door.place(world, x, id, { maxBid: 300 });
    expect(first.status).toBe(400);
    expect(fieldsOf(first)).toEqual(['bidAmount']);

    await door.place(world, x, id, { bidAmount: 101, maxBid: 150 });
    await door.place(world, y, id, { bidAmount: 105 });
    const before = await stored(deps, id);
    // Yuri has bid and does not lead; Zoe never bid.
    for (const who of [y, z]) {
      for (const body of [{ maxBid: 300 }, { maxBid: '300', bidAmount: '' }, { maxBid: 300, bidAmount: null }]) {
        const refused = await door.place(world, who, id, body);
        expect(refused.status, `${who.name} ${JSON.stringify(body)}`).toBe(400);
        expect(fieldsOf(refused)).toEqual(['bidAmount']);
        expect(refused.body.error).toBe(refused.body.message);
      }
    }
    // Neither a bid amount nor a maximum: the bid amount is missing, for the leader too.
    const empty = await door.place(world, x, id, {});
    expect(empty.status).toBe(400);
    expect(fieldsOf(empty)).toEqual(['bidAmount']);

    expect(await stored(deps, id)).toEqual(before);
    expect((await door.read(world, y, id)).myMaxBid).toBe(105);
    expect((await door.read(world, z, id)).myMaxBid).toBeNull();
  });

  test('a bad maxBid is 400 with an issue at maxBid, and nothing is stored', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x } = await people(deps);
    const id = await auctionOf(deps, seller);
    const bad: unknown[] = [
      104,
      '104',
      150.5,
      '150.5',
      'abc',
      '150 dollars',
      '1e3',
      1_000_000_001,
      '1000000001',
      -150,
      true,
      [150],
      { n: 150 },
    ];
    for (const maxBid of bad) {
      const refused = await door.place(world, x, id, { bidAmount: 105, maxBid });
      expect(refused.status, JSON.stringify(maxBid)).toBe(400);
      expect(fieldsOf(refused), JSON.stringify(maxBid)).toEqual(['maxBid']);
    }
    expect(await stored(deps, id)).toMatchObject({ price: 100, count: 0, bids: 0, leaderId: null });
    expect((await door.read(world, x, id)).myMaxBid).toBeNull();

    // The edges that are fine: equal to the bid amount, the largest price, and blank or null (left out).
    const equal = await door.place(world, x, id, { bidAmount: 105, maxBid: 105 });
    expect(equal).toMatchObject({ status: 201, body: { auction: { myMaxBid: 105 } } });
    const largest = await door.place(world, x, id, { bidAmount: 106, maxBid: 1_000_000_000 });
    expect(largest).toMatchObject({ status: 201, body: { auction: { currentPrice: 106, myMaxBid: 1_000_000_000 } } });
    for (const maxBid of ['', '  ', null]) {
      const leftOut = await door.place(world, x, id, { bidAmount: 107 + ['', '  ', null].indexOf(maxBid), maxBid });
      expect(leftOut, JSON.stringify(maxBid)).toMatchObject({ status: 201, body: { auction: { myMaxBid: 1_000_000_000 } } });
    }
  });

  test('myMaxBid is the caller’s own: others read null, and no answer they get carries another’s maximum', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y, z } = await people(deps);
    const id = await auctionOf(deps, seller);
    // Maxima far from any price, id or count in these answers.
    const X_MAX = 987;
    const Y_MAX = 654;
    const events: LiveBidEvent[] = [];
    const publish = deps.bus.publish.bind(deps.bus);
    deps.bus.publish = (event) => {
      events.push(event);
      return publish(event);
    };
    const xAnswer = await door.place(world, x, id, { bidAmount: 101, maxBid: X_MAX });
    const yAnswer = await door.place(world, y, id, { bidAmount: 105, maxBid: Y_MAX });
    expect(xAnswer.body.auction?.myMaxBid).toBe(X_MAX);
    expect(yAnswer.body).toMatchObject({ leading: false, auction: { currentPrice: Y_MAX + 1, myMaxBid: Y_MAX } });
    expect(numbersIn(yAnswer.body)).not.toContain(X_MAX);

    expect((await door.read(world, x, id)).myMaxBid).toBe(X_MAX);
    expect((await door.read(world, y, id)).myMaxBid).toBe(Y_MAX);
    for (const who of [seller, z]) expect((await door.read(world, who, id)).myMaxBid, who.name).toBeNull();

    // Every read of each user: their own maximum at most, never another's.
    const cases: Array<[Person, number[]]> = [
      [seller, [X_MAX, Y_MAX]],
      [z, [X_MAX, Y_MAX]],
      [y, [X_MAX]],
    ];
    for (const [who, hidden] of cases) {
      const numbers = numbersIn(await door.everyRead(world, who, id));
      for (const max of hidden) expect(numbers, `${who.name} reads ${max}`).not.toContain(max);
    }
    expect(numbersIn(await door.everyRead(world, x, id))).not.toContain(Y_MAX);
    // The list shows each caller's own maximum on the auction, as the detail does.
    for (const [who, mine] of [
      [x, X_MAX],
      [y, Y_MAX],
      [z, null],
      [seller, null],
    ] as const) {
      expect((await door.listed(world, who, id))?.myMaxBid, who.name).toBe(mine);
    }
    // The live events, which anyone signed in may follow, carry no maximum either.
    expect(events).toHaveLength(3);
    expect(numbersIn(events)).not.toContain(X_MAX);
    expect(numbersIn(events).filter((n) => n === Y_MAX)).toHaveLength(0);
  });

  test('outbid notices: stored once per change of leader, to the bidder who lost the lead, never twice', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y, z } = await people(deps);
    const id = await auctionOf(deps, seller);
    await door.place(world, x, id, { bidAmount: 101, maxBid: 150 });
    // Yuri is answered by Xena's maximum: Xena keeps the lead, and nobody is told (Yuri learns it from the answer).
    await door.place(world, y, id, { bidAmount: 105 });
    expect(await outbidNotices(deps, x, id)).toEqual([]);
    expect(await outbidNotices(deps, y, id)).toEqual([]);

    // Yuri's maximum takes the lead by an automatic bid: Xena is told, once, with the price.
    await door.place(world, y, id, { bidAmount: 110, maxBid: 200, requestKey: 'take-the-lead-1' });
    const toX = await outbidNotices(deps, x, id);
    expect(toX).toHaveLength(1);
    expect(toX[0]).toMatchObject({ userId: x.id, auctionId: Number(id), readAt: null });
    expect(toX[0]!.message).toBe('You were outbid on “Pocket watch”: the price is now $151.');
    // The same request again counts once: no second notice.
    expect((await door.place(world, y, id, { bidAmount: 110, maxBid: 200, requestKey: 'take-the-lead-1' })).status).toBe(201);
    expect(await outbidNotices(deps, x, id)).toHaveLength(1);

    // Zoe bids below Yuri's maximum: no change of leader, no notice. Yuri raising alone: none either.
    await door.place(world, z, id, { bidAmount: 155, maxBid: 180 });
    await door.place(world, y, id, { maxBid: 250 });
    // Zoe takes the lead by a placed bid above every maximum: Yuri is told, once.
    await door.place(world, z, id, { bidAmount: 190, maxBid: 300 });
    expect(await stored(deps, id)).toMatchObject({ leaderId: z.id, price: 251 });
    const toY = await outbidNotices(deps, y, id);
    expect(toY.map((n) => n.message)).toEqual(['You were outbid on “Pocket watch”: the price is now $251.']);
    expect(await outbidNotices(deps, x, id)).toHaveLength(1);
    expect(await outbidNotices(deps, z, id)).toEqual([]);
    expect(await newestNotices(deps.store, seller.id, 100)).toEqual([]);
  });

  test('a double submit with the same requestKey counts once, automatic bid included', async ({ app, deps }) => {
    const world = { app, deps };
    const { seller, x, y, names } = await people(deps);
    const id = await auctionOf(deps, seller);
    const first = await door.place(world, x, id, { bidAmount: 101, maxBid: 150, requestKey: 'xena-bid-0001' });
    const again = await door.place(world, x, id, { bidAmount: 101, maxBid: 150, requestKey: 'xena-bid-0001' });
    expect(again.status).toBe(201);
    expect(again.body.auction?.bids).toEqual(first.body.auction?.bids);
    expect(again.body).toMatchObject({ leading: true, message: 'Bid placed successfully', auction: { bidsCount: 1, myMaxBid: 150 } });

    // Yuri's bid adds an automatic one by Xena; the same request again adds neither.
    const yFirst = await door.place(world, y, id, { bidAmount: 105, requestKey: 'yuri-bid-0001' });
    expect(yFirst.body).toMatchObject({ leading: false, auction: { currentPrice: 106, bidsCount: 3 } });
    const yAgain = await door.place(world, y, id, { bidAmount: 105, requestKey: 'yuri-bid-0001' });
    expect(yAgain.status).toBe(201);
    expect(yAgain.body).toMatchObject({
      leading: false,
      message: 'An automatic bid outbid you: the price is now $106.',
      auction: { currentPrice: 106, bidsCount: 3, myMaxBid: 105 },
    });
    expect(await stored(deps, id)).toMatchObject({ price: 106, count: 3, bids: 3, leaderId: x.id });
    expect(historyOf(await door.read(world, seller, id), names)).toEqual(['Xena 106 auto', 'Yuri 105 placed', 'Xena 101 placed']);

    // The same key for another amount is a conflict, and stores nothing.
    const other = await door.place(world, y, id, { bidAmount: 110, requestKey: 'yuri-bid-0001' });
    expect(other.status).toBe(409);
    expect(await stored(deps, id)).toMatchObject({ count: 3, bids: 3 });
  });

  describe('soft close', () => {
    test(`at the default ${loadSettings({}).SOFT_CLOSE_SECONDS} s: a late bid moves the end on the answer and on later reads; bids after the extended end are 400`, async ({
      app,
      deps,
    }) => {
      const world = { app, deps };
      expect(deps.settings.SOFT_CLOSE_SECONDS).toBe(120);
      const { seller, x, y } = await people(deps);
      const endsAt = deps.now() + 30 * MINUTE;
      const id = await auctionOf(deps, seller, 100, endsAt);

      // Three minutes before the end: outside the window, the end stays.
      deps.clock.set(endsAt - 3 * MINUTE);
      expect((await door.place(world, x, id, { bidAmount: 101 })).body.auction?.itemEndDate).toBe(new Date(endsAt).toISOString());

      // 30 s before: the end moves to the bid's time plus two minutes, on the answer and on reads.
      deps.clock.set(endsAt - 30_000);
      const late = await door.place(world, y, id, { bidAmount: 102 });
      const extended = endsAt - 30_000 + 120_000;
      expect(late.status).toBe(201);
      expect(late.body.auction).toMatchObject({ itemEndDate: new Date(extended).toISOString(), timeLeft: 120_000, status: 'open' });
      expect(await door.read(world, seller, id)).toMatchObject({ itemEndDate: new Date(extended).toISOString(), status: 'open' });

      // Past the original end, before the new one: still open, and a bid extends again.
      deps.clock.set(endsAt + 10_000);
      const again = await door.place(world, x, id, { bidAmount: 103 });
      expect(again.status).toBe(201);
      const twice = endsAt + 10_000 + 120_000;
      expect(again.body.auction?.itemEndDate).toBe(new Date(twice).toISOString());

      // At the extended end: ended, every bid and raise refused, nothing stored.
      deps.clock.set(twice);
      const before = await stored(deps, id);
      for (const [who, body] of [
        [y, { bidAmount: 104 }],
        [x, { maxBid: 500 }],
      ] as const) {
        const refused = await door.place(world, who, id, body);
        expect(refused.status).toBe(400);
        expect(refused.body.error).toBe('This auction has ended; bids are no longer accepted.');
      }
      expect(await stored(deps, id)).toEqual(before);
      expect(await door.read(world, seller, id)).toMatchObject({ status: 'ended', winner: { _id: x._id } });
    });

    test('an automatic bid and the bid it answers extend once, together; a raise alone never extends', async ({ app, deps }) => {
      const world = { app, deps };
      const { seller, x, y } = await people(deps);
      const endsAt = deps.now() + 30 * MINUTE;
      const id = await auctionOf(deps, seller, 100, endsAt);
      await door.place(world, x, id, { bidAmount: 101, maxBid: 150 });

      deps.clock.set(endsAt - 10_000);
      const raised = await door.place(world, x, id, { maxBid: 300 });
      expect(raised.status).toBe(200);
      expect(raised.body.auction?.itemEndDate).toBe(new Date(endsAt).toISOString());
      expect((await stored(deps, id)).endsAt).toBe(endsAt);

      const answered = await door.place(world, y, id, { bidAmount: 105 });
      expect(answered.body).toMatchObject({ leading: false, auction: { currentPrice: 106 } });
      const extended = new Date(endsAt - 10_000 + 120_000).toISOString();
      expect(answered.body.auction?.itemEndDate).toBe(extended);
      expect((await door.read(world, seller, id)).itemEndDate).toBe(extended);
    });

    test('SOFT_CLOSE_SECONDS=30: only a bid less than 30 s before the end extends, by 30 s', async ({ makeApp }) => {
      const world = await makeApp({ SOFT_CLOSE_SECONDS: loadSettings({ SOFT_CLOSE_SECONDS: '30' }).SOFT_CLOSE_SECONDS });
      const { deps } = world;
      const { seller, x, y } = await people(deps);
      const endsAt = deps.now() + 30 * MINUTE;
      const id = await auctionOf(deps, seller, 100, endsAt);
      deps.clock.set(endsAt - 40_000);
      expect((await door.place(world, x, id, { bidAmount: 101 })).body.auction?.itemEndDate).toBe(new Date(endsAt).toISOString());
      deps.clock.set(endsAt - 30_000);
      expect((await door.place(world, y, id, { bidAmount: 102 })).body.auction?.itemEndDate).toBe(new Date(endsAt).toISOString());
      deps.clock.set(endsAt - 20_000);
      expect((await door.place(world, x, id, { bidAmount: 103 })).body.auction?.itemEndDate).toBe(new Date(endsAt + 10_000).toISOString());
    });

    test('SOFT_CLOSE_SECONDS=0 turns it off: a bid a second before the end leaves it, and at the end bids are 400', async ({ makeApp }) => {
      const world = await makeApp({ SOFT_CLOSE_SECONDS: loadSettings({ SOFT_CLOSE_SECONDS: '0' }).SOFT_CLOSE_SECONDS });
      const { deps } = world;
      expect(deps.settings.SOFT_CLOSE_SECONDS).toBe(0);
      const { seller, x, y } = await people(deps);
      const endsAt = deps.now() + 30 * MINUTE;
      const id = await auctionOf(deps, seller, 100, endsAt);
      await door.place(world, x, id, { bidAmount: 101, maxBid: 150 });
      deps.clock.set(endsAt - 1000);
      // A placed bid and the automatic bid answering it: neither moves the end.
      const late = await door.place(world, y, id, { bidAmount: 110 });
      expect(late).toMatchObject({ status: 201, body: { auction: { currentPrice: 111, itemEndDate: new Date(endsAt).toISOString() } } });
      deps.clock.set(endsAt);
      const refused = await door.place(world, y, id, { bidAmount: 120 });
      expect(refused.status).toBe(400);
      expect(await door.read(world, seller, id)).toMatchObject({
        status: 'ended',
        currentPrice: 111,
        itemEndDate: new Date(endsAt).toISOString(),
      });
    });
  });
});

describe('through the tRPC caller only', () => {
  test('a promise handed as maxBid is refused at maxBid, not awaited', async ({ deps }) => {
    const { seller, x } = await people(deps);
    const id = await auctionOf(deps, seller);
    const refused = await failure(x.caller.auction.placeBid({ auctionId: id, bidAmount: 105, maxBid: Promise.resolve('150') } as never));
    expect(refused.code).toBe('BAD_REQUEST');
    expect(refused.issues?.map((i) => i.path)).toEqual(['maxBid']);
    expect(await stored(deps, id)).toMatchObject({ count: 0, bids: 0 });
  });
});
