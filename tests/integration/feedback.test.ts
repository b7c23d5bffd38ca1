// Feedback and public profiles through both doors (REST and the orders and users routers), on SQLite
// and PostgreSQL: who may leave feedback and when, the order's answer carrying it, a double submit
// written once, the profile's counts, score and window, and no address in a profile.
import { describe, expect } from 'vitest';
import { DAY_MS } from '../../src/shared/constants';
import { FEEDBACK_WORDS } from '../../src/shared/feedback';
import { ORDER_WORDS } from '../../src/shared/orders';
import { failure, sessionOf, signedInUser } from '../support/accounts';
import { boughtOrder, insertAuction, insertAuctionsInOrder } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, post, sessionCookieHeader } from '../support/http';

type Person = Awaited<ReturnType<typeof signedInUser>>;

async function people(deps: TestDeps) {
  const seller = await signedInUser(deps, 'Sally Seller');
  const buyer = await signedInUser(deps, 'Bea Buyer');
  const stranger = await signedInUser(deps, 'Stan Stranger');
  const admin = await signedInUser(deps, 'Ada Admin', { role: 'admin' });
  return { seller, buyer, stranger, admin };
}

/** An order paid and received, through the steps as its seller and buyer take them. */
async function receivedOrder(deps: TestDeps, seller: Person, buyer: Person) {
  const { orderId: id } = await boughtOrder(deps, seller, buyer);
  await seller.caller.orders.paid({ id });
  await buyer.caller.orders.received({ id });
  return id;
}

const opts = (who: { token: string }) => ({ headers: { cookie: sessionCookieHeader(who.token) } });

describe('leaving feedback', () => {
  test('each side once, through REST and tRPC; the order carries both', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await receivedOrder(deps, seller, buyer);
    expect((await buyer.caller.orders.get({ id })).feedback).toEqual({ fromBuyer: null, fromSeller: null });

    deps.clock.advance(DAY_MS);
    const res = await post(app, `/api/orders/${id}/feedback`, { rating: 'positive', comment: '  Quick and kind.\nThanks!  ' }, opts(buyer));
    expect(res.statusCode, res.body).toBe(201);
    const fromBuyer = {
      rating: 'positive',
      comment: 'Quick and kind.\nThanks!',
      from: { _id: buyer._id, name: 'Bea Buyer' },
      role: 'buyer',
      createdAt: new Date(deps.now()).toISOString(),
    };
    expect(res.json()).toEqual(fromBuyer);

    const fromSeller = await seller.caller.orders.feedback({ id, rating: 'neutral', comment: '' });
    expect(fromSeller).toEqual({
      rating: 'neutral',
      comment: '',
      from: { _id: seller._id, name: 'Sally Seller' },
      role: 'seller',
      createdAt: fromBuyer.createdAt,
    });

    // Both parties (and an admin) read both on the order, by REST and tRPC, and in the list.
    const order = (await get(app, `/api/orders/${id}`, opts(seller))).json();
    expect(order.feedback).toEqual({ fromBuyer, fromSeller });
    expect((await buyer.caller.orders.get({ id })).feedback).toEqual({ fromBuyer, fromSeller });
    expect((await buyer.caller.orders.list({ limit: 10 })).orders[0]!.feedback).toEqual({ fromBuyer, fromSeller });

    // A second one by either side: 409, and nothing changes.
    const again = await post(app, `/api/orders/${id}/feedback`, { rating: 'negative', comment: 'Changed my mind' }, opts(buyer));
    expect(again.statusCode).toBe(409);
    expect(expectErrorBody(again).message).toBe(FEEDBACK_WORDS.alreadyGiven);
    expect(await failure(seller.caller.orders.feedback({ id, rating: 'negative', comment: '' }))).toMatchObject({
      code: 'CONFLICT',
      message: FEEDBACK_WORDS.alreadyGiven,
    });
    expect(await deps.sql('select role, rating from feedback order by role')).toEqual([
      { role: 'buyer', rating: 'positive' },
      { role: 'seller', rating: 'neutral' },
    ]);
  });

  test('refused before receipt (409 naming the status), past 60 days (409), for anyone else (404)', async ({ app, deps }) => {
    const { seller, buyer, stranger, admin } = await people(deps);
    const { orderId: unpaid } = await boughtOrder(deps, seller, buyer);
    const res = await post(app, `/api/orders/${unpaid}/feedback`, { rating: 'positive', comment: '' }, opts(buyer));
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res).message).toBe(FEEDBACK_WORDS.notReceived('awaiting_payment'));
    expect(FEEDBACK_WORDS.notReceived('awaiting_payment')).toBe(
      'This order is awaiting payment: feedback can be left once it is received.',
    );
    await seller.caller.orders.paid({ id: unpaid });
    expect(await failure(seller.caller.orders.feedback({ id: unpaid, rating: 'positive', comment: '' }))).toMatchObject({
      code: 'CONFLICT',
      message: FEEDBACK_WORDS.notReceived('paid'),
    });

    const id = await receivedOrder(deps, seller, buyer);
    for (const who of [stranger, admin]) {
      const refused = await post(app, `/api/orders/${id}/feedback`, { rating: 'negative', comment: '' }, opts(who));
      expect(refused.statusCode).toBe(404);
      expect(expectErrorBody(refused).message).toBe(ORDER_WORDS.notFound);
    }
    expect((await post(app, '/api/orders/99999/feedback', { rating: 'positive' }, opts(buyer))).statusCode).toBe(404);
    expect((await post(app, '/api/orders/abc/feedback', { rating: 'positive' }, opts(buyer))).statusCode).toBe(404);
    expect((await post(app, `/api/orders/${id}/feedback`, { rating: 'positive' }, {})).statusCode).toBe(401);

    // The 60th day still counts; a moment after it does not (through fresh sessions: the old ones lapsed).
    deps.clock.advance(60 * DAY_MS);
    const [buyerNow, sellerNow] = [await sessionOf(deps, buyer.id), await sessionOf(deps, seller.id)];
    expect((await post(app, `/api/orders/${id}/feedback`, { rating: 'positive' }, opts(buyerNow))).statusCode).toBe(201);
    deps.clock.advance(1);
    const late = await post(app, `/api/orders/${id}/feedback`, { rating: 'positive', comment: '' }, opts(sellerNow));
    expect(late.statusCode).toBe(409);
    expect(expectErrorBody(late).message).toBe(FEEDBACK_WORDS.tooLate);
    expect(await deps.sql('select role from feedback')).toEqual([{ role: 'buyer' }]);
  });

  test('bad input is 400 at its field: the rating, a long comment, control characters, direction marks', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await receivedOrder(deps, seller, buyer);
    const cases: Array<[unknown, string]> = [
      [{ comment: 'no rating' }, 'rating'],
      [{ rating: 'great' }, 'rating'],
      [{ rating: 'positive', comment: 'x'.repeat(501) }, 'comment'],
      [{ rating: 'positive', comment: 'a\u0007b' }, 'comment'],
      [{ rating: 'positive', comment: 'tab\there' }, 'comment'],
      [{ rating: 'positive', comment: 'evil \u202Etxt.exe' }, 'comment'],
      [{ rating: 'positive', comment: 'a\u0000b' }, 'comment'],
      [{ rating: 'positive', comment: 42 }, 'comment'],
    ];
    for (const [body, path] of cases) {
      const res = await post(app, `/api/orders/${id}/feedback`, body, opts(buyer));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(expectErrorBody(res).issues?.map((issue) => issue.path)).toEqual([path]);
    }
    // 500 characters after trimming, with line breaks: accepted.
    const longest = await post(app, `/api/orders/${id}/feedback`, { rating: 'neutral', comment: ` ${'y'.repeat(498)}\r\n ` }, opts(buyer));
    expect(longest.statusCode, longest.body).toBe(201);
    expect(await deps.sql('select count(*) as n from feedback')).toEqual([{ n: 1 }]);
  });

  test('the same feedback sent twice at once is written once', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const id = await receivedOrder(deps, seller, buyer);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        i % 2 === 0
          ? post(app, `/api/orders/${id}/feedback`, { rating: 'positive', comment: `try ${i}` }, opts(buyer))
          : buyer.caller.orders.feedback({ id, rating: 'positive', comment: `try ${i}` }).then(
              () => ({ statusCode: 201 }),
              () => ({ statusCode: 409 }),
            ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await deps.sql('select count(*) as n from feedback')).toEqual([{ n: 1 }]);
  });
});

describe('public profiles', () => {
  /** `n` received orders between `seller` and new buyers, each buyer rating the seller `rating`. */
  async function rated(deps: TestDeps, seller: Person, ratings: Array<'positive' | 'neutral' | 'negative'>) {
    for (const [i, rating] of ratings.entries()) {
      const buyer = await signedInUser(deps, `Buyer ${i}`);
      const id = await receivedOrder(deps, seller, buyer);
      await buyer.caller.orders.feedback({ id, rating, comment: `Said ${i}` });
      deps.clock.advance(1000);
    }
  }

  test('the profile: name, avatar, member since, counts, strikes, recent feedback, open auctions; no address', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const memberSince = new Date(deps.now()).toISOString();
    const open = await insertAuction(deps, seller.id, { itemName: 'Still open' });
    await insertAuction(deps, seller.id, { itemName: 'Not yet', startsAt: deps.now() + DAY_MS, endsAt: deps.now() + 2 * DAY_MS });
    await deps.sql('update users set unpaid_strikes = 2 where id = $1', [seller.id]);
    const id = await receivedOrder(deps, seller, buyer);
    await buyer.caller.orders.feedback({ id, rating: 'positive', comment: 'Lovely lamp' });
    await seller.caller.orders.feedback({ id, rating: 'negative', comment: 'Slow to pay' });

    const res = await get(app, `/api/users/${seller._id}`, opts(buyer));
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json();
    expect(profile).toEqual({
      user: { _id: seller._id, name: 'Sally Seller', avatar: seller.user.avatar, memberSince },
      feedback: { positive: 1, neutral: 0, negative: 0, score: null },
      unpaidStrikes: 2,
      recentFeedback: [
        { rating: 'positive', comment: 'Lovely lamp', from: { _id: buyer._id, name: 'Bea Buyer' }, role: 'buyer', createdAt: memberSince },
      ],
      openAuctions: [expect.objectContaining({ _id: open, itemName: 'Still open', status: 'open' })],
    });
    expect(res.body).not.toContain(seller.email);
    expect(res.body).not.toMatch(/passwordHash|password_hash|lastLogin|emailVerified/);
    // The same through tRPC; the buyer's own profile counts what the seller said of them.
    expect(JSON.parse(JSON.stringify(await buyer.caller.users.profile({ id: seller._id })))).toEqual(profile);
    const buyers = await seller.caller.users.profile({ id: buyer._id });
    expect(buyers.feedback).toEqual({ positive: 0, neutral: 0, negative: 1, score: null });
    expect(buyers.recentFeedback.map((f) => [f.role, f.from.name])).toEqual([['seller', 'Sally Seller']]);
    expect(JSON.stringify(buyers)).not.toContain(buyer.email);

    // Unknown or malformed: 404; signed out: 401.
    for (const path of ['/api/users/99999', '/api/users/abc']) expect((await get(app, path, opts(buyer))).statusCode).toBe(404);
    expect(await failure(buyer.caller.users.profile({ id: '99999' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: FEEDBACK_WORDS.userNotFound,
    });
    expect((await get(app, `/api/users/${seller._id}`)).statusCode).toBe(401);
  });

  test('the score: rounded to a whole percent among positive and negative, none below 5 ratings', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    const score = async () => (await buyer.caller.users.profile({ id: seller._id })).feedback;
    await rated(deps, seller, ['positive', 'positive', 'positive', 'neutral']);
    expect(await score()).toEqual({ positive: 3, neutral: 1, negative: 0, score: null });
    await rated(deps, seller, ['negative']);
    // 3 of 4 judged (the neutral one counts toward the five, not the share).
    expect(await score()).toEqual({ positive: 3, neutral: 1, negative: 1, score: 75 });
    await rated(deps, seller, ['positive', 'positive', 'positive', 'positive']);
    // 7 of 8: 87.5 rounds up to 88.
    expect(await score()).toEqual({ positive: 7, neutral: 1, negative: 1, score: 88 });
    await rated(deps, seller, ['negative', 'negative']);
    // 7 of 10.
    expect(await score()).toEqual({ positive: 7, neutral: 1, negative: 3, score: 70 });
    await rated(deps, seller, ['positive']);
    // 8 of 11: 72.7 rounds to 73; the recent list keeps the 10 newest.
    const profile = await buyer.caller.users.profile({ id: seller._id });
    expect(profile.feedback.score).toBe(73);
    expect(profile.recentFeedback).toHaveLength(10);
    expect(profile.recentFeedback[0]).toMatchObject({ from: { name: 'Buyer 0' }, comment: 'Said 0', rating: 'positive' });
    const times = profile.recentFeedback.map((f) => f.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    // The first of the eleven (a second before the next) is the one left out.
    expect(times.at(-1)).toBe(new Date(deps.now() - 10_000).toISOString());
  });

  test('counts cover the last 365 days: older feedback leaves the counts and the score', async ({ deps }) => {
    const { seller, buyer } = await people(deps);
    const profile = async () => (await buyer.caller.users.profile({ id: seller._id })).feedback;
    await rated(deps, seller, ['negative', 'negative', 'negative']);
    deps.clock.advance(200 * DAY_MS);
    await rated(deps, seller, ['positive', 'positive', 'positive']);
    expect(await profile()).toEqual({ positive: 3, neutral: 0, negative: 3, score: 50 });
    // The first three are now more than 365 days old.
    deps.clock.advance(166 * DAY_MS);
    expect(await profile()).toEqual({ positive: 3, neutral: 0, negative: 0, score: null });
    const recent = (await buyer.caller.users.profile({ id: seller._id })).recentFeedback;
    expect(recent.map((f) => f.rating)).toEqual(['positive', 'positive', 'positive', 'negative', 'negative', 'negative']);
  });

  test('open auctions: the 24 newest open ones; none cancelled, ended or still to start', async ({ app, deps }) => {
    const { seller, buyer } = await people(deps);
    const now = deps.now();
    const open = await insertAuctionsInOrder(
      deps,
      seller.id,
      Array.from({ length: 25 }, (_, i) => ({ itemName: `Open ${i}` })),
    );
    const cancelled = await insertAuction(deps, seller.id, { itemName: 'Cancelled' });
    await deps.store.auctions.cancel(Number(cancelled), seller.id, new Date(now));
    await insertAuction(deps, seller.id, { itemName: 'Ended', startsAt: now - 2 * DAY_MS, endsAt: now - DAY_MS });
    await insertAuction(deps, buyer.id, { itemName: 'Someone else’s' });
    const res = await get(app, `/api/users/${seller._id}`, opts(buyer));
    expect(res.statusCode).toBe(200);
    const ids = res.json().openAuctions.map((a: { _id: string }) => a._id);
    expect(ids).toEqual(open.slice(1).reverse());
  });
});
