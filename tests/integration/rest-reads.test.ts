// The reads the benchmark holds to a bare twin or a budget (the auction page, the orders page, a public
// profile, the dashboard) call their services from their REST routes, without tRPC's caller: each
// route must answer as its procedure does, with the same data and the same refusals, case by case.
import { describe, expect } from 'vitest';
import type { Caller } from '../../src/server/trpc/router';
import { anonymousCaller, callerFor, failure, signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get } from '../support/http';

const STATUS: Record<string, number> = { BAD_REQUEST: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404 };

interface Read {
  route: string;
  call: (caller: Caller) => Promise<unknown>;
}

/** People, an auction with a bid, and the four reads of it as each door asks for them. */
async function reads(deps: TestDeps) {
  const sally = await signedInUser(deps, 'Sally Seller');
  const bob = await signedInUser(deps, 'Bob Bidder');
  const id = await insertAuction(deps, sally.id, { startingPrice: 100 });
  await (await callerFor(deps, bob.token)).auction.placeBid({ auctionId: id, bidAmount: 105 });
  const reads: Array<[string, Read]> = [
    ['the auction page', { route: `/api/auction/${id}`, call: (caller) => caller.auction.byId({ id }) }],
    ['the auction page, an unknown id', { route: '/api/auction/424242', call: (caller) => caller.auction.byId({ id: '424242' }) }],
    ['the auction page, a malformed id', { route: '/api/auction/abc', call: (caller) => caller.auction.byId({ id: 'abc' }) }],
    ['the orders page', { route: '/api/orders?role=buyer&limit=5', call: (caller) => caller.orders.list({ role: 'buyer', limit: 5 }) }],
    ['the orders page, a limit of 0', { route: '/api/orders?limit=0', call: (caller) => caller.orders.list({ limit: 0 }) }],
    [
      'the orders page, an unknown role',
      { route: '/api/orders?role=thief', call: (caller) => caller.orders.list({ role: 'thief' } as never) },
    ],
    ['a profile', { route: `/api/users/${sally._id}`, call: (caller) => caller.users.profile({ id: sally._id }) }],
    ['a profile, an unknown id', { route: '/api/users/424242', call: (caller) => caller.users.profile({ id: '424242' }) }],
    ['a profile, a malformed id', { route: '/api/users/1e3', call: (caller) => caller.users.profile({ id: '1e3' }) }],
    ['the dashboard', { route: '/api/auction/stats', call: (caller) => caller.auction.stats() }],
  ];
  return { bob, reads };
}

describe('the reads whose REST routes call their services', () => {
  test('answer a signed-in reader as their procedures do, refusal for refusal', async ({ app, deps }) => {
    const { bob, reads: all } = await reads(deps);
    const caller = await callerFor(deps, bob.token);
    let answered = 0;
    for (const [name, { route, call }] of all) {
      const rest = await get(app, route, { token: bob.token });
      const answer = call(caller);
      const viaTrpc = await answer.then(
        (data) => ({ data }),
        async () => ({ error: await failure(answer) }),
      );
      if ('data' in viaTrpc) {
        expect(rest.statusCode, name).toBe(200);
        expect(rest.json(), name).toEqual(JSON.parse(JSON.stringify(viaTrpc.data)));
        answered += 1;
      } else {
        const { message, issues } = expectErrorBody(rest);
        const { code, message: trpcMessage, issues: trpcIssues } = viaTrpc.error;
        expect({ status: rest.statusCode, message, issues }, name).toEqual({
          status: STATUS[code],
          message: trpcMessage,
          issues: trpcIssues,
        });
      }
    }
    // The auction (with its bid), the orders page, the profile and the dashboard: four answers, the rest refusals.
    expect(answered).toBe(4);
  });

  test('refuse a visitor as their procedures do, before reading the input', async ({ app, deps }) => {
    const { reads: all } = await reads(deps);
    for (const [name, { route, call }] of all) {
      const rest = await get(app, route);
      const viaTrpc = await failure(call(anonymousCaller(deps)));
      const { message, issues } = expectErrorBody(rest);
      expect({ status: rest.statusCode, message, issues }, name).toEqual({ status: 401, message: viaTrpc.message, issues: viaTrpc.issues });
      expect(viaTrpc.code, name).toBe('UNAUTHORIZED');
    }
  });
});
