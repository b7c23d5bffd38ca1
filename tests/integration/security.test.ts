// The HTTP promises of docs/rules/http-api.md: security headers, cross-site refusal, content types, and
// hostile uploads.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../src/server/env';
import { PHOTO_TOO_MANY_PIXELS } from '../../src/shared/photos';
import { signedInUser } from '../support/accounts';
import {
  animatedGif,
  auctionForm,
  FAKE_PNG,
  fileOf,
  insertAuction,
  jpegWithExif,
  PHOTO_EXTRAS,
  pngClaiming,
  pngWithTextAndTrailer,
  storedName,
  uploads,
} from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { postForm, sessionCookieHeader, sessionCookies } from '../support/http';
import { rowsIn } from '../support/sql';

describe('security headers', () => {
  test('pages carry a strict Content-Security-Policy and the other headers', async ({ app }) => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' blob: data:");
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  test('an uploaded file is served sandboxed, with its own type and nosniff', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps);
    const created = await postForm(app, '/api/auction', await auctionForm(deps.now()), { cookie: sid });
    expect(created.statusCode).toBe(201);
    const photo = await app.inject({ method: 'GET', url: created.json().newAuction.itemPhoto });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['content-security-policy']).toContain('sandbox');
    expect(photo.headers['content-security-policy']).toContain("default-src 'none'");
  });

  test.for([
    ['off', {}],
    ['a list, from an unlisted address', { TRUST_PROXY: ['10.0.0.0/8'] }],
  ] satisfies Array<[string, Partial<Settings>]>)(
    'no Strict-Transport-Security over plain HTTP, nor for a claimed https with TRUST_PROXY %s',
    async ([_label, settings], { makeApp }) => {
      const { app } = await makeApp(settings);
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }]) {
        const res = await app.inject({ method: 'GET', url: '/healthz', headers, remoteAddress: '203.0.113.9' });
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    },
  );

  test('Strict-Transport-Security on every answer that came over HTTPS through a trusted proxy', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ TRUST_PROXY: 1 });
    const https = { 'x-forwarded-proto': 'https' };
    const { token: sid } = await signedInUser(deps);
    const created = await postForm(app, '/api/auction', await auctionForm(deps.now()), { cookie: sid, headers: https });
    const photo = new URL(created.json().newAuction.itemPhoto as string).pathname;
    for (const url of ['/healthz', '/api/auction', '/api/no-such-route', photo]) {
      const res = await app.inject({ method: 'GET', url, cookies: sessionCookies(sid), headers: https });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  test('a path outside the upload folder is never served from disk', async ({ app }) => {
    for (const url of [
      '/uploads/../package.json',
      '/uploads/%2e%2e/package.json',
      '/uploads/..%2fpackage.json',
      '/uploads/..%5cpackage.json',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      // At most the client's index.html (the path normalises to /package.json); never the file itself.
      expect(res.body, url).not.toContain('"name": "open-auction"');
      expect([403, 404].includes(res.statusCode) || String(res.headers['content-type']).startsWith('text/html'), url).toBe(true);
    }
  });
});

describe('cross-site requests', () => {
  const foreign = { origin: 'https://evil.example' };

  test.for([
    ['POST', '/api/auth/login', { email: 'a@example.com', password: 'x' }],
    ['POST', '/api/auth/signup', { name: 'A', email: 'a@example.com', password: 'correct horse' }],
    ['POST', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }],
    ['PATCH', '/api/user', { currentPassword: 'a', newPassword: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' }],
    ['POST', '/trpc/auth.login', { email: 'a@example.com', password: 'x' }],
  ] as const)('%s %s from a foreign Origin is 403 and changes nothing', async ([method, url, payload], { app, deps }) => {
    const res = await app.inject({ method, url, headers: foreign, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Cross-site request refused.');
    expect(await rowsIn(deps, 'users')).toBe(0);
  });

  test('logout and the multipart create from a foreign Origin are refused; the session lives on', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps);
    const create = await postForm(app, '/api/auction', await auctionForm(deps.now()), { cookie: sid, headers: foreign });
    expect(create.statusCode).toBe(403);
    expect(uploads(deps)).toHaveLength(0);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: sessionCookies(sid), headers: foreign });
    expect(logout.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies: sessionCookies(sid) })).statusCode).toBe(200);
  });

  test('no Origin (scripts), our own origin, and a CORS_ORIGINS origin pass', async ({ makeApp }) => {
    const { app } = await makeApp({ CORS_ORIGINS: ['http://localhost:5173'] });
    const body = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
    expect((await app.inject({ method: 'POST', url: '/api/contact', payload: body })).statusCode).toBe(201);
    const own = await app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { host: 'shop.example:8080', origin: 'http://shop.example:8080' },
      payload: body,
    });
    expect(own.statusCode).toBe(201);
    const allowed = await app.inject({ method: 'POST', url: '/api/contact', headers: { origin: 'http://localhost:5173' }, payload: body });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
  });

  test('a CORS preflight from an allowed origin is answered with credentials and methods', async ({ makeApp }) => {
    const { app } = await makeApp({ CORS_ORIGINS: ['http://localhost:5173'] });
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/PATCH/);
  });

  test('tRPC refuses the content types an HTML form can send without a preflight', async ({ app }) => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signup',
        headers: { 'content-type': type },
        payload: 'name=A&email=a%40example.com&password=correct+horse',
      });
      expect(res.statusCode, type).toBe(415);
    }
  });

  test('no GET changes state: a mutation sent as GET is refused', async ({ app, deps }) => {
    const input = encodeURIComponent(JSON.stringify({ name: 'A', email: 'a@example.com', password: 'correct horse' }));
    const res = await app.inject({ method: 'GET', url: `/trpc/auth.signup?input=${input}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await rowsIn(deps, 'users')).toBe(0);
  });
});

describe('hostile uploads', () => {
  test('an image claiming a huge canvas is refused from its header, and nothing is kept', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps);
    const form = await auctionForm(deps.now(), {
      itemPhoto: new File([new Uint8Array(await pngClaiming(60_000, 60_000))], 'bomb.png', { type: 'image/png' }),
    });
    const res = await postForm(app, '/api/auction', form, { cookie: sid });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(PHOTO_TOO_MANY_PIXELS);
    expect(uploads(deps)).toHaveLength(0);
  });

  test('path-like and odd file names are ignored: the stored name is the server’s own', async ({ app, deps }) => {
    const { token: sid } = await signedInUser(deps);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    for (const name of ['../../etc/passwd', '..\\..\\boot.ini', 'a\u0000b.png', `${'x'.repeat(500)}.png`, '.htaccess']) {
      const form = await auctionForm(deps.now(), { itemPhoto: new File([png], name, { type: 'image/png' }) });
      const res = await postForm(app, '/api/auction', form, { cookie: sid });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().newAuction.itemPhoto).toMatch(/^http:\/\/localhost:3000\/uploads\/[0-9a-f-]{36}\.png$/);
    }
    expect(readdirSync(deps.settings.UPLOAD_DIR).every((f) => /^[0-9a-f-]{36}(\.card\.webp|\.png)$/.test(f))).toBe(true);
  });

  // tRPC's multipart path needs a real socket (app.inject's request is not an IncomingMessage), so
  // these two take a listening app and use fetch.
  test('a PNG header followed by HTML is refused as not an image, through REST and tRPC', async ({ listening }) => {
    const { deps, baseUrl } = listening;
    const { token: sid } = await signedInUser(deps);
    const file = () => new File([FAKE_PNG], 'page.png', { type: 'image/png' });
    for (const url of ['/api/auction', '/trpc/auction.create']) {
      const res = await fetch(baseUrl + url, {
        method: 'POST',
        headers: { cookie: sessionCookieHeader(sid) },
        body: await auctionForm(deps.now(), { itemPhoto: file() }),
      });
      expect(res.status, url).toBe(415);
    }
    expect(uploads(deps)).toHaveLength(0);
  });

  test('an upload without a session is refused (401) before its body is read, even far over the limit', async ({ listening }) => {
    const { deps, baseUrl } = listening;
    const big = new File([Buffer.alloc(12 * 1024 * 1024, 1)], 'big.png', { type: 'image/png' });
    for (const url of ['/api/auction', '/trpc/auction.create']) {
      // Reading 12 MiB would end in 413 (over the size limit); refusing first answers 401.
      const res = await fetch(baseUrl + url, { method: 'POST', body: await auctionForm(deps.now(), { itemPhoto: big }) });
      expect(res.status, url).toBe(401);
    }
    expect(uploads(deps)).toHaveLength(0);
  });
});

describe('stored photos are re-encoded', () => {
  /** Creates an auction with this photo through REST; returns the stored file, what /uploads serves, and the card. */
  async function store(instance: FastifyInstance, deps: TestDeps, photo: Buffer, name: string) {
    const { token: sid } = await signedInUser(deps);
    const res = await postForm(instance, '/api/auction', await auctionForm(deps.now(), { itemPhoto: fileOf(photo, name) }), {
      cookie: sid,
    });
    expect(res.statusCode).toBe(201);
    const { itemPhoto, itemPhotoCard } = res.json().newAuction as { itemPhoto: string; itemPhotoCard: string };
    const served = await instance.inject({ method: 'GET', url: new URL(itemPhoto).pathname });
    expect(served.statusCode).toBe(200);
    const read = (url: string) => readFileSync(join(deps.settings.UPLOAD_DIR, storedName(url)));
    return { stored: read(itemPhoto), served: served.rawPayload, card: read(itemPhotoCard) };
  }

  const text = (bytes: Buffer) => bytes.toString('latin1');

  test("a JPEG's EXIF (author, GPS position) is neither stored nor served; its orientation is applied to the pixels", async ({
    app,
    deps,
  }) => {
    const jpeg = await jpegWithExif();
    expect(text(jpeg)).toContain(PHOTO_EXTRAS.author);
    expect(text(jpeg)).toContain(PHOTO_EXTRAS.gpsDatum);

    const { stored, served, card } = await store(app, deps, jpeg, 'holiday.jpg');
    expect(served.equals(stored)).toBe(true);
    for (const file of [stored, card]) {
      expect(text(file)).not.toContain(PHOTO_EXTRAS.author);
      expect(text(file)).not.toContain(PHOTO_EXTRAS.gpsDatum);
      expect(text(file)).not.toContain('Exif');
      const meta = await sharp(file).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    // Upright without the tag: the 48×32 pixels tagged "rotate 90°" are stored as 32×48.
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 32, height: 48 });
    expect((await sharp(stored).metadata()).orientation).toBeUndefined();
  });

  test("a PNG's text chunk and the bytes appended after it are neither stored nor served", async ({ app, deps }) => {
    const png = await pngWithTextAndTrailer();
    expect(text(png)).toContain(PHOTO_EXTRAS.note);
    expect(text(png)).toContain(PHOTO_EXTRAS.trailer);

    const { stored, served } = await store(app, deps, png, 'pixel.png');
    expect(served.equals(stored)).toBe(true);
    for (const marker of [PHOTO_EXTRAS.note, PHOTO_EXTRAS.trailer, 'tEXt', '<html']) expect(text(stored)).not.toContain(marker);
    // The file ends where the image ends: with the IEND chunk.
    expect(stored.subarray(-12).equals(Buffer.from('0000000049454e44ae426082', 'hex'))).toBe(true);
    expect((await sharp(stored).metadata()).comments).toBeUndefined();
  });

  test('an animated GIF stays animated, every frame kept; its card is the first frame', async ({ app, deps }) => {
    const { stored, card } = await store(app, deps, await animatedGif(), 'spinner.gif');
    expect(await sharp(stored, { animated: true }).metadata()).toMatchObject({
      format: 'gif',
      pages: 3,
      width: 20,
      delay: [100, 100, 100],
    });
    expect(await sharp(card).metadata()).toMatchObject({ format: 'webp', width: 640, height: 480 });
  });
});

describe('photos for clients on other origins', () => {
  const PUBLIC_URL = 'https://auction.example.com';

  test('photo URLs are absolute on PUBLIC_URL, whatever Host the request names; so is the placeholder', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ PUBLIC_URL });
    const { token: sid } = await signedInUser(deps);
    const elsewhere = { host: 'evil.example' };
    const created = await postForm(app, '/api/auction', await auctionForm(deps.now()), { cookie: sid, headers: elsewhere });
    expect(created.statusCode).toBe(201);
    const { _id, itemPhoto, itemPhotoCard } = created.json().newAuction as { _id: string; itemPhoto: string; itemPhotoCard: string };
    expect(itemPhoto).toMatch(/^https:\/\/auction\.example\.com\/uploads\/[0-9a-f-]{36}\.png$/);
    expect(itemPhotoCard).toMatch(/^https:\/\/auction\.example\.com\/uploads\/[0-9a-f-]{36}\.card\.webp$/);
    const read = await app.inject({ method: 'GET', url: `/api/auction/${_id}`, cookies: sessionCookies(sid), headers: elsewhere });
    expect(read.json()).toMatchObject({ itemPhoto, itemPhotoCard });

    const seller = await signedInUser(deps, 'Paul Photoless');
    const bare = await app.inject({
      method: 'GET',
      url: `/api/auction/${await insertAuction(deps, seller.id)}`,
      cookies: sessionCookies(sid),
      headers: elsewhere,
    });
    expect(bare.json()).toMatchObject({ itemPhoto: `${PUBLIC_URL}/placeholder.svg`, itemPhotoCard: `${PUBLIC_URL}/placeholder.svg` });
  });

  test('photos and the placeholder may be shown by any origin, still sandboxed; pages stay same-origin', async ({ makeApp }) => {
    const { app, deps } = await makeApp({ PUBLIC_URL });
    const { token: sid } = await signedInUser(deps);
    const created = await postForm(app, '/api/auction', await auctionForm(deps.now()), { cookie: sid });
    const { itemPhoto, itemPhotoCard } = created.json().newAuction as { itemPhoto: string; itemPhotoCard: string };
    for (const url of [itemPhoto, itemPhotoCard, `${PUBLIC_URL}/placeholder.svg`]) {
      const res = await app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; sandbox");
    }
    for (const url of ['/healthz', '/api/auction', '/placeholder.svg.html']) {
      const res = await app.inject({ method: 'GET', url, cookies: sessionCookies(sid) });
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  test("our pages may show images from PUBLIC_URL's origin, when opened under another name", async ({ makeApp }) => {
    const { app } = await makeApp({ PUBLIC_URL });
    const csp = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' blob: data: ${PUBLIC_URL};`);
  });
});
