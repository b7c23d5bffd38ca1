// How the built server delivers bytes: the client precompressed and cached by fingerprint, lists
// compressed on the fly, small answers left alone. Needs the build, not Chromium.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createWorkspace, startServer, type ServerProcess, type Workspace } from '../../tools/server-process';

let ws: Workspace;
let server: ServerProcess;

beforeAll(async () => {
  ws = await createWorkspace();
  server = await startServer(ws);
});

afterAll(async () => {
  await server?.kill();
  ws?.remove();
});

async function landingScript(): Promise<string> {
  const html = await (await fetch(`${ws.baseUrl}/`)).text();
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error('index.html has no module script');
  return src;
}

describe('the built client', () => {
  test('index.html is revalidated on every visit; fingerprinted assets are cached for a year', async () => {
    const page = await fetch(`${ws.baseUrl}/auction`);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const asset = await fetch(`${ws.baseUrl}${await landingScript()}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test("a signed-in page's HTML names its code for preloading, every file of it served; the landing page's does not", async () => {
    const links = async (path: string) => {
      const html = await (await fetch(`${ws.baseUrl}${path}`)).text();
      return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
    };
    const landing = await links('/');
    const detail = await links('/auction/5');
    expect(detail.some((href) => /\/assets\/auction-detail-[\w-]+\.js$/.test(href))).toBe(true);
    expect(detail.some((href) => /\/assets\/data-layer-[\w-]+\.js$/.test(href))).toBe(true);
    expect(landing.filter((href) => !detail.includes(href))).toEqual([]);
    expect(landing.some((href) => /data-layer|trpc/.test(href))).toBe(false);
    for (const href of detail) {
      const res = await fetch(`${ws.baseUrl}${href}`);
      expect(res.status, href).toBe(200);
      expect(res.headers.get('content-type'), href).toMatch(/javascript/);
    }
    // The build manifest the server reads stays private.
    expect((await fetch(`${ws.baseUrl}/.vite/manifest.json`)).headers.get('content-type')).not.toMatch(/json/);
  });

  test('assets go out as Brotli or gzip when the browser accepts it, and plain otherwise', async () => {
    const script = await landingScript();
    const brotli = await fetch(`${ws.baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect((await brotli.text()).length).toBeGreaterThan(10_000); // fetch decodes it: real JavaScript
    const gzip = await fetch(`${ws.baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${ws.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});

describe('API answers', () => {
  test('a large JSON answer is compressed; a small one is sent as it is', async () => {
    const body = JSON.stringify({ name: 'Lena', email: `lena-${Date.now()}@example.com`, password: 'correct horse' });
    const signup = await fetch(`${ws.baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      body,
    });
    expect(signup.status).toBe(201);
    expect(signup.headers.get('content-encoding')).toBeNull();
    const { token } = (await signup.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };

    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#345' } })
      .png()
      .toBuffer();
    const today = new Date().toISOString().slice(0, 10);
    const end = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 3; i += 1) {
      const form = new FormData();
      for (const [key, value] of Object.entries({
        itemName: `Lamp ${i}`,
        itemDescription: 'A brass desk lamp. '.repeat(40),
        itemCategory: 'Home & Garden',
        startingPrice: '10',
        itemStartDate: today,
        itemEndDate: end,
      })) {
        form.append(key, value);
      }
      form.append('itemPhoto', new File([new Uint8Array(photo)], 'lamp.png', { type: 'image/png' }));
      expect((await fetch(`${ws.baseUrl}/api/auction`, { method: 'POST', headers: auth, body: form })).status).toBe(201);
    }

    const list = await fetch(`${ws.baseUrl}/api/auction`, { headers: { ...auth, 'accept-encoding': 'br' } });
    expect(list.headers.get('content-encoding')).toBe('br');
    expect(((await list.json()) as unknown[]).length).toBe(3);
    const plain = await fetch(`${ws.baseUrl}/api/auction`, { headers: { ...auth, 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
  });
});
