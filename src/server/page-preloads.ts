// The code a page needs, named in that page's HTML as <link rel="modulepreload">: the browser then
// fetches it alongside the main script instead of after the main script has run, one round trip
// less before a deep link can ask for its data. Read from Vite's build manifest.
//
// The paths follow the route table in src/client/app/router.tsx. A page missing here still works;
// its code only starts loading a moment later. The landing page is left out on purpose: visitors
// should not download the data layer they do not use.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Signed-in pages: the data layer (TanStack Query, the tRPC client) and the page itself. */
const PAGES: Array<{ path: RegExp; modules: string[] }> = [
  { path: /^\/auction\/?$/i, modules: ['app/data-layer.tsx', 'pages/auctions.tsx'] },
  { path: /^\/auction\/[^/]+\/?$/i, modules: ['app/data-layer.tsx', 'pages/auction-detail.tsx'] },
  { path: /^\/myauction\/?$/i, modules: ['app/data-layer.tsx', 'pages/my-auctions.tsx'] },
  { path: /^\/mybids\/?$/i, modules: ['app/data-layer.tsx', 'pages/my-bids.tsx'] },
  { path: /^\/watchlist\/?$/i, modules: ['app/data-layer.tsx', 'pages/watchlist.tsx'] },
  { path: /^\/create\/?$/i, modules: ['app/data-layer.tsx', 'pages/create-auction.tsx'] },
  { path: /^\/profile\/?$/i, modules: ['app/data-layer.tsx', 'pages/profile.tsx'] },
  { path: /^\/privacy\/?$/i, modules: ['app/data-layer.tsx', 'pages/privacy.tsx'] },
  { path: /^\/messages\/?$/i, modules: ['app/data-layer.tsx', 'pages/messages.tsx'] },
  { path: /^\/contact\/?$/i, modules: ['app/data-layer.tsx', 'pages/contact.tsx'] },
  { path: /^\/forgot-password\/?$/i, modules: ['app/data-layer.tsx', 'pages/forgot-password.tsx'] },
  { path: /^\/reset-password\/?$/i, modules: ['app/data-layer.tsx', 'pages/reset-password.tsx'] },
  { path: /^\/verify-email\/?$/i, modules: ['app/data-layer.tsx', 'pages/verify-email.tsx'] },
  { path: /^\/admin\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/dashboard.tsx'] },
  { path: /^\/admin\/users\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/users.tsx'] },
  { path: /^\/admin\/messages\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/messages.tsx'] },
  { path: /^\/admin\/audit\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/audit.tsx'] },
  { path: /^\/admin\/reports\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/reports.tsx'] },
  { path: /^\/auctionlist\/?$/i, modules: ['app/data-layer.tsx', 'pages/admin/auction-list.tsx'] },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * index.html for a request path: with the modulepreload links of the page's code when the path is
 * one of PAGES, as it is otherwise. Throws at start-up if the manifest lacks a module named here.
 */
export function pageHtml(indexHtml: string, clientDir: string): (pathname: string) => string {
  const manifest = JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found) throw new Error(`The client build has no module ${key} (src/server/page-preloads.ts names it)`);
    return found;
  };
  /** The files a module needs, itself first, through its static imports. */
  const files = (key: string, seen = new Set<string>()): Set<string> => {
    const { file, imports = [] } = chunk(key);
    seen.add(file);
    for (const imported of imports) if (!seen.has(chunk(imported).file)) files(imported, seen);
    return seen;
  };
  // The main script and what it imports arrive through index.html already.
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? files(entry) : new Set<string>();

  const pages = PAGES.map(({ path, modules }) => {
    const needed = new Set(modules.flatMap((key) => [...files(key)]).filter((file) => !loaded.has(file)));
    const links = [...needed].map((file) => `<link rel="modulepreload" crossorigin href="/${file}" />`).join('');
    return { path, html: indexHtml.replace('</head>', `${links}</head>`) };
  });
  return (pathname) => pages.find((page) => page.path.test(pathname))?.html ?? indexHtml;
}
