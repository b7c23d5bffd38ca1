// pageHtml: a signed-in page's HTML names the code it will need, beyond what the main script brings.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { pageHtml } from '../../src/server/page-preloads';

const INDEX = '<html><head><script type="module" src="/assets/index.js"></script></head><body></body></html>';

/** A client build folder holding only a manifest. */
function clientDir(manifest: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'page-preloads-'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  return dir;
}

const chunk = (file: string, imports: string[] = [], extra: object = {}) => ({ file, imports, ...extra });
const fullManifest = () => ({
  'index.html': chunk('assets/index.js', ['_react.js'], { isEntry: true }),
  '_react.js': chunk('assets/react.js'),
  '_trpc.js': chunk('assets/trpc.js', ['_react.js']),
  '_query.js': chunk('assets/query.js', ['_trpc.js']),
  'app/data-layer.tsx': chunk('assets/data-layer.js', ['_trpc.js', 'index.html']),
  'pages/auctions.tsx': chunk('assets/auctions.js', ['_query.js', 'index.html']),
  'pages/auction-detail.tsx': chunk('assets/auction-detail.js', ['_query.js', 'index.html']),
  'pages/my-auctions.tsx': chunk('assets/my-auctions.js'),
  'pages/my-bids.tsx': chunk('assets/my-bids.js'),
  'pages/watchlist.tsx': chunk('assets/watchlist.js'),
  'pages/create-auction.tsx': chunk('assets/create-auction.js'),
  'pages/profile.tsx': chunk('assets/profile.js'),
  'pages/privacy.tsx': chunk('assets/privacy.js'),
  'pages/messages.tsx': chunk('assets/messages-page.js'),
  'pages/contact.tsx': chunk('assets/contact.js'),
  'pages/forgot-password.tsx': chunk('assets/forgot-password.js'),
  'pages/reset-password.tsx': chunk('assets/reset-password.js'),
  'pages/verify-email.tsx': chunk('assets/verify-email.js'),
  'pages/admin/dashboard.tsx': chunk('assets/admin.js'),
  'pages/admin/users.tsx': chunk('assets/users.js'),
  'pages/admin/messages.tsx': chunk('assets/messages.js'),
  'pages/admin/reports.tsx': chunk('assets/reports.js'),
  'pages/admin/audit.tsx': chunk('assets/audit.js'),
  'pages/admin/auction-list.tsx': chunk('assets/auction-list.js'),
});

const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);

describe('pageHtml', () => {
  test('a page gets its own code and the data layer, through their imports, less what the main script brings', () => {
    const html = pageHtml(INDEX, clientDir(fullManifest()));
    expect(preloads(html('/auction/42')).sort()).toEqual([
      '/assets/auction-detail.js',
      '/assets/data-layer.js',
      '/assets/query.js',
      '/assets/trpc.js',
    ]);
    expect(preloads(html('/auction')).sort()).toEqual([
      '/assets/auctions.js',
      '/assets/data-layer.js',
      '/assets/query.js',
      '/assets/trpc.js',
    ]);
    // A link to a conversation (its query string aside) starts the messages page at once.
    expect(preloads(html('/messages')).sort()).toEqual(['/assets/data-layer.js', '/assets/messages-page.js', '/assets/trpc.js']);
    expect(html('/auction')).toMatch(/<\/script><link rel="modulepreload"[^]*<\/head>/);
  });

  test('the landing page and pages without code of their own are served as they are', () => {
    const html = pageHtml(INDEX, clientDir(fullManifest()));
    for (const path of ['/', '/login', '/legal/dmca', '/auction/1/2']) expect(html(path), path).toBe(INDEX);
  });

  test('a page module missing from the build stops the start with its name', () => {
    const manifest: Record<string, unknown> = fullManifest();
    delete manifest['pages/auction-detail.tsx'];
    expect(() => pageHtml(INDEX, clientDir(manifest))).toThrow('The client build has no module pages/auction-detail.tsx');
  });
});
