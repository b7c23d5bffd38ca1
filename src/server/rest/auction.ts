import type { FastifyRequest } from 'fastify';
import { auctionIdInput, placeBidInput } from '../../shared/schemas/auction';
import { auctionStats, getAuction } from '../services/auctions';
import { placeBid } from '../services/bids';
import { buyNow } from '../services/buy-now';
import type { RestCaller } from '../trpc/router';
import { pageAnswer, param, signedInUser, unvalidatedBody, WithStatus, type RestRoutes } from './adapter';
import { AUCTION_FORM } from '../plugins/upload-form';
import { upload } from './uploads';
import { WholeList } from './whole-lists';

/** The query string, handed to the procedure's schema unchecked (it validates it). */
const listQuery = (req: FastifyRequest) => req.query as Record<string, unknown>;

/** Every auction of the list, newest first unless sorted otherwise, sent a page at a time when its turn comes (whole-lists.ts). */
const everyAuction = async (caller: RestCaller, query: Record<string, unknown> = {}, wrap?: { head: string; tail: string }) =>
  new WholeList(await caller.lists.auctions(query), wrap);

/** The caller's own auctions, newest first, sent as every auction is. */
const everyOwnAuction = async (caller: RestCaller, wrap?: { head: string; tail: string }) =>
  new WholeList(await caller.lists.ownAuctions(), wrap);

export function auctionRoutes(rest: RestRoutes) {
  // The documented answer is every auction; `limit` and `cursor` page it (the next page's cursor in
  // X-Next-Cursor, absent on the last), `q`, `category` and `status` narrow it, `sort` orders it.
  rest(
    'GET',
    '/auction',
    async (caller, req) => {
      const query = listQuery(req);
      if (query.limit === undefined) return everyAuction(caller, query);
      return pageAnswer(await caller.lists.auctionPage(query));
    },
    { wholeList: true },
  );
  rest('GET', '/auction/myauction', (caller) => everyOwnAuction(caller), { wholeList: true });
  // The dashboard, held to a budget of CPU, and the auction page, the read a site serves most, skip the
  // tRPC caller as the bid does: each checks what its procedure checks (signed in; the auction page
  // then its schema) and calls the same service (docs/decisions/0023-hot-reads-call-their-services.md).
  rest('GET', '/auction/stats', (_caller, _req, ctx) => auctionStats(ctx.deps, signedInUser(ctx).id));
  rest('GET', '/auction/:id', (_caller, req, ctx) =>
    getAuction(ctx.deps, signedInUser(ctx), auctionIdInput.parse({ id: param(req, 'id') }).id),
  );
  // The bid, the call an auction's last minute is made of, skips the tRPC caller, as the purchase below
  // does: it checks what auction.placeBid checks (signed in, then its schema) and calls the same
  // service, for about a tenth less CPU per bid (docs/decisions/0010-the-rest-bid-calls-its-service.md).
  rest('POST', '/auction/:id', async (_caller, req, ctx) => {
    const bidder = signedInUser(ctx);
    const input = placeBidInput.parse({ ...(unvalidatedBody(req) as object), auctionId: param(req, 'id') });
    const { message, auction, leading, bid } = await placeBid(ctx.deps, bidder, input);
    // A maximum raised alone places no bid: 200, not 201.
    return new WithStatus(bid === null ? 200 : 201, { message, auction, leading });
  });
  // The path names the auction; cancel takes `{}`, relist its dates and prices.
  rest('POST', '/auction/:id/cancel', (caller, req) => caller.auction.cancel({ id: param(req, 'id') }));
  rest(
    'POST',
    '/auction/:id/relist',
    (caller, req) => caller.auction.relist({ ...(unvalidatedBody(req) as object), id: param(req, 'id') } as never),
    {
      status: 201,
    },
  );
  // The path names the auction; the body is `{}`. Like the bid, it checks what auction.buy checks and
  // calls the same service without the caller.
  rest(
    'POST',
    '/auction/:id/buy',
    (_caller, req, ctx) => {
      const buyer = signedInUser(ctx);
      return buyNow(ctx.deps, buyer, auctionIdInput.parse({ id: param(req, 'id') }).id);
    },
    { status: 201 },
  );
  rest(
    'POST',
    '/auction',
    async (caller, req, ctx) => {
      // Refuse a signed-out upload, or one past its account's uploads in progress, before reading a byte of it.
      return upload(ctx, signedInUser(ctx), req, AUCTION_FORM, (form) => caller.auction.create(form));
    },
    { status: 201, body: 'multipart' },
  );

  // The second family of paths (docs/rules/http-api.md#rest-routes), read by older clients.
  rest('GET', '/api/auction/show', (caller) => everyAuction(caller, {}, { head: '{"auctions":', tail: '}' }), { wholeList: true });
  rest('GET', '/api/auction/:id', async (caller, req) => ({ auction: await caller.auction.byId({ id: param(req, 'id') }) }));
  // The user with the auctions they sell ("products" in the older clients).
  rest(
    'GET',
    '/api/user/profile',
    async (caller) => {
      const { user } = await caller.user.me();
      return everyOwnAuction(caller, { head: `{"user":${JSON.stringify(user)},"products":`, tail: '}' });
    },
    { wholeList: true },
  );
}
