// Avatars: every answer that carries a user has a picture's URL (never null, which clients drew as a
// broken image): the initial the server draws, until the user uploads a photo through either door; the
// photo follows the photo rules, replaces the one before (whose file goes) and can be removed again.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect } from 'vitest';
import { avatarColour } from '../../src/server/services/avatars';
import { AVATAR_MISSING, PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PHOTO_TOO_MANY_PIXELS, PHOTO_WRONG_TYPE } from '../../src/shared/photos';
import { anonymousCaller, failure, signedInUser } from '../support/accounts';
import {
  FAKE_PNG,
  fileOf,
  image,
  jpegWithExif,
  PHOTO_EXTRAS,
  pngClaiming,
  pngOfSize,
  storedName,
  SVG,
  TEXT,
  uploads,
} from '../support/auctions';
import { uniqueEmail } from '../support/emails';
import { test, type TestDeps } from '../support/fixtures';
import { get, login, sessionCookieHeader, signup } from '../support/http';

const PUBLIC_URL = 'http://localhost:3000';
const AVATAR_FILE = /^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}\.avatar\.webp$/;

function avatarForm(file: File): FormData {
  const form = new FormData();
  form.append('avatar', file);
  return form;
}

/** PUT /api/user/avatar as a client sends it: multipart, the photo as `avatar`. */
function putAvatar(app: FastifyInstance, token: string, file: File) {
  return app.inject({
    method: 'PUT',
    url: '/api/user/avatar',
    headers: { cookie: sessionCookieHeader(token) },
    payload: avatarForm(file) as never,
  });
}

/** The user of an answer, and the picture its avatar URL serves. */
async function picture(app: FastifyInstance, url: string): Promise<LightMyRequestResponse> {
  expect(url.startsWith(`${PUBLIC_URL}/`), url).toBe(true);
  return app.inject({ method: 'GET', url: url.slice(PUBLIC_URL.length) });
}

/** The avatar files in UPLOAD_DIR. */
const avatarFiles = (deps: TestDeps) => uploads(deps).filter((name) => name.endsWith('.avatar.webp'));

/** The colour of a picture's top-left pixel, as #rrggbb. */
async function cornerColour(bytes: Buffer): Promise<string> {
  const { data } = await sharp(bytes)
    .extract({ left: 0, top: 0, width: 1, height: 1 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return `#${[...data].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

describe('the drawn avatar', () => {
  test('every answer that carries a user has it until they upload a photo: sign-up, login, the session, GET /api/user, the admin lists', async ({
    app,
    deps,
  }) => {
    const email = uniqueEmail('avatar');
    const signedUp = await signup(app, { name: 'émile Zola', email, password: 'correct horse battery' });
    expect(signedUp.statusCode).toBe(201);
    const { user, token } = signedUp.json() as { user: { _id: string; avatar: string }; token: string };
    // The initial in capitals, accent kept, written into the URL.
    const drawn = `${PUBLIC_URL}/avatars/${user._id}/%C3%89.svg`;
    expect(user.avatar).toBe(drawn);
    expect((await login(app, email, 'correct horse battery')).json().user.avatar).toBe(drawn);
    expect((await get(app, '/api/user', { token })).json().user.avatar).toBe(drawn);
    expect((await get(app, '/api/api/user/profile', { token })).json().user.avatar).toBe(drawn);
    const session = await app.inject({ method: 'GET', url: '/trpc/auth.session', headers: { cookie: sessionCookieHeader(token) } });
    expect(session.json().result.data.user.avatar).toBe(drawn);

    const admin = await signedInUser(deps, 'Ada Admin', { role: 'admin' });
    const dashboard = (await get(app, '/api/admin/dashboard', { token: admin.token })).json();
    const listed = (await get(app, '/api/admin/users', { token: admin.token })).json().data.users as Array<{ _id: string; avatar: string }>;
    for (const users of [dashboard.recentUsersList as typeof listed, listed]) {
      expect(users.find((u) => u._id === user._id)?.avatar).toBe(drawn);
      expect(users.find((u) => u._id === admin._id)?.avatar).toBe(`${PUBLIC_URL}/avatars/${admin._id}/A.svg`);
    }
  });

  test("is the initial, escaped, on the user's own colour: an image any origin may show, sandboxed, cached for a year", async ({
    app,
    deps,
  }) => {
    const angle = await signedInUser(deps, '<b>old & "brave"');
    const other = await signedInUser(deps, 'Zed');
    expect(angle.user.avatar).toBe(`${PUBLIC_URL}/avatars/${angle._id}/%3C.svg`);
    const res = await picture(app, angle.user.avatar);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The letter is text in the picture, never markup.
    expect(res.body).toContain('>&lt;</text>');
    expect(res.body).not.toMatch(/<b\b|<script/);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'svg', width: 256, height: 256 });

    // Coloured from the id: the same picture for the same user, and neighbours apart.
    const own = await cornerColour(await sharp(res.rawPayload).png().toBuffer());
    expect(own).toBe(avatarColour(angle.id));
    const theirs = await cornerColour(
      await sharp((await picture(app, other.user.avatar)).rawPayload)
        .png()
        .toBuffer(),
    );
    expect(theirs).toBe(avatarColour(other.id));
    expect(own).not.toBe(theirs);
  });

  test('only what the server writes is drawn: one initial and a numeric id, or a JSON 404', async ({ app }) => {
    for (const path of [
      '/avatars/1/AB.svg',
      '/avatars/1/a.svg',
      '/avatars/x/A.svg',
      '/avatars/1/A.png',
      '/avatars/1/%20.svg',
      '/avatars/1/A',
    ]) {
      const res = await app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.headers['content-type'], path).toMatch(/^application\/json/);
    }
    expect((await app.inject({ method: 'GET', url: '/avatars/12/%F0%9F%8E%BB.svg' })).statusCode).toBe(200);
  });

  test('is absolute on PUBLIC_URL, whatever Host the request names', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ PUBLIC_URL: 'https://auction.example.com' });
    const { token, _id } = await signedInUser(deps, 'Nina');
    const res = await get(app, '/api/user', { token, headers: { host: 'evil.example' } });
    expect(res.json().user.avatar).toBe(`https://auction.example.com/avatars/${_id}/N.svg`);
  });
});

describe('an uploaded avatar', () => {
  test('PUT /api/user/avatar stores it square, upright and without its metadata; every answer then shows it', async ({ app, deps }) => {
    const admin = await signedInUser(deps, 'Ada Admin', { role: 'admin' });
    const { token, _id } = await signedInUser(deps, 'Pia Photo');
    // 48 × 32 with its author and a GPS position in EXIF, tagged "rotate 90°".
    const res = await putAvatar(app, token, fileOf(await jpegWithExif(), 'me.jpg', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    const { user } = res.json() as { user: { _id: string; name: string; avatar: string } };
    expect(user).toMatchObject({ _id, name: 'Pia Photo' });
    expect(user.avatar).toMatch(AVATAR_FILE);

    const served = await picture(app, user.avatar);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    const stored = readFileSync(join(deps.settings.UPLOAD_DIR, storedName(user.avatar)));
    expect(stored.toString('latin1')).not.toContain(PHOTO_EXTRAS.author);
    expect(stored.toString('latin1')).not.toContain(PHOTO_EXTRAS.gpsDatum);

    expect((await get(app, '/api/user', { token })).json().user.avatar).toBe(user.avatar);
    const listed = (await get(app, '/api/admin/users', { token: admin.token })).json().data.users as Array<{ _id: string; avatar: string }>;
    expect(listed.find((u) => u._id === _id)?.avatar).toBe(user.avatar);
  });

  test('a new one replaces the old, whose file is deleted; removing it brings the initial back, through both doors', async ({
    listening,
  }) => {
    const { app, deps, baseUrl } = listening;
    const pia = await signedInUser(deps, 'Pia Photo');
    const drawn = `${PUBLIC_URL}/avatars/${pia._id}/P.svg`;

    // tRPC takes the photo as FormData, as auction.create does (over HTTP, and through a caller).
    const viaHttp = await fetch(`${baseUrl}/trpc/user.setAvatar`, {
      method: 'POST',
      headers: { cookie: sessionCookieHeader(pia.token) },
      body: avatarForm(fileOf(await image('png'), 'one.png')),
    });
    expect(viaHttp.status).toBe(200);
    const first = ((await viaHttp.json()) as { result: { data: { user: { avatar: string } } } }).result.data.user.avatar;
    expect(first).toMatch(AVATAR_FILE);
    expect(avatarFiles(deps)).toEqual([storedName(first)]);

    const { user: second } = await pia.caller.user.setAvatar(avatarForm(fileOf(await image('gif'), 'two.gif')));
    expect(second.avatar).toMatch(AVATAR_FILE);
    expect(second.avatar).not.toBe(first);
    expect(avatarFiles(deps)).toEqual([storedName(second.avatar)]);

    const removed = await app.inject({ method: 'DELETE', url: '/api/user/avatar', headers: { cookie: sessionCookieHeader(pia.token) } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().user.avatar).toBe(drawn);
    expect(avatarFiles(deps)).toEqual([]);
    expect((await get(app, '/api/user', { token: pia.token })).json().user.avatar).toBe(drawn);
    // Removing none changes nothing.
    expect((await pia.caller.user.removeAvatar()).user.avatar).toBe(drawn);

    // Two uploads at once: one of them is the avatar, and only its file stays.
    const png = await image('png');
    const both = await Promise.all(['a.png', 'b.png'].map((name) => putAvatar(app, pia.token, fileOf(png, name))));
    expect(both.map((res) => res.statusCode)).toEqual([200, 200]);
    const now = (await get(app, '/api/user', { token: pia.token })).json().user.avatar as string;
    expect(both.map((res) => res.json().user.avatar)).toContain(now);
    expect(avatarFiles(deps)).toEqual([storedName(now)]);
  });

  test('follows the photo rules: the type from the bytes, 5 MB, the pixel limit; a refused one leaves nothing and keeps the old', async ({
    deps,
  }) => {
    const pia = await signedInUser(deps, 'Pia Photo');
    const { user } = await pia.caller.user.setAvatar(avatarForm(fileOf(await image('webp'), 'keep.webp')));
    const kept = uploads(deps);
    for (const [bytes, code, message] of [
      [SVG, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_WRONG_TYPE],
      [TEXT, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_WRONG_TYPE],
      [FAKE_PNG, 'UNSUPPORTED_MEDIA_TYPE', PHOTO_WRONG_TYPE],
      [await pngOfSize(PHOTO_MAX_BYTES + 1), 'PAYLOAD_TOO_LARGE', PHOTO_TOO_LARGE],
      [await pngClaiming(5_001, 5_000), 'PAYLOAD_TOO_LARGE', PHOTO_TOO_MANY_PIXELS],
      [Buffer.alloc(0), 'BAD_REQUEST', AVATAR_MISSING],
    ] as const) {
      const refused = await failure(pia.caller.user.setAvatar(avatarForm(fileOf(bytes, 'me.png', 'image/png'))));
      expect(refused).toMatchObject({ code, message });
    }
    expect(await failure(pia.caller.user.setAvatar(new FormData()))).toMatchObject({ code: 'BAD_REQUEST', message: AVATAR_MISSING });
    expect(uploads(deps)).toEqual(kept);
    expect((await deps.store.users.byId(pia.id))?.avatar).toBe(storedName(user.avatar));
    // Exactly 5 MiB is a photo like any other.
    expect((await pia.caller.user.setAvatar(avatarForm(fileOf(await pngOfSize(PHOTO_MAX_BYTES), 'limit.png')))).user.avatar).toMatch(
      AVATAR_FILE,
    );
    expect(existsSync(join(deps.settings.UPLOAD_DIR, storedName(user.avatar)))).toBe(false);
  });

  test('signed out: 401 through both doors, before the photo is read; nothing stored', async ({ listening }) => {
    const { app, deps, baseUrl } = listening;
    const big = fileOf(Buffer.alloc(12 * 1024 * 1024, 1), 'big.png');
    expect((await app.inject({ method: 'PUT', url: '/api/user/avatar', payload: avatarForm(big) as never })).statusCode).toBe(401);
    expect((await fetch(`${baseUrl}/trpc/user.setAvatar`, { method: 'POST', body: avatarForm(big) })).status).toBe(401);
    expect((await app.inject({ method: 'DELETE', url: '/api/user/avatar' })).statusCode).toBe(401);
    expect(await failure(anonymousCaller(deps).user.removeAvatar())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(uploads(deps)).toEqual([]);
  });
});
