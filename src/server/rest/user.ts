import type { FastifyRequest } from 'fastify';
import { exportFileName } from '../../shared/constants';
import { userIdInput } from '../../shared/feedback';
import { publicProfile } from '../services/feedback';
import { pageAnswer, param, signedInUser, unvalidatedBody, WithStatus, type RestRoutes } from './adapter';
import { AVATAR_FORM } from '../plugins/upload-form';
import { upload } from './uploads';

/** The query string, handed to the procedure's schema unchecked (it validates it). */
const query = (req: FastifyRequest) => req.query as Record<string, unknown>;

export function userRoutes(rest: RestRoutes) {
  rest('GET', '/user', (caller) => caller.user.me());
  // A public profile checks what users.profile checks (signed in, then its schema) and calls its service
  // without the tRPC caller (docs/decisions/0023-hot-reads-call-their-services.md).
  rest('GET', '/users/:id', (_caller, req, ctx) =>
    publicProfile(ctx.deps, signedInUser(ctx), userIdInput.parse({ id: param(req, 'id') }).id),
  );
  rest('PATCH', '/user', (caller, req) => caller.user.changePassword(unvalidatedBody(req)));
  rest('DELETE', '/user', (caller, req) => caller.user.deleteAccount(unvalidatedBody(req)));
  rest('POST', '/user/2fa/setup', (caller) => caller.user.setupTwoFactor(), { body: 'none' });
  rest('POST', '/user/2fa/enable', (caller, req) => caller.user.enableTwoFactor(unvalidatedBody(req)));
  rest('POST', '/user/2fa/disable', (caller, req) => caller.user.disableTwoFactor(unvalidatedBody(req)));
  rest('GET', '/user/settings', (caller) => caller.user.settings());
  rest('PATCH', '/user/settings', (caller, req) => caller.user.updateSettings(unvalidatedBody(req)));
  rest('POST', '/user/confirmation-email', (caller) => caller.user.sendConfirmationEmail(), { body: 'none' });
  rest(
    'PUT',
    '/user/avatar',
    async (caller, req, ctx) => {
      // As the auction upload: signed out, or past the account's uploads in progress, is refused unread.
      return upload(ctx, signedInUser(ctx), req, AVATAR_FORM, (form) => caller.user.setAvatar(form));
    },
    { body: 'multipart' },
  );
  rest('DELETE', '/user/avatar', (caller) => caller.user.removeAvatar(), { body: 'none' });
  rest('GET', '/user/logins', (caller) => caller.user.logins());
  // A file to keep: the browser saves it under this name rather than showing it.
  rest('GET', '/user/export', async (caller) => {
    const data = await caller.user.export();
    return new WithStatus(200, data, {
      'content-disposition': `attachment; filename="${exportFileName(data.exportedAt)}"`,
      // Personal data: no cache on the way keeps a copy.
      'cache-control': 'no-store',
    });
  });
  rest('GET', '/user/notifications', (caller, req) => caller.user.notifications(query(req)));
  rest('POST', '/user/notifications/read', (caller, req) => caller.user.markNotificationsRead(unvalidatedBody(req)));
  // Pages, as the auction list's: `limit` (default 100) and `cursor`, the next page's cursor in X-Next-Cursor.
  rest('GET', '/user/watchlist', async (caller, req) => pageAnswer(await caller.user.watchlist(query(req))));
  // The path names the auction; any body is ignored.
  rest(
    'PUT',
    '/user/watchlist/:auctionId',
    (caller, req) => caller.user.setWatching({ auctionId: param(req, 'auctionId'), watching: true }),
    {
      body: 'none',
    },
  );
  rest(
    'DELETE',
    '/user/watchlist/:auctionId',
    (caller, req) => caller.user.setWatching({ auctionId: param(req, 'auctionId'), watching: false }),
    {
      body: 'none',
    },
  );
  rest('GET', '/user/bids', async (caller, req) => pageAnswer(await caller.user.bids(query(req))));
  rest('GET', '/user/searches', (caller) => caller.user.searches());
  rest('POST', '/user/searches', (caller, req) => caller.user.saveSearch(unvalidatedBody(req)), { status: 201 });
  // The path names the search; any body is ignored.
  rest('DELETE', '/user/searches/:id', (caller, req) => caller.user.deleteSearch({ id: param(req, 'id') }), { body: 'none' });
}
