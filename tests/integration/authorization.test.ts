// The authorisation matrix. The procedures are read from the router the REST routes call (the tRPC
// router's, and the whole lists only REST answers) and the REST routes from the Fastify instance; each must have a reviewed decision below for a signed-out caller, a user and an
// admin, so a new procedure or route cannot slip in without one (and a stale entry fails too).
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { codeAt, stepAt } from '../../src/server/domain/two-factor';
import { createSession, findSessionUser, hashToken } from '../../src/server/services/sessions';
import { startLoginChallenge } from '../../src/server/services/two-factor';
import { DAY_MS } from '../../src/shared/constants';
import { createInnerContext } from '../../src/server/trpc/context';
import { createRestCaller, restRouter, type RestCaller } from '../../src/server/trpc/router';
import { PASSWORD, anonymousCaller, callerFor, insertUser, signedInUser } from '../support/accounts';
import { auctionForm, image, insertAuction, plainDate } from '../support/auctions';
import { uniqueEmail } from '../support/emails';
import { test, type TestDeps } from '../support/fixtures';
import { endedBelowReserve, pendingOffer } from '../support/offers';
import { expectErrorBody, get, post, request, sessionCookieHeader, sessionCookies } from '../support/http';

// The site sends mail here (to a port where nobody listens), so that password reset is offered.
test.override({ settings: { SMTP_URL: 'smtp://127.0.0.1:9' } });

/** A live password reset link of the user, as its mail would carry it. */
async function resetToken(deps: TestDeps, userId: number): Promise<string> {
  const token = `matrix-${uniqueEmail('reset')}`;
  const now = deps.now();
  await deps.store.passwordResets.create(
    { id: hashToken(token), userId, createdAt: new Date(now), expiresAt: new Date(now + 60_000) },
    { to: 'nobody@example.com', subject: 'S', text: 'T', html: 'H' },
  );
  return token;
}

/** A live address confirmation link of the user, as its mail would carry it. */
async function confirmationToken(deps: TestDeps, userId: number): Promise<string> {
  const token = `matrix-${uniqueEmail('confirm')}`;
  const now = deps.now();
  await deps.store.emailConfirmations.create(
    { id: hashToken(token), userId, createdAt: new Date(now), expiresAt: new Date(now + 60_000) },
    { to: 'nobody@example.com', subject: 'S', text: 'T', html: 'H' },
  );
  return token;
}

const MATRIX_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The caller's account (signed out: the seller's) with two-factor set up, pending or on; the code of now for it. */
async function twoFactorCode(fx: Fixture, who: Who, deps: TestDeps, state: 'pending' | 'on'): Promise<string> {
  const userId = who === 'signedOut' ? fx.seller.id : (await findSessionUser(deps, await fx.token(who)))!.id;
  const now = deps.now();
  await deps.store.twoFactor.setPending(userId, MATRIX_SECRET, new Date(now));
  if (state === 'on') await deps.store.twoFactor.enable(userId, MATRIX_SECRET, stepAt(now) - 2, [hashToken('matrixcode')], new Date(now));
  return codeAt(MATRIX_SECRET, now);
}

/** The second step of the seller's login, with two-factor on: a live challenge and the code of now. */
async function loginCode(fx: Fixture, deps: TestDeps) {
  const code = await twoFactorCode(fx, 'signedOut', deps, 'on');
  return { challenge: await startLoginChallenge(deps, fx.seller.id), code };
}

/** A relist's dates: from today for three days. */
const relistDates = (deps: TestDeps) => ({ itemStartDate: plainDate(deps.now()), itemEndDate: plainDate(deps.now(), 3) });

type Who = 'signedOut' | 'user' | 'admin';
/** CONFLICT: a valid request the product's rule refuses for that caller (an administrator deleting their own account). */
type Outcome = 'data' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'CONFLICT';
const WHO: Who[] = ['signedOut', 'user', 'admin'];

/** Everyone the matrix needs, inserted directly: one user, one admin, a seller with an auction per caller. */
async function fixture(deps: TestDeps) {
  // Their addresses are not confirmed yet, so that they may ask for the link again.
  const user = await insertUser(deps, { name: 'Uma User', confirmed: false });
  const admin = await insertUser(deps, { name: 'Adam Admin', role: 'admin', confirmed: false });
  const seller = await insertUser(deps, { name: 'Sid Seller' });
  const auctions = {
    signedOut: await insertAuction(deps, seller.id, { itemName: 'For nobody', startingPrice: 10 }),
    user: await insertAuction(deps, seller.id, { itemName: 'For the user', startingPrice: 10 }),
    admin: await insertAuction(deps, seller.id, { itemName: 'For the admin', startingPrice: 10 }),
  };
  const ids = { user: user.id, admin: admin.id };
  return {
    seller,
    auctions,
    /**
     * An auction the caller sells (a signed-out caller: the seller's), open without bids unless ended,
     * in which case it ended without one: what a cancel and a relist may take.
     */
    async own(who: Who, deps: TestDeps, state: 'open' | 'ended' = 'open') {
      const now = deps.now();
      const dates = state === 'ended' ? { startsAt: now - 2 * DAY_MS, endsAt: now - DAY_MS } : {};
      return insertAuction(deps, who === 'signedOut' ? seller.id : ids[who], { itemName: 'Their own', ...dates });
    },
    /** A fresh session for each call, so that a logout or password change spoils nothing else. */
    async token(who: Exclude<Who, 'signedOut'>) {
      return (await createSession(deps, ids[who])).token;
    },
    async caller(who: Who, signal?: AbortSignal): Promise<RestCaller> {
      const options = signal ? { signal } : {};
      const user = who === 'signedOut' ? null : await findSessionUser(deps, await this.token(who));
      if (who !== 'signedOut' && !user) throw new Error('no live session for the fresh token');
      return createRestCaller(createInnerContext(deps, { user }), options);
    },
  };
}
type Fixture = Awaited<ReturnType<typeof fixture>>;

/** An open auction of the fixture's seller with one bid by a bidder of its own: what a removal takes. */
async function bidOn(fx: Fixture, deps: TestDeps): Promise<{ auctionId: string; userId: string }> {
  const bidder = await insertUser(deps, { name: 'Bo Bidder' });
  const auctionId = await insertAuction(deps, fx.seller.id, { itemName: 'Bid on', startingPrice: 10 });
  const user = await findSessionUser(deps, (await createSession(deps, bidder.id)).token);
  await createRestCaller(createInnerContext(deps, { user })).auction.placeBid({ auctionId, bidAmount: 11 });
  return { auctionId, userId: String(bidder.id) };
}

/** A saved search of the caller's own, to delete (signed out: an id, which is never reached). */
async function ownSavedSearch(fx: Fixture, who: Who, deps: TestDeps): Promise<string> {
  if (who === 'signedOut') return '1';
  const user = (await findSessionUser(deps, await fx.token(who)))!;
  const saved = await deps.store.searches.save(
    { userId: user.id, q: 'lamp', category: null, maxPrice: null, createdAt: new Date(deps.now()) },
    20,
  );
  if (saved === 'full') throw new Error('the matrix user keeps no searches yet');
  return String(saved.id);
}

/**
 * An order of the caller's, as its seller or its buyer (the other side the fixture's seller), bought
 * at once and due already, at `status`; signed out, the seller's own, never reached. Its id.
 */
async function ownOrder(fx: Fixture, who: Who, deps: TestDeps, side: 'seller' | 'buyer', status = 'awaiting_payment'): Promise<string> {
  const me = who === 'signedOut' ? fx.seller : (await findSessionUser(deps, await fx.token(who)))!;
  const sellerId = side === 'seller' ? me.id : fx.seller.id;
  const buyer = side === 'buyer' ? me : fx.seller;
  const auctionId = await insertAuction(deps, sellerId, { itemName: 'Sold to order', startingPrice: 10 });
  const at = new Date(deps.now());
  const outcome = await deps.store.auctions.buyNow({ auctionId: Number(auctionId), buyer, paymentDueMs: 0 }, () => ({
    at,
    price: 50,
    notices: [],
  }));
  if (outcome.kind !== 'bought') throw new Error('the matrix order was not bought');
  await deps.sql(`update orders set status = '${status}' where id = $1`, [outcome.order.id]);
  return String(outcome.order.id);
}

/** An order the caller bought (signed out: the seller's own, never reached), received just now: feedback is open. */
async function receivedOrder(fx: Fixture, who: Who, deps: TestDeps): Promise<string> {
  const id = await ownOrder(fx, who, deps, 'buyer', 'received');
  await deps.sql('update orders set received_at = $1 where id = $2', [new Date(deps.now()), Number(id)]);
  return id;
}

/**
 * An auction the caller sold below its reserve, the fixture's seller its bidder, and an offer of
 * another auction to the caller (signed out: the seller's, never reached). Ids.
 */
async function offerable(fx: Fixture, who: Who, deps: TestDeps): Promise<{ auctionId: string; to: string }> {
  const me = who === 'signedOut' ? fx.seller : (await findSessionUser(deps, await fx.token(who)))!;
  return { auctionId: await endedBelowReserve(deps, me.id, fx.seller.id), to: String(fx.seller.id) };
}
async function offerToMe(fx: Fixture, who: Who, deps: TestDeps): Promise<string> {
  if (who === 'signedOut') return '1';
  return pendingOffer(deps, fx.seller.id, (await findSessionUser(deps, await fx.token(who)))!.id);
}

/** A new auction of the fixture's seller, which anyone else may report: its id. */
const reportable = (fx: Fixture, deps: TestDeps) => insertAuction(deps, fx.seller.id, { itemName: 'To report', startingPrice: 10 });

/** An open report by a new user on a new auction of the fixture's seller: its id. */
async function openReport(fx: Fixture, deps: TestDeps): Promise<string> {
  const [auctionId, reporter] = [await reportable(fx, deps), await insertUser(deps, { name: 'Rae Reporter' })];
  const report = await deps.store.reports.make(Number(auctionId), () => ({
    reporterId: reporter.id,
    reason: 'spam',
    details: '',
    at: new Date(deps.now()),
  }));
  if (report === false) throw new Error('the matrix report was not made');
  return String(report.id);
}

/** The fixture's auction with a Buy It Now price, so that it can be bought; its id. */
async function withBuyNowPrice(deps: TestDeps, auctionId: string): Promise<string> {
  await deps.sql('update auctions set buy_now_price = 50 where id = $1', [Number(auctionId)]);
  return auctionId;
}

/** A fresh user for an administrator to act on (suspend, promote): each call its own, so that none is a repeat. */
async function someoneElse(deps: TestDeps): Promise<string> {
  return String((await insertUser(deps, { name: 'Tess Target' })).id);
}

/** A photo as the avatar form carries it. */
async function avatarForm(): Promise<FormData> {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(await image('png'))], 'me.png', { type: 'image/png' }));
  return form;
}

// ---------------------------------------------------------------------------------------------
// tRPC

interface ProcedureDecision {
  type: 'query' | 'mutation' | 'subscription';
  signedOut: Outcome;
  user: Outcome;
  admin: Outcome;
  /** Valid input for that caller. */
  input?: (fx: Fixture, who: Who, deps: TestDeps) => unknown;
}

const PUBLIC = { signedOut: 'data', user: 'data', admin: 'data' } as const;
const SIGNED_IN = { signedOut: 'UNAUTHORIZED', user: 'data', admin: 'data' } as const;
const ADMIN_ONLY = { signedOut: 'UNAUTHORIZED', user: 'FORBIDDEN', admin: 'data' } as const;

const PROCEDURES: Record<string, ProcedureDecision> = {
  'auth.session': { type: 'query', ...PUBLIC },
  'auth.signup': { type: 'mutation', ...PUBLIC, input: () => ({ name: 'New Person', email: uniqueEmail('matrix'), password: PASSWORD }) },
  'auth.login': { type: 'mutation', ...PUBLIC, input: (fx) => ({ email: fx.seller.email, password: PASSWORD }) },
  'auth.loginWithCode': { type: 'mutation', ...PUBLIC, input: (fx, _who, deps) => loginCode(fx, deps) },
  'auth.logout': { type: 'mutation', ...PUBLIC },
  'auth.passwordResetAvailable': { type: 'query', ...PUBLIC },
  'auth.demoAccounts': { type: 'query', ...PUBLIC },
  'auth.forgotPassword': { type: 'mutation', ...PUBLIC, input: (fx) => ({ email: fx.seller.email }) },
  'auth.resetPassword': {
    type: 'mutation',
    ...PUBLIC,
    input: async (fx, _who, deps) => ({ token: await resetToken(deps, fx.seller.id), password: 'another long password' }),
  },
  'auth.checkResetToken': { type: 'mutation', ...PUBLIC, input: () => ({ token: 'whatever' }) },
  'auth.verifyEmail': {
    type: 'mutation',
    ...PUBLIC,
    input: async (fx, _who, deps) => ({ token: await confirmationToken(deps, fx.seller.id) }),
  },
  'user.me': { type: 'query', ...SIGNED_IN },
  'user.sendConfirmationEmail': { type: 'mutation', ...SIGNED_IN },
  'user.setAvatar': { type: 'mutation', ...SIGNED_IN, input: () => avatarForm() },
  'user.removeAvatar': { type: 'mutation', ...SIGNED_IN },
  'user.changePassword': {
    type: 'mutation',
    ...SIGNED_IN,
    input: () => ({ currentPassword: PASSWORD, newPassword: 'another long password', confirmPassword: 'another long password' }),
  },
  'user.logins': { type: 'query', ...SIGNED_IN },
  'user.setupTwoFactor': { type: 'mutation', ...SIGNED_IN },
  'user.enableTwoFactor': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ code: await twoFactorCode(fx, who, deps, 'pending') }),
  },
  'user.disableTwoFactor': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ password: PASSWORD, code: await twoFactorCode(fx, who, deps, 'on') }),
  },
  // An administrator is made a user first: their own deletion is refused (409).
  'user.deleteAccount': {
    type: 'mutation',
    signedOut: 'UNAUTHORIZED',
    user: 'data',
    admin: 'CONFLICT',
    input: () => ({ password: PASSWORD }),
  },
  'user.export': { type: 'query', ...SIGNED_IN },
  'user.activity': { type: 'query', ...SIGNED_IN },
  'user.notifications': { type: 'query', ...SIGNED_IN },
  'user.markNotificationsRead': { type: 'mutation', ...SIGNED_IN },
  'user.onNotifications': { type: 'subscription', ...SIGNED_IN },
  'user.settings': { type: 'query', ...SIGNED_IN },
  'user.updateSettings': { type: 'mutation', ...SIGNED_IN, input: () => ({ emailNotifications: false }) },
  'user.watchlist': { type: 'query', ...SIGNED_IN },
  'user.setWatching': { type: 'mutation', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who], watching: true }) },
  'user.bids': { type: 'query', ...SIGNED_IN },
  'user.searches': { type: 'query', ...SIGNED_IN },
  'user.saveSearch': { type: 'mutation', ...SIGNED_IN, input: () => ({ q: 'brass lamp', maxPrice: 50 }) },
  'user.deleteSearch': { type: 'mutation', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await ownSavedSearch(fx, who, deps) }) },
  'orders.list': { type: 'query', ...SIGNED_IN, input: () => ({}) },
  'orders.get': { type: 'query', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await ownOrder(fx, who, deps, 'buyer') }) },
  'orders.paid': { type: 'mutation', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await ownOrder(fx, who, deps, 'seller') }) },
  'orders.shipped': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await ownOrder(fx, who, deps, 'seller', 'paid'), trackingNumber: 'TRACK-1' }),
  },
  'orders.received': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await ownOrder(fx, who, deps, 'buyer', 'shipped') }),
  },
  'orders.cancel': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await ownOrder(fx, who, deps, 'seller'), reason: 'unpaid' }),
  },
  'orders.feedback': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await receivedOrder(fx, who, deps), rating: 'positive', comment: 'Thanks' }),
  },
  'offers.make': { type: 'mutation', ...SIGNED_IN, input: (fx, who, deps) => offerable(fx, who, deps) },
  'offers.ofAuction': {
    type: 'query',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ auctionId: (await offerable(fx, who, deps)).auctionId }),
  },
  'offers.mine': { type: 'query', ...SIGNED_IN },
  'offers.accept': { type: 'mutation', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await offerToMe(fx, who, deps) }) },
  'offers.decline': { type: 'mutation', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await offerToMe(fx, who, deps) }) },
  'reports.make': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, _who, deps) => ({ auctionId: await reportable(fx, deps), reason: 'spam' }),
  },
  'reports.mine': { type: 'query', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who] }) },
  'reports.list': { type: 'query', ...ADMIN_ONLY, input: () => ({ status: 'open' }) },
  'reports.resolve': {
    type: 'mutation',
    ...ADMIN_ONLY,
    input: async (fx, _who, deps) => ({ id: await openReport(fx, deps), action: 'dismiss', note: 'Fine' }),
  },
  'users.profile': { type: 'query', ...SIGNED_IN, input: (fx) => ({ id: String(fx.seller.id) }) },
  'auction.list': { type: 'query', ...SIGNED_IN, input: () => ({}) },
  'auction.categories': { type: 'query', ...SIGNED_IN },
  'auction.mine': { type: 'query', ...SIGNED_IN },
  'auction.stats': { type: 'query', ...SIGNED_IN },
  'auction.byId': { type: 'query', ...SIGNED_IN, input: (fx, who) => ({ id: fx.auctions[who] }) },
  'auction.live': { type: 'query', ...PUBLIC },
  'auction.create': { type: 'mutation', ...SIGNED_IN, input: (_fx, _who, deps) => auctionForm(deps.now()) },
  'auction.placeBid': { type: 'mutation', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who], bidAmount: 11 }) },
  'auction.cancel': { type: 'mutation', ...SIGNED_IN, input: async (fx, who, deps) => ({ id: await fx.own(who, deps) }) },
  'auction.relist': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await fx.own(who, deps, 'ended'), ...relistDates(deps) }),
  },
  'auction.buy': {
    type: 'mutation',
    ...SIGNED_IN,
    input: async (fx, who, deps) => ({ id: await withBuyNowPrice(deps, fx.auctions[who]) }),
  },
  'auction.onBid': { type: 'subscription', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who] }) },
  'live.events': { type: 'subscription', ...SIGNED_IN, input: (fx, who) => ({ auctionIds: [fx.auctions[who]] }) },
  'messages.read': { type: 'query', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who] }) },
  'messages.send': { type: 'mutation', ...SIGNED_IN, input: (fx, who) => ({ auctionId: fx.auctions[who], body: 'Does it work?' }) },
  'messages.conversations': { type: 'query', ...SIGNED_IN },
  'contact.send': {
    type: 'mutation',
    ...PUBLIC,
    input: () => ({ name: 'Vera Visitor', email: 'vera@example.com', subject: 'Hello', message: 'A question.' }),
  },
  'admin.dashboard': { type: 'query', ...ADMIN_ONLY },
  'admin.setUserStatus': {
    type: 'mutation',
    ...ADMIN_ONLY,
    input: async (_fx, _who, deps) => ({ id: await someoneElse(deps), status: 'suspended', reason: 'Spam' }),
  },
  'admin.setUserRole': {
    type: 'mutation',
    ...ADMIN_ONLY,
    input: async (_fx, _who, deps) => ({ id: await someoneElse(deps), role: 'admin' }),
  },
  'admin.deleteUser': { type: 'mutation', ...ADMIN_ONLY, input: async (_fx, _who, deps) => ({ id: await someoneElse(deps) }) },
  'admin.cancelAuction': {
    type: 'mutation',
    ...ADMIN_ONLY,
    input: async (fx, _who, deps) => ({ id: await fx.own('signedOut', deps), reason: 'Fake' }),
  },
  'admin.audit': { type: 'query', ...ADMIN_ONLY, input: () => ({ limit: 20 }) },
  'admin.users': { type: 'query', ...ADMIN_ONLY, input: () => ({ page: 1, limit: 20, sortBy: 'createdAt', sortOrder: 'desc' }) },
  'admin.auctions': { type: 'query', ...ADMIN_ONLY, input: () => ({ status: 'all' }) },
  'admin.messages': { type: 'query', ...ADMIN_ONLY, input: () => ({ limit: 20 }) },
  'admin.removeBidder': {
    type: 'mutation',
    ...ADMIN_ONLY,
    input: async (fx, _who, deps) => ({ ...(await bidOn(fx, deps)), reason: 'Shill bidding' }),
  },
  'lists.auctions': { type: 'query', ...SIGNED_IN, input: () => ({}) },
  'lists.auctionPage': { type: 'query', ...SIGNED_IN, input: () => ({}) },
  'lists.ownAuctions': { type: 'query', ...SIGNED_IN },
};

const routerDef = restRouter._def as unknown as {
  procedures: Record<string, { _def: { type: string } }>;
  lazy: Record<string, unknown>;
};
const routerPaths = Object.keys(routerDef.procedures).sort();

type Procedure = (input?: unknown, options?: unknown) => Promise<unknown>;
function procedureOf(caller: RestCaller, path: string): Procedure {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as Procedure;
}

describe('tRPC procedures', () => {
  test('the router has procedures, none hidden behind lazy routers', () => {
    expect(routerPaths.length).toBeGreaterThan(10);
    expect(Object.keys(routerDef.lazy)).toEqual([]);
  });

  test('every procedure of the router has a decision, and every decision names a procedure', () => {
    expect(routerPaths.filter((path) => !(path in PROCEDURES))).toEqual([]);
    expect(Object.keys(PROCEDURES).filter((path) => !routerPaths.includes(path))).toEqual([]);
  });

  test('each procedure is of the type its decision says', () => {
    const types = Object.fromEntries(routerPaths.map((path) => [path, routerDef.procedures[path]!._def.type]));
    expect(types).toEqual(Object.fromEntries(routerPaths.map((path) => [path, PROCEDURES[path]?.type])));
  });

  describe.each(routerPaths)('%s', (path) => {
    const decision = PROCEDURES[path];
    test.for(WHO)('as %s', async (who, { deps }) => {
      // A procedure without a decision fails here as well as above.
      expect(decision, `no decision for ${path}`).toBeDefined();
      const fx = await fixture(deps);
      const expected = decision![who];
      const input = await decision!.input?.(fx, who, deps);

      if (decision!.type === 'subscription') {
        const controller = new AbortController();
        const started = procedureOf(await fx.caller(who, controller.signal), path)(input);
        try {
          if (expected === 'data') {
            const iterable = (await started) as AsyncIterable<unknown>;
            const iterator = iterable[Symbol.asyncIterator]();
            const next = iterator.next();
            controller.abort();
            // A stream that sends its state when it opens (user.onNotifications) may hand that over first.
            const first = await next;
            if (!first.done) expect((await iterator.next()).done).toBe(true);
          } else {
            await expect(started).rejects.toMatchObject({ code: expected });
          }
        } finally {
          controller.abort();
        }
        return;
      }

      const call = procedureOf(await fx.caller(who), path)(input);
      if (expected === 'data') {
        await expect(call).resolves.toBeDefined();
      } else {
        await expect(call).rejects.toMatchObject({ code: expected });
      }
    });
  });
});

// ---------------------------------------------------------------------------------------------
// REST

/**
 * The routes the Fastify instance serves, from its printRoutes() tree: "METHOD /path" for each
 * method but HEAD (which Fastify adds to every GET).
 */
function servedRoutes(app: FastifyInstance): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+) \(([^)]*)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of match[3]!.split(',').map((m) => m.trim())) {
      if (method !== 'HEAD') found.push(`${method} ${path}`);
    }
  }
  return found;
}

interface RouteDecision {
  /** Status for a signed-out caller, a user and an admin, each sending a valid request. */
  signedOut: number;
  user: number;
  admin: number;
  request: (fx: Fixture, who: Who, deps: TestDeps) => InjectOptions | Promise<InjectOptions>;
}

const json = (method: 'POST' | 'PATCH', url: string, body: object): InjectOptions => request(method, url, { body });

const ROUTES: Record<string, RouteDecision> = {
  'POST /api/auth/signup': {
    signedOut: 201,
    user: 201,
    admin: 201,
    request: () => json('POST', '/api/auth/signup', { name: 'New Person', email: uniqueEmail('route'), password: PASSWORD }),
  },
  'POST /api/auth/login': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: (fx) => json('POST', '/api/auth/login', { email: fx.seller.email, password: PASSWORD }),
  },
  'POST /api/auth/login/2fa': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: async (fx, _who, deps) => json('POST', '/api/auth/login/2fa', await loginCode(fx, deps)),
  },
  'POST /api/user/2fa/setup': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'POST', url: '/api/user/2fa/setup' }) },
  'POST /api/user/2fa/enable': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', '/api/user/2fa/enable', { code: await twoFactorCode(fx, who, deps, 'pending') }),
  },
  'POST /api/user/2fa/disable': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) =>
      json('POST', '/api/user/2fa/disable', { password: PASSWORD, code: await twoFactorCode(fx, who, deps, 'on') }),
  },
  'POST /api/auth/logout': { signedOut: 200, user: 200, admin: 200, request: () => ({ method: 'POST', url: '/api/auth/logout' }) },
  'GET /api/user': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user' }) },
  'PATCH /api/user': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () =>
      json('PATCH', '/api/user', {
        currentPassword: PASSWORD,
        newPassword: 'another long password',
        confirmPassword: 'another long password',
      }),
  },
  'POST /api/auth/forgot': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: (fx) => json('POST', '/api/auth/forgot', { email: fx.seller.email }),
  },
  'POST /api/auth/reset': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: async (fx, _who, deps) =>
      json('POST', '/api/auth/reset', { token: await resetToken(deps, fx.seller.id), password: 'another long password' }),
  },
  'POST /api/auth/reset/check': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: () => json('POST', '/api/auth/reset/check', { token: 'whatever' }),
  },
  'POST /api/auth/verify-email': {
    signedOut: 200,
    user: 200,
    admin: 200,
    request: async (fx, _who, deps) => json('POST', '/api/auth/verify-email', { token: await confirmationToken(deps, fx.seller.id) }),
  },
  'POST /api/user/confirmation-email': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => ({ method: 'POST', url: '/api/user/confirmation-email' }),
  },
  'PUT /api/user/avatar': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async () => ({ method: 'PUT', url: '/api/user/avatar', payload: (await avatarForm()) as never }),
  },
  'DELETE /api/user/avatar': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'DELETE', url: '/api/user/avatar' }) },
  'DELETE /api/user': {
    signedOut: 401,
    user: 200,
    // An administrator is made a user first.
    admin: 409,
    request: () => request('DELETE', '/api/user', { body: { password: PASSWORD } }),
  },
  'GET /api/user/settings': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/settings' }) },
  'PATCH /api/user/settings': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => json('PATCH', '/api/user/settings', { emailNotifications: false }),
  },
  'GET /api/user/logins': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/logins' }) },
  'GET /api/user/export': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/export' }) },
  'GET /api/user/notifications': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => ({ method: 'GET', url: '/api/user/notifications' }),
  },
  'POST /api/user/notifications/read': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => json('POST', '/api/user/notifications/read', {}),
  },
  'GET /api/user/watchlist': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/watchlist' }) },
  'PUT /api/user/watchlist/:auctionId': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'PUT', url: `/api/user/watchlist/${fx.auctions[who]}` }),
  },
  'DELETE /api/user/watchlist/:auctionId': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'DELETE', url: `/api/user/watchlist/${fx.auctions[who]}` }),
  },
  'GET /api/user/bids': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/bids' }) },
  'GET /api/user/searches': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/searches' }) },
  'POST /api/user/searches': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: () => json('POST', '/api/user/searches', { q: 'brass lamp', category: 'Art' }),
  },
  'DELETE /api/user/searches/:id': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => ({ method: 'DELETE', url: `/api/user/searches/${await ownSavedSearch(fx, who, deps)}` }),
  },
  'GET /api/orders': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/orders?role=buyer' }) },
  'GET /api/orders/:id': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => ({ method: 'GET', url: `/api/orders/${await ownOrder(fx, who, deps, 'seller')}` }),
  },
  'POST /api/orders/:id/paid': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/orders/${await ownOrder(fx, who, deps, 'seller')}/paid`, {}),
  },
  'POST /api/orders/:id/shipped': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/orders/${await ownOrder(fx, who, deps, 'seller', 'paid')}/shipped`, {}),
  },
  'POST /api/orders/:id/received': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/orders/${await ownOrder(fx, who, deps, 'buyer', 'shipped')}/received`, {}),
  },
  'POST /api/orders/:id/cancel': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/orders/${await ownOrder(fx, who, deps, 'seller')}/cancel`, { reason: 'unpaid' }),
  },
  'POST /api/orders/:id/feedback': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, who, deps) => json('POST', `/api/orders/${await receivedOrder(fx, who, deps)}/feedback`, { rating: 'neutral' }),
  },
  'GET /api/users/:id': { signedOut: 401, user: 200, admin: 200, request: (fx) => ({ method: 'GET', url: `/api/users/${fx.seller.id}` }) },
  'GET /api/auction': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/auction' }) },
  'POST /api/auction': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (_fx, _who, deps) => ({ method: 'POST', url: '/api/auction', payload: (await auctionForm(deps.now())) as never }),
  },
  'GET /api/auction/myauction': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => ({ method: 'GET', url: '/api/auction/myauction' }),
  },
  'GET /api/auction/stats': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/auction/stats' }) },
  'GET /api/auction/:id': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'GET', url: `/api/auction/${fx.auctions[who]}` }),
  },
  'POST /api/auction/:id': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: (fx, who) => json('POST', `/api/auction/${fx.auctions[who]}`, { bidAmount: 11 }),
  },
  'POST /api/auction/:id/cancel': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/auction/${await fx.own(who, deps)}/cancel`, {}),
  },
  'POST /api/auction/:id/relist': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, who, deps) => json('POST', `/api/auction/${await fx.own(who, deps, 'ended')}/relist`, relistDates(deps)),
  },
  'POST /api/auction/:id/buy': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, who, deps) => json('POST', `/api/auction/${await withBuyNowPrice(deps, fx.auctions[who])}/buy`, {}),
  },
  // A live stream: its answer never ends, so only its head is read (see the test below).
  'GET /api/auction/:id/events': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'GET', url: `/api/auction/${fx.auctions[who]}/events`, payloadAsStream: true }),
  },
  'GET /api/api/auction/show': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/api/auction/show' }) },
  'GET /api/api/auction/:id': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'GET', url: `/api/api/auction/${fx.auctions[who]}` }),
  },
  'GET /api/api/user/profile': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/api/user/profile' }) },
  'GET /api/auction/:id/messages': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: (fx, who) => ({ method: 'GET', url: `/api/auction/${fx.auctions[who]}/messages` }),
  },
  'POST /api/auction/:id/messages': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: (fx, who) => json('POST', `/api/auction/${fx.auctions[who]}/messages`, { body: 'Does it work?' }),
  },
  'POST /api/auction/:id/offers': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, who, deps) => {
      const { auctionId, to } = await offerable(fx, who, deps);
      return json('POST', `/api/auction/${auctionId}/offers`, { to });
    },
  },
  'GET /api/auction/:id/offers': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => ({ method: 'GET', url: `/api/auction/${(await offerable(fx, who, deps)).auctionId}/offers` }),
  },
  'GET /api/user/offers': { signedOut: 401, user: 200, admin: 200, request: () => ({ method: 'GET', url: '/api/user/offers' }) },
  'POST /api/offers/:id/accept': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, who, deps) => json('POST', `/api/offers/${await offerToMe(fx, who, deps)}/accept`, {}),
  },
  'POST /api/offers/:id/decline': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: async (fx, who, deps) => json('POST', `/api/offers/${await offerToMe(fx, who, deps)}/decline`, {}),
  },
  'POST /api/auction/:id/report': {
    signedOut: 401,
    user: 201,
    admin: 201,
    request: async (fx, _who, deps) => json('POST', `/api/auction/${await reportable(fx, deps)}/report`, { reason: 'misleading' }),
  },
  'GET /api/admin/reports': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: () => ({ method: 'GET', url: '/api/admin/reports?status=resolved&limit=5' }),
  },
  'POST /api/admin/reports/:id/resolve': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (fx, _who, deps) => json('POST', `/api/admin/reports/${await openReport(fx, deps)}/resolve`, { action: 'dismiss' }),
  },
  'GET /api/user/conversations': {
    signedOut: 401,
    user: 200,
    admin: 200,
    request: () => ({ method: 'GET', url: '/api/user/conversations' }),
  },
  'POST /api/contact': {
    signedOut: 201,
    user: 201,
    admin: 201,
    request: () =>
      json('POST', '/api/contact', { name: 'Vera Visitor', email: 'vera@example.com', subject: 'Hello', message: 'A question.' }),
  },
  'GET /api/admin/dashboard': { signedOut: 401, user: 403, admin: 200, request: () => ({ method: 'GET', url: '/api/admin/dashboard' }) },
  'GET /api/admin/users': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: () => ({ method: 'GET', url: '/api/admin/users?page=1&search=&role=all&limit=20&sortBy=createdAt&sortOrder=desc' }),
  },
  'DELETE /api/admin/auctions/:id/bidders/:userId': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (fx, _who, deps) => {
      const { auctionId, userId } = await bidOn(fx, deps);
      return request('DELETE', `/api/admin/auctions/${auctionId}/bidders/${userId}`, { body: { reason: 'Shill bidding' } });
    },
  },
  'DELETE /api/admin/users/:id': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (_fx, _who, deps) => ({ method: 'DELETE', url: `/api/admin/users/${await someoneElse(deps)}` }),
  },
  'PATCH /api/admin/users/:id/status': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (_fx, _who, deps) =>
      json('PATCH', `/api/admin/users/${await someoneElse(deps)}/status`, { status: 'blocked', reason: 'Spam' }),
  },
  'PATCH /api/admin/users/:id/role': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (_fx, _who, deps) => json('PATCH', `/api/admin/users/${await someoneElse(deps)}/role`, { role: 'admin' }),
  },
  'POST /api/admin/auctions/:id/cancel': {
    signedOut: 401,
    user: 403,
    admin: 200,
    request: async (fx, _who, deps) => json('POST', `/api/admin/auctions/${await fx.own('signedOut', deps)}/cancel`, { reason: 'Fake' }),
  },
  'GET /api/admin/audit': { signedOut: 401, user: 403, admin: 200, request: () => ({ method: 'GET', url: '/api/admin/audit?limit=20' }) },
};

/** The only /api routes that answer without a session (docs/rules/http-api.md). */
const OPEN_ROUTES = [
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/login/2fa',
  'POST /api/auth/logout',
  'POST /api/auth/forgot',
  'POST /api/auth/reset',
  'POST /api/auth/reset/check',
  'POST /api/auth/verify-email',
  'POST /api/contact',
];

describe('REST routes', () => {
  test('the route list read from the app has the expected shape', async ({ app }) => {
    const served = servedRoutes(app);
    expect(served).toContain('GET /healthz');
    expect(served).toContain('GET /api/auction/:id');
    expect(served).toContain('POST /api/auction/:id');
    expect(served).not.toContain('HEAD /api/user');
  });

  test('every /api route the app serves has a decision, and every decision names a served route', async ({ app }) => {
    const served = servedRoutes(app).filter((r) => r.split(' ')[1]!.startsWith('/api/'));
    expect(served.length).toBeGreaterThan(10);
    expect(served.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !served.includes(r))).toEqual([]);
  });

  test('the decisions follow the rules: only signup, login, logout, password reset, address confirmation and contact open; /api/admin for admins only', () => {
    for (const [route, decision] of Object.entries(ROUTES)) {
      const open = OPEN_ROUTES.includes(route);
      expect(decision.signedOut === 401, route).toBe(!open);
      expect(decision.user === 403, route).toBe(route.includes(' /api/admin/'));
      // Only an administrator's own deletion is refused by a rule: an administrator is made a user first.
      const adminRefused = route === 'DELETE /api/user';
      expect(decision.admin >= 200 && decision.admin < 300, route).toBe(!adminRefused);
    }
  });

  describe.each(Object.keys(ROUTES))('%s', (route) => {
    test.for(WHO)('as %s', async (who, { app, deps }) => {
      const fx = await fixture(deps);
      const decision = ROUTES[route]!;
      const options = await decision.request(fx, who, deps);
      const headers = { ...(options.headers as Record<string, string> | undefined) };
      if (who !== 'signedOut') headers.cookie = sessionCookieHeader(await fx.token(who));
      const res: LightMyRequestResponse = await app.inject({ ...options, headers });
      if (options.payloadAsStream) {
        // A stream's head is its decision; an error's body is read whole, a stream is dropped.
        const stream = res.stream();
        if (res.statusCode < 400) stream.destroy();
        else {
          const chunks: Buffer[] = [];
          for await (const chunk of stream) chunks.push(chunk as Buffer);
          const body = Buffer.concat(chunks).toString();
          expect(res.statusCode, body).toBe(decision[who]);
          expect(JSON.parse(body)).toMatchObject({ error: expect.any(String) as string });
          return;
        }
      }
      expect(res.statusCode, res.body).toBe(decision[who]);
      if (res.statusCode >= 400) expectErrorBody(res);
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Roles change and sign-up cannot choose one

describe('roles', () => {
  test('a demoted admin is refused on the very next admin call with the same session (REST and /trpc)', async ({ app, deps }) => {
    const admin = await signedInUser(deps, 'Soon Demoted', { role: 'admin' });
    const { token } = admin;
    expect((await get(app, '/api/admin/dashboard', { token })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/trpc/admin.dashboard', cookies: sessionCookies(token) })).statusCode).toBe(200);

    await deps.sql('update users set role = $1 where id = $2', ['user', admin.id]);
    const rest = await get(app, '/api/admin/dashboard', { token });
    expect(rest.statusCode).toBe(403);
    expectErrorBody(rest);
    expect((await get(app, '/api/admin/users', { cookie: token })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/trpc/admin.dashboard', cookies: sessionCookies(token) })).statusCode).toBe(403);
    // Still signed in, now as a user.
    const me = await get(app, '/api/user', { token });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { user: { role: string } }).user.role).toBe('user');
  });

  test('a promoted user is let in on the very next admin call with the same session', async ({ app, deps }) => {
    const user = await signedInUser(deps, 'Soon Promoted');
    const { token } = user;
    expect((await get(app, '/api/admin/dashboard', { token })).statusCode).toBe(403);
    await deps.sql('update users set role = $1 where id = $2', ['admin', user.id]);
    expect((await get(app, '/api/admin/dashboard', { token })).statusCode).toBe(200);
  });

  test("REST sign-up ignores role: 'admin'", async ({ app, deps }) => {
    const email = uniqueEmail('climber');
    const res = await post(app, '/api/auth/signup', { name: 'Climber', email, password: PASSWORD, role: 'admin' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { user: { role: string }; token: string };
    expect(body.user.role).toBe('user');
    expect((await deps.store.users.byEmail(email))?.role).toBe('user');
    expect((await get(app, '/api/admin/dashboard', { token: body.token })).statusCode).toBe(403);
    expect((await get(app, '/api/admin/users', { token: body.token })).statusCode).toBe(403);
  });

  test("tRPC sign-up ignores role: 'admin'", async ({ deps }) => {
    const email = uniqueEmail('climber');
    const anonymous = anonymousCaller(deps);
    const { user, token } = await anonymous.auth.signup({ name: 'Climber', email, password: PASSWORD, role: 'admin' } as never);
    expect(user.role).toBe('user');
    expect((await deps.store.users.byEmail(email))?.role).toBe('user');
    const session = await findSessionUser(deps, token);
    expect(session?.role).toBe('user');
    const caller = await callerFor(deps, token);
    await expect(caller.admin.dashboard()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
