// Orders through both doors (REST /api/orders and the orders router), on SQLite and PostgreSQL: made
// exactly once by the close and by Buy It Now, every move and refusal, the overdue notice once, the
// strike, the reads, and moves at the same instant over real HTTP, where one stands.
import { describe, expect, vi } from 'vitest';
import { ORDER_WORDS } from '../../src/shared/orders';
import { DAY_MS } from '../../src/shared/constants';
import { closeDueAuctions } from '../../src/server/services/closing';
import { tellOverdueOrders } from '../../src/server/services/orders';
import { placeBid } from '../../src/server/services/bids';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { failure, insertUser, signedInUser } from '../support/accounts';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';
import { newestNotices } from '../support/notices';

const HOUR_MS = 3_600_000;

// The close and the overdue notice are run by hand here, so that the app's own tick never races a
// test's count; the last test lets the tick run.
test.override({ buildOptions: { closeAuctions: false } });

async function people(deps: TestDeps) {
  const [seller, buyer, stranger, admin] = await Promise.all([
    signedInUser(deps, 'Sally Seller'),
    signedInUser(deps, 'Bea Buyer'),
    signedInUser(deps, 'Stan Stranger'),
    signedInUser(deps, 'Ada Admin', { role: 'admin' }),
  ]);
  return { seller: seller!, buyer: buyer!, stranger: stranger!, admin: admin! };
}

/** An auction open for an hour at $100, shipping $15 unless told (null: pickup). */
async function listing(
  deps: TestDeps,
  sellerId: number,
  fields: { shippingCost?: number | null; reservePrice?: number; itemName?: string } = {},
) {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: fields.itemName ?? 'Brass desk lamp',
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: 100,
    reservePrice: fields.reservePrice ?? null,
    buyNowPrice: 250,
    shippingCost: fields.shippingCost === undefined ? 15 : fields.shippingCost,
    photo: null,
    startsAt: new Date(now),
    endsAt: new Date(now + HOUR_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

type Person = Awaited<ReturnType<typeof people>>['buyer'];

/** An auction won at $105 by `buyer` and closed: its order's id. */
async function wonOrder(deps: TestDeps, seller: Person, buyer: Person, fields: Parameters<typeof listing>[2] = {}) {
  const id = await listing(deps, seller.id, fields);
  await buyer.caller.auction.placeBid({ auctionId: id, bidAmount: 105 });
  deps.clock.advance(HOUR_MS);
  await closeDueAuctions(deps);
  const { orders } = await buyer.caller.orders.list({ role: 'buyer', limit: 100 });
  return orders.find((o) => o.auction._id === id)!._id;
}

const opts = (who: { token: string }) => ({ headers: { cookie: sessionCookieHeader(who.token) } });
const move = (app: Parameters<typeof post>[0], id: string, step: string, who: { token: string }, body: object = {}) =>
  post(app, `/api/orders/${id}/${step}`, body, opts(who));

const kindsOf = async (deps: TestDeps, userId: number) => (await newestNotices(deps.store, userId, 100)).map((n) => n.kind);

describe('orders made by the close and by Buy It Now', () => {
  test('the close makes one order for the winner, in the shape of the answer, due 48 hours later', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const auctionId = await listing(deps, seller.id);
    await buyer.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    deps.clock.advance(HOUR_MS);
    const closedAt = deps.now();
    expect(await closeDueAuctions(deps)).toBe(1);

    const res = await get(app, '/api/orders?role=buyer', opts(buyer));
    expect(res.statusCode, res.body).toBe(200);
    const { orders, nextCursor } = res.json();
    expect(nextCursor).toBeNull();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toEqual({
      _id: expect.stringMatching(/^\d+$/),
      auction: { _id: auctionId, itemName: 'Brass desk lamp', itemPhoto: `${deps.settings.PUBLIC_URL}/placeholder.svg` },
      buyer: { _id: buyer._id, name: 'Bea Buyer' },
      seller: { _id: seller._id, name: 'Sally Seller' },
      price: 105,
      shippingCost: 15,
      total: 120,
      status: 'awaiting_payment',
      createdAt: new Date(closedAt).toISOString(),
      dueAt: new Date(closedAt + 48 * HOUR_MS).toISOString(),
      paidAt: null,
      shippedAt: null,
      trackingNumber: null,
      receivedAt: null,
      cancelledAt: null,
      cancelReason: null,
      feedback: { fromBuyer: null, fromSeller: null },
    });
    // The seller sees it among their sales, and by its id; the same through tRPC.
    expect((await get(app, '/api/orders?role=seller', opts(seller))).json().orders).toEqual(orders);
    expect((await get(app, `/api/orders/${orders[0]._id}`, opts(seller))).json()).toEqual(orders[0]);
    expect(await seller.caller.orders.get({ id: orders[0]._id })).toEqual(orders[0]);
    // The ended auction's page names the order to its buyer and its seller, and to nobody else.
    for (const who of [buyer, seller]) expect((await get(app, `/api/auction/${auctionId}`, opts(who))).json().orderId).toBe(orders[0]._id);
    const stranger = await signedInUser(deps, 'Stan Stranger');
    expect((await get(app, `/api/auction/${auctionId}`, opts(stranger))).json()).not.toHaveProperty('orderId');
    expect((await buyer.caller.orders.list({ role: 'seller', limit: 10 })).orders).toEqual([]);
  });

  test('no order without a buyer: no bids, or a reserve not met', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    await listing(deps, seller.id, { itemName: 'Nobody bid' });
    const reserved = await listing(deps, seller.id, { itemName: 'Reserve not met', reservePrice: 500 });
    await buyer.caller.auction.placeBid({ auctionId: reserved, bidAmount: 105 });
    deps.clock.advance(HOUR_MS);
    expect(await closeDueAuctions(deps)).toBe(2);
    expect((await seller.caller.orders.list({ limit: 100 })).orders).toEqual([]);
    expect(await deps.sql('select id from orders')).toEqual([]);
  });

  test('two closers at once: every auction with a buyer gets exactly one order', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await listing(deps, seller.id, { itemName: `Lot ${i}` }));
    for (const auctionId of ids) await buyer.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    deps.clock.advance(HOUR_MS);
    const [one, two] = await Promise.all([closeDueAuctions(deps), closeDueAuctions(deps)]);
    expect(one + two).toBe(30);
    const rows = await deps.sql<{ auctionId: number }>('select auction_id as "auctionId" from orders order by auction_id');
    expect(rows.map((r) => String(r.auctionId))).toEqual(ids);
  });

  test('two instances over one database close and tell at once: one order per sale, one overdue notice per side', async ({ database }) => {
    // Real clocks here: each instance's deps read the time themselves, as two servers would.
    const instances = await Promise.all(
      [0, 1].map(async () => {
        const { settings, ...shared } = await database.open({ PAYMENT_DUE_HOURS: 0.0001, SOFT_CLOSE_SECONDS: 0 });
        return createDeps(settings, shared);
      }),
    );
    const [one, two] = instances as [AppDeps, AppDeps];
    const [seller, buyer] = [await insertUser(one, { name: 'Sally Seller' }), await insertUser(one, { name: 'Bea Buyer' })];
    const ids: number[] = [];
    const endsAt = Date.now() + 2000;
    for (let i = 0; i < 20; i++) {
      const now = Date.now();
      const row = await one.store.auctions.insert({
        sellerId: seller.id,
        itemName: `Shared ${i}`,
        itemDescription: 'On two instances',
        itemCategory: 'Other',
        startingPrice: 10,
        photo: null,
        startsAt: new Date(now - 2000),
        endsAt: new Date(endsAt),
        createdAt: new Date(now),
      });
      await placeBid(one, buyer, { auctionId: String(row.id), bidAmount: 11 });
      ids.push(row.id);
    }
    await new Promise((resolve) => setTimeout(resolve, endsAt - Date.now() + 50));
    const [a, b] = await Promise.all([closeDueAuctions(one), closeDueAuctions(two)]);
    expect(a + b).toBe(20);
    const orders = await one.store.orders.page(buyer.id, { limit: 100 });
    expect(orders.items.map((o) => o.auctionId).sort((x, y) => x - y)).toEqual(ids);
    // Due 0.36 seconds after the close: then each order is told once, whichever instance claims it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const told = await Promise.all([tellOverdueOrders(one), tellOverdueOrders(two)]);
    expect(told.flat()).toHaveLength(40);
    const overdue = (await newestNotices(one.store, buyer.id, 1000)).filter((n) => n.kind === 'payment_overdue');
    expect(overdue).toHaveLength(20);
  });

  test('Buy It Now answers its order, made with the purchase; a pickup has no shipping in its total', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const auctionId = await listing(deps, seller.id, { shippingCost: null });
    const res = await post(app, `/api/auction/${auctionId}/buy`, {}, opts(buyer));
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({ auction: { _id: auctionId }, price: 250, shippingCost: null, total: 250, status: 'awaiting_payment' });
    expect(res.json().auction.orderId).toBe(order._id);
    expect((await get(app, `/api/orders/${order._id}`, opts(buyer))).json()).toEqual(order);
    // The close that comes later finds it closed already: still one order.
    deps.clock.advance(2 * HOUR_MS);
    expect(await closeDueAuctions(deps)).toBe(0);
    expect(await deps.sql('select id from orders')).toHaveLength(1);
  });
});

describe('moves', () => {
  test('paid, shipped with its tracking number, received: each 200 with the order, each telling the other side', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);

    const paid = await move(app, id, 'paid', seller);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ _id: id, status: 'paid', paidAt: new Date(deps.now()).toISOString() });
    expect(await kindsOf(deps, buyer.id)).toContain('order_paid');

    const bad = await move(app, id, 'shipped', seller, { trackingNumber: 'x'.repeat(101) });
    expect(bad.statusCode).toBe(400);
    expect(expectErrorBody(bad).issues).toEqual([expect.objectContaining({ path: 'trackingNumber' })]);
    expect((await move(app, id, 'shipped', seller, { trackingNumber: 'AB\u0007C' })).statusCode).toBe(400);

    const shipped = await move(app, id, 'shipped', seller, { trackingNumber: ' 1Z999AA10123456784 ' });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().order).toMatchObject({ status: 'shipped', trackingNumber: '1Z999AA10123456784' });
    const [notice] = await newestNotices(deps.store, buyer.id, 1);
    expect(notice).toMatchObject({ kind: 'order_shipped', message: expect.stringContaining('1Z999AA10123456784') });

    const received = await buyer.caller.orders.received({ id });
    expect(received.order).toMatchObject({ status: 'received', receivedAt: new Date(deps.now()).toISOString() });
    expect(await kindsOf(deps, seller.id)).toContain('order_received');
  });

  test('refusals: the wrong party 403, anyone else 404, a state the move does not start from 409 naming it', async ({ app, deps }) => {
    const { seller, buyer, stranger } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);

    for (const step of ['paid', 'shipped']) expect((await move(app, id, step, buyer)).statusCode).toBe(403);
    expect((await move(app, id, 'received', seller)).statusCode).toBe(403);
    expect((await move(app, id, 'cancel', buyer, { reason: 'unpaid' })).statusCode).toBe(403);
    for (const step of ['paid', 'shipped', 'received']) expect((await move(app, id, step, stranger)).statusCode).toBe(404);
    expect((await move(app, '424242', 'paid', seller)).statusCode).toBe(404);
    expect((await move(app, 'nope', 'paid', seller)).statusCode).toBe(404);
    expect((await post(app, `/api/orders/${id}/paid`, {})).statusCode).toBe(401);

    // Not started from here: shipped before paid, received before shipped.
    const early = await move(app, id, 'shipped', seller);
    expect(early.statusCode).toBe(409);
    expect(expectErrorBody(early).error).toBe(ORDER_WORDS.notNow('awaiting_payment'));
    expect((await move(app, id, 'received', buyer)).statusCode).toBe(409);

    expect((await move(app, id, 'paid', seller)).statusCode).toBe(200);
    const again = await move(app, id, 'paid', seller);
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).error).toBe(ORDER_WORDS.notNow('paid'));
    // A shipped item is not received from paid: only a pickup is.
    expect(await failure(buyer.caller.orders.received({ id }))).toMatchObject({ code: 'CONFLICT' });
    expect(await failure(seller.caller.orders.cancel({ id, reason: 'unpaid' }))).toMatchObject({ code: 'CONFLICT' });
  });

  test('a pickup goes from paid straight to received', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await wonOrder(deps, seller, buyer, { shippingCost: null });
    await seller.caller.orders.paid({ id });
    expect((await buyer.caller.orders.received({ id })).order.status).toBe('received');
  });

  test('cancel: 409 before the due time, then cancelled with a strike on the buyer and a notice; the item may be relisted', async ({
    app,
    deps,
  }) => {
    const { seller, buyer } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);
    expect((await move(app, id, 'cancel', seller, {})).statusCode).toBe(400);
    expect((await move(app, id, 'cancel', seller, { reason: 'changed my mind' })).statusCode).toBe(400);
    const early = await move(app, id, 'cancel', seller, { reason: 'unpaid' });
    expect(early.statusCode).toBe(409);
    expect(expectErrorBody(early).error).toBe(ORDER_WORDS.notDueYet);

    deps.clock.advance(48 * HOUR_MS);
    const res = await move(app, id, 'cancel', seller, { reason: 'unpaid' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({
      status: 'cancelled',
      cancelReason: 'unpaid',
      cancelledAt: new Date(deps.now()).toISOString(),
    });
    expect(await deps.sql('select unpaid_strikes as "s" from users where id = $1', [buyer.id])).toEqual([{ s: 1 }]);
    expect(await kindsOf(deps, buyer.id)).toContain('order_cancelled');
    expect((await move(app, id, 'paid', seller)).statusCode).toBe(409);

    // Unsold now: its seller may put it up again.
    const order = await seller.caller.orders.get({ id });
    const start = new Date(deps.now() + 60_000).toISOString();
    const end = new Date(deps.now() + DAY_MS).toISOString();
    const relisted = await post(app, `/api/auction/${order.auction._id}/relist`, { itemStartDate: start, itemEndDate: end }, opts(seller));
    expect(relisted.statusCode, relisted.body).toBe(201);
  });

  test('moves at the same instant over HTTP: one stands, the others 409', async ({ listening: { deps, baseUrl } }) => {
    const { seller, buyer } = await people(deps);
    const fire = async (id: string, step: string, who: Person, body: object = {}) =>
      (
        await fetch(`${baseUrl}/api/orders/${id}/${step}`, {
          method: 'POST',
          headers: { cookie: sessionCookieHeader(who.token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status;
    for (let round = 0; round < 3; round++) {
      const id = await wonOrder(deps, seller, buyer, { itemName: `Raced ${round}` });
      deps.clock.advance(48 * HOUR_MS);
      const shots = Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0 ? fire(id, 'paid', seller) : fire(id, 'cancel', seller, { reason: 'unpaid' }),
      );
      const statuses = await Promise.all(shots);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(9);
      const order = await seller.caller.orders.get({ id });
      const strikes = await deps.sql<{ s: number }>('select unpaid_strikes as "s" from users where id = $1', [buyer.id]);
      // Whichever stood: the strikes count the cancels that did.
      expect(['paid', 'cancelled']).toContain(order.status);
      expect(
        (await newestNotices(deps.store, buyer.id, 1000)).filter((n) => n.kind === 'order_paid' || n.kind === 'order_cancelled'),
      ).toHaveLength(round + 1);
      expect(strikes[0]!.s).toBeLessThanOrEqual(round + 1);
    }
  });
});

describe('reads', () => {
  test('one order for its buyer, its seller and an admin; 404 for anyone else', async ({ app, deps }) => {
    const { seller, buyer, stranger, admin } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);
    for (const who of [buyer, seller, admin]) expect((await get(app, `/api/orders/${id}`, opts(who))).statusCode).toBe(200);
    expect((await get(app, `/api/orders/${id}`, opts(stranger))).statusCode).toBe(404);
    expect(await failure(stranger.caller.orders.get({ id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(app, '/api/orders/999999', opts(admin))).statusCode).toBe(404);
    expect((await get(app, `/api/orders/${id}`)).statusCode).toBe(401);
  });

  test('the list: newest first, by role and status, a page at a time; bad filters 400', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await wonOrder(deps, seller, buyer, { itemName: `Lot ${i}` }));
    await seller.caller.orders.paid({ id: ids[1]! });

    const first = (await get(app, '/api/orders?limit=2', opts(buyer))).json();
    expect(first.orders.map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]]);
    const rest = (await get(app, `/api/orders?limit=2&cursor=${first.nextCursor}`, opts(buyer))).json();
    expect(rest).toEqual({ orders: [expect.objectContaining({ _id: ids[0] })], nextCursor: null });
    const paid = (await get(app, '/api/orders?role=seller&status=paid', opts(seller))).json();
    expect(paid.orders.map((o: { _id: string }) => o._id)).toEqual([ids[1]]);
    for (const q of ['role=owner', 'status=lost', 'limit=0', 'limit=101', 'cursor=abc']) {
      const res = await get(app, `/api/orders?${q}`, opts(buyer));
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('the overdue notice', () => {
  test.override({ settings: { PAYMENT_DUE_HOURS: 0.01 } });

  test('both sides are told once, when the due time of an unpaid order passes, however many tick', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    for (const itemName of ['Unpaid', 'Paid']) {
      const auctionId = await listing(deps, seller.id, { itemName });
      await buyer.caller.auction.placeBid({ auctionId, bidAmount: 105 });
    }
    deps.clock.advance(HOUR_MS);
    await closeDueAuctions(deps);
    const { orders } = await seller.caller.orders.list({ limit: 10 });
    const [paidId, unpaid] = [orders[0]!._id, orders[1]!._id];
    await seller.caller.orders.paid({ id: paidId });
    expect(await tellOverdueOrders(deps)).toEqual([]);

    deps.clock.advance(36_000);
    const told = await Promise.all([tellOverdueOrders(deps), tellOverdueOrders(deps)]);
    expect(told.flat().sort()).toEqual([seller.id, buyer.id].sort());
    expect(await tellOverdueOrders(deps)).toEqual([]);
    const overdue = async (userId: number) => (await kindsOf(deps, userId)).filter((k) => k === 'payment_overdue');
    expect(await overdue(buyer.id)).toHaveLength(1);
    expect(await overdue(seller.id)).toHaveLength(1);
    expect((await seller.caller.orders.get({ id: unpaid })).status).toBe('awaiting_payment');
  });
});

describe('the overdue notice on the server’s own tick', () => {
  test.override({ settings: { PAYMENT_DUE_HOURS: 0.01 }, buildOptions: { closeAuctions: true } });

  test('within seconds of the due time, both sides are told', async ({ app, deps }) => {
    await app.ready();
    const { seller, buyer } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);
    deps.clock.advance(36_000);
    await vi.waitFor(
      async () => {
        for (const who of [buyer, seller]) expect(await kindsOf(deps, who.id)).toContain('payment_overdue');
      },
      { timeout: 5000, interval: 100 },
    );
    expect((await seller.caller.orders.get({ id })).status).toBe('awaiting_payment');
  });
});

describe('notices about an order open it', () => {
  test('won, sold and each move name the order to its buyer and its seller; other notices name none', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await wonOrder(deps, seller, buyer);
    await seller.caller.orders.paid({ id });
    const buyerNotices = (await get(app, '/api/user/notifications?limit=50', opts(buyer))).json().notifications;
    expect(buyerNotices.map((n: { kind: string; orderId: string | null }) => [n.kind, n.orderId])).toEqual([
      ['order_paid', id],
      ['won', id],
    ]);
    const sellerNotices = await seller.caller.user.notifications({ limit: 50 });
    expect(sellerNotices.notifications.find((n) => n.kind === 'sold')).toMatchObject({ orderId: id, withUserId: null });
    // The outbid notice of the same auction is not about the order.
    const rival = await signedInUser(deps, 'Rita Rival');
    const other = await listing(deps, seller.id);
    await rival!.caller.auction.placeBid({ auctionId: other, bidAmount: 105 });
    await buyer.caller.auction.placeBid({ auctionId: other, bidAmount: 110 });
    const [outbid] = (await rival!.caller.user.notifications({ limit: 1 })).notifications;
    expect(outbid).toMatchObject({ kind: 'outbid', orderId: null, withUserId: null });
  });
});
