// A client served from another origin (listed in CORS_ORIGINS) calls our /api with credentials and
// shows auction photos and the placeholder; our own client, opened as 127.0.0.1 while photos are
// served on PUBLIC_URL (localhost by default), shows them too.
import { createServer, type Server } from 'node:http';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../tools/ports';
import { describeBrowser, uniqueEmail, useBrowserHarness } from './harness';

const PASSWORD = 'correct horse battery';
const clientPort = await freePort();
const clientOrigin = `http://127.0.0.1:${clientPort}`;

/** The other client's page: any page of its own origin will do, the test drives it. */
const CLIENT_PAGE = '<!doctype html><html lang="en"><head><title>Another client</title></head><body><main></main></body></html>';

describeBrowser('photos in a client served from another origin', () => {
  const e2e = useBrowserHarness({ env: { CORS_ORIGINS: clientOrigin } });
  let client: Server | undefined;

  beforeAll(async () => {
    client = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CLIENT_PAGE));
    await new Promise<void>((listening) => client!.listen(clientPort, '127.0.0.1', listening));
  });
  afterAll(async () => {
    client?.closeAllConnections();
    await new Promise((closed) => client?.close(closed));
  });

  /** A seller with two auctions made through the API: one with a photo, and one whose photo is then removed. */
  async function seller() {
    const email = uniqueEmail('other-origin');
    const signup = await fetch(`${e2e.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Olga Other', email, password: PASSWORD }),
    });
    const { token } = (await signup.json()) as { token: string };
    const photo = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const create = async () => {
      const form = new FormData();
      const today = new Date().toISOString().slice(0, 10);
      const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      for (const [key, value] of Object.entries({
        itemName: 'Green vase',
        itemDescription: 'A green vase.',
        itemCategory: 'Antiques',
        startingPrice: '10',
        itemStartDate: today,
        itemEndDate: end,
      })) {
        form.append(key, value);
      }
      form.append('itemPhoto', new File([new Uint8Array(photo)], 'vase.png', { type: 'image/png' }));
      const res = await fetch(`${e2e.baseUrl}/api/auction`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      expect(res.status).toBe(201);
      return ((await res.json()) as { newAuction: { _id: string; itemPhoto: string } }).newAuction;
    };
    const withPhoto = await create();
    const withoutPhoto = await create();
    // No upload path makes an auction without a photo; older data has them.
    const db = new Database(e2e.databasePath);
    db.prepare('update auctions set photo = null where id = ?').run(Number(withoutPhoto._id));
    db.close();
    return { email, withPhoto, withoutPhoto };
  }

  it('signs in through /api with credentials, reads auctions, and shows the photo and the placeholder', async () => {
    const { email, withPhoto, withoutPhoto } = await seller();
    const page = await e2e.newPage();
    await page.goto(clientOrigin);

    const seen = await page.evaluate(
      async ({ api, email, password, ids }) => {
        const login = await fetch(`${api}/api/auth/login`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        /** Shows the image as this client would; its natural width, 0 when the browser refused it. */
        const show = (src: string) =>
          new Promise<number>((shown) => {
            const img = document.createElement('img');
            img.alt = '';
            img.onload = () => shown(img.naturalWidth);
            img.onerror = () => shown(0);
            img.src = src;
            document.querySelector('main')!.append(img);
          });
        const results = [];
        for (const id of ids) {
          // The session cookie is the only credential sent: a read without it would be 401.
          const read = await fetch(`${api}/api/auction/${id}`, { credentials: 'include' });
          const auction = (await read.json()) as { itemPhoto: string; itemPhotoCard: string };
          results.push({
            status: read.status,
            itemPhoto: auction.itemPhoto,
            width: await show(auction.itemPhoto),
            cardWidth: await show(auction.itemPhotoCard),
          });
        }
        return { login: login.status, results };
      },
      { api: e2e.baseUrl, email, password: PASSWORD, ids: [withPhoto._id, withoutPhoto._id] },
    );

    expect(seen.login).toBe(200);
    const [photo, placeholder] = seen.results;
    expect(photo).toMatchObject({ status: 200, itemPhoto: withPhoto.itemPhoto });
    expect(photo!.itemPhoto).toMatch(/^http:\/\/localhost:\d+\/uploads\//);
    expect(photo!.width).toBe(120);
    expect(photo!.cardWidth).toBe(640);
    expect(placeholder!.status).toBe(200);
    expect(placeholder!.itemPhoto).toMatch(/^http:\/\/localhost:\d+\/placeholder\.svg$/);
    expect(placeholder!.width).toBeGreaterThan(0);
  });

  it('our own client, opened as 127.0.0.1, shows a photo served on PUBLIC_URL (localhost)', async () => {
    const { email, withPhoto } = await seller();
    const page = await e2e.newPage();
    // Signed in through the page's own context, so the cookie lands in the browser.
    expect((await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
    await page.goto(`/auction/${withPhoto._id}`);
    const img = page.getByRole('img', { name: 'Green vase' });
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(120);
    expect(await img.getAttribute('src')).toBe(withPhoto.itemPhoto);
  });
});
