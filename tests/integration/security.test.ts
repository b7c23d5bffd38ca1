// Issue 5's HTTP promises: security headers, cross-site refusal, content types, and hostile uploads.
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, test } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../src/server/env';
import { PHOTO_TOO_MANY_PIXELS } from '../../src/server/services/photos';
import { makeApp, sessionCookie } from '../helpers';
import { auctionForm, FAKE_PNG } from './auction-helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  // Tests that listen on a real port leave fetch's keep-alive sockets behind: end them with the app.
  app?.server.closeAllConnections();
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<Settings> = {}) {
  const made = await makeApp({ SIGNUPS_PER_HOUR: 1000, ...overrides });
  app = made.app;
  return made;
}

async function signUp(instance: FastifyInstance, name = 'sam') {
  const res = await instance.inject({ method: 'POST', url: '/api/auth/signup', payload: { name, email: `${name}@example.com`, password: 'correct horse' } });
  return sessionCookie(res);
}

/** A valid PNG whose header claims `width` × `height` pixels: small on disk, huge if decoded. */
async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } }).png().toBuffer());
  // IHDR starts at byte 8: length (4), "IHDR" (4), width (4), height (4), ..., CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const uploads = (dir: string) => readdirSync(dir).length;

describe('security headers', () => {
  test('pages carry a strict Content-Security-Policy and the other headers', async () => {
    const { app } = await start();
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

  test('an uploaded file is served sandboxed, with its own type and nosniff', async () => {
    const { app, deps } = await start();
    const sid = await signUp(app);
    const created = await app.inject({ method: 'POST', url: '/api/auction', cookies: { sid }, payload: await auctionForm(deps.now()) });
    expect(created.statusCode).toBe(201);
    const photo = await app.inject({ method: 'GET', url: created.json().newAuction.itemPhoto });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/^image\//);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.headers['content-security-policy']).toContain('sandbox');
    expect(photo.headers['content-security-policy']).toContain("default-src 'none'");
  });

  test('a path outside the upload folder is never served from disk', async () => {
    const { app } = await start();
    for (const url of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/..%2fpackage.json', '/uploads/..%5cpackage.json']) {
      const res = await app.inject({ method: 'GET', url });
      // At most the client's index.html (the path normalises to /package.json); never the file itself.
      expect(res.body, url).not.toContain('"name": "open-auction"');
      expect([403, 404].includes(res.statusCode) || String(res.headers['content-type']).startsWith('text/html'), url).toBe(true);
    }
  });
});

describe('cross-site requests', () => {
  const foreign = { origin: 'https://evil.example' };

  test.each([
    ['POST', '/api/auth/login', { email: 'a@example.com', password: 'x' }],
    ['POST', '/api/auth/signup', { name: 'A', email: 'a@example.com', password: 'correct horse' }],
    ['POST', '/api/contact', { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' }],
    ['PATCH', '/api/user', { currentPassword: 'a', newPassword: 'bbbbbbbb', confirmPassword: 'bbbbbbbb' }],
    ['POST', '/trpc/auth.login', { email: 'a@example.com', password: 'x' }],
  ] as const)('%s %s from a foreign Origin is 403 and changes nothing', async (method, url, payload) => {
    const { app, deps } = await start();
    const res = await app.inject({ method, url, headers: foreign, payload });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('Cross-site request refused.');
    expect(deps.db.$client.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
  });

  test('logout and the multipart create from a foreign Origin are refused; the session lives on', async () => {
    const { app, deps } = await start();
    const sid = await signUp(app);
    const create = await app.inject({ method: 'POST', url: '/api/auction', cookies: { sid }, headers: foreign, payload: await auctionForm(deps.now()) });
    expect(create.statusCode).toBe(403);
    expect(uploads(deps.settings.UPLOAD_DIR)).toBe(0);
    const logout = await app.inject({ method: 'POST', url: '/api/auth/logout', cookies: { sid }, headers: foreign });
    expect(logout.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/user', cookies: { sid } })).statusCode).toBe(200);
  });

  test('no Origin (scripts), our own origin, and a CORS_ORIGINS origin pass', async () => {
    const { app } = await start({ CORS_ORIGINS: ['http://localhost:5173'] });
    const body = { name: 'A', email: 'a@example.com', subject: 'S', message: 'M' };
    expect((await app.inject({ method: 'POST', url: '/api/contact', payload: body })).statusCode).toBe(201);
    const own = await app.inject({ method: 'POST', url: '/api/contact', headers: { host: 'shop.example:8080', origin: 'http://shop.example:8080' }, payload: body });
    expect(own.statusCode).toBe(201);
    const allowed = await app.inject({ method: 'POST', url: '/api/contact', headers: { origin: 'http://localhost:5173' }, payload: body });
    expect(allowed.statusCode).toBe(201);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(allowed.headers['access-control-allow-credentials']).toBe('true');
  });

  test('a CORS preflight from an allowed origin is answered with credentials and methods', async () => {
    const { app } = await start({ CORS_ORIGINS: ['http://localhost:5173'] });
    const res = await app.inject({
      method: 'OPTIONS',
      url: '/api/auth/login',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(res.headers['access-control-allow-methods'])).toMatch(/PATCH/);
  });

  test('tRPC refuses the content types an HTML form can send without a preflight', async () => {
    const { app } = await start();
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await app.inject({ method: 'POST', url: '/trpc/auth.signup', headers: { 'content-type': type }, payload: 'name=A&email=a%40example.com&password=correct+horse' });
      expect(res.statusCode, type).toBe(415);
    }
  });

  test('no GET changes state: a mutation sent as GET is refused', async () => {
    const { app, deps } = await start();
    const input = encodeURIComponent(JSON.stringify({ name: 'A', email: 'a@example.com', password: 'correct horse' }));
    const res = await app.inject({ method: 'GET', url: `/trpc/auth.signup?input=${input}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(deps.db.$client.prepare('select count(*) as n from users').get()).toEqual({ n: 0 });
  });
});

describe('hostile uploads', () => {
  test('an image claiming a huge canvas is refused from its header, and nothing is kept', async () => {
    const { app, deps } = await start();
    const sid = await signUp(app);
    const form = await auctionForm(deps.now(), { itemPhoto: new File([new Uint8Array(await pngClaiming(60_000, 60_000))], 'bomb.png', { type: 'image/png' }) });
    const res = await app.inject({ method: 'POST', url: '/api/auction', cookies: { sid }, payload: form });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe(PHOTO_TOO_MANY_PIXELS);
    expect(uploads(deps.settings.UPLOAD_DIR)).toBe(0);
  });

  test('path-like and odd file names are ignored: the stored name is the server’s own', async () => {
    const { app, deps } = await start();
    const sid = await signUp(app);
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#246' } }).png().toBuffer();
    for (const name of ['../../etc/passwd', '..\\..\\boot.ini', 'a\u0000b.png', `${'x'.repeat(500)}.png`, '.htaccess']) {
      const form = await auctionForm(deps.now(), { itemPhoto: new File([png], name, { type: 'image/png' }) });
      const res = await app.inject({ method: 'POST', url: '/api/auction', cookies: { sid }, payload: form });
      expect(res.statusCode, name).toBe(201);
      expect(res.json().newAuction.itemPhoto).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    }
    expect(readdirSync(deps.settings.UPLOAD_DIR).every((f) => /^[0-9a-f-]{36}(\.card\.webp|\.png)$/.test(f))).toBe(true);
  });

  // tRPC's multipart path needs a real socket (app.inject's request is not an IncomingMessage), so
  // these two listen on a free loopback port and use fetch.
  async function listening() {
    const made = await start();
    await made.app.listen({ port: 0, host: '127.0.0.1' });
    const address = made.app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return { ...made, base };
  }

  test('a PNG header followed by HTML is refused as not an image, through REST and tRPC', async () => {
    const { app, deps, base } = await listening();
    const sid = await signUp(app);
    const file = () => new File([FAKE_PNG], 'page.png', { type: 'image/png' });
    for (const url of ['/api/auction', '/trpc/auction.create']) {
      const res = await fetch(base + url, { method: 'POST', headers: { cookie: `sid=${sid}` }, body: await auctionForm(deps.now(), { itemPhoto: file() }) });
      expect(res.status, url).toBe(415);
    }
    expect(uploads(deps.settings.UPLOAD_DIR)).toBe(0);
  });

  test('an upload without a session is refused (401) before its body is read, even far over the limit', async () => {
    const { deps, base } = await listening();
    const big = new File([Buffer.alloc(12 * 1024 * 1024, 1)], 'big.png', { type: 'image/png' });
    for (const url of ['/api/auction', '/trpc/auction.create']) {
      // Reading 12 MiB would end in 413 (over the size limit); refusing first answers 401.
      const res = await fetch(base + url, { method: 'POST', body: await auctionForm(deps.now(), { itemPhoto: big }) });
      expect(res.status, url).toBe(401);
    }
    expect(uploads(deps.settings.UPLOAD_DIR)).toBe(0);
  });
});

describe('client address', () => {
  async function loginFrom(instance: FastifyInstance, headers: Record<string, string>) {
    await instance.inject({ method: 'POST', url: '/api/auth/signup', payload: { name: 'Ivy', email: 'ivy@example.com', password: 'correct horse' } });
    const sid = sessionCookie(await instance.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { email: 'ivy@example.com', password: 'correct horse' } }));
    return (await instance.inject({ method: 'GET', url: '/api/user/logins', cookies: { sid } })).json()[0];
  }

  test('a spoofed X-Forwarded-For is ignored unless TRUST_PROXY is on', async () => {
    const { app } = await start();
    expect((await loginFrom(app, { 'x-forwarded-for': '8.8.8.8' })).ipAddress).toBe('127.0.0.1');
  });

  test('with TRUST_PROXY the forwarded address is recorded', async () => {
    const { app } = await start({ TRUST_PROXY: true });
    expect((await loginFrom(app, { 'x-forwarded-for': '8.8.8.8' })).ipAddress).toBe('8.8.8.8');
  });
});

