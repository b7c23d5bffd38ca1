// Whether the ceiling's reads answer what the app answers: seeds the bench's data (seed.ts) into a
// temporary SQLite file, serves the app from source in this process and the ceiling server beside it on
// the same file (with the app's PUBLIC_URL), reads each pair the bench compares, and prints per pair the
// two answers' sizes and whether they are the same JSON (the time left of an auction aside, which moves
// between the two reads). Also: that the conversation's read marks the reader's unread messages read on
// the ceiling too, and that both refuse the moderators' pages to a user who is not an administrator.
//
//   tsx scripts/bench/ceiling-check.ts        exits 1 when any pair differs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../../src/server/app';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { openShared } from '../../src/server/open-store';
import { freePort } from '../../tools/ports';
import { launch } from '../../tools/server-process';
import { seedBenchDatabase } from './seed';

/** The first place where two JSON values differ, as a path; null when they are the same. */
function difference(a: unknown, b: unknown, path = '$'): string | null {
  if (typeof a !== typeof b || Array.isArray(a) !== Array.isArray(b) || (a === null) !== (b === null)) return path;
  if (typeof a !== 'object' || a === null) return a === b ? null : path;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b as object);
  if (keysA.join() !== keysB.join()) return `${path} (keys ${keysA.join()} against ${keysB.join()})`;
  for (const key of keysA) {
    if (key === 'timeLeft') continue;
    const found = difference((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

const folder = mkdtempSync(join(tmpdir(), 'ceiling-check-'));
let failed = false;
try {
  const path = join(folder, 'bench.db');
  const seeded = await seedBenchDatabase(path);
  const settings = testSettings({ DATABASE_PATH: path, UPLOAD_DIR: join(folder, 'uploads') });
  const app = await buildApp(createDeps(settings, await openShared(settings)), { closeAuctions: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const appUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const port = await freePort();
  const ceiling = await launch({
    label: 'The ceiling server',
    args: ['--import', 'tsx', join(import.meta.dirname, 'ceiling-server.ts')],
    env: { DATABASE_PATH: path, DATABASE_URL: '', PORT: String(port), PUBLIC_URL: settings.PUBLIC_URL, NODE_ENV: 'production' },
    baseUrl: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
  const read = async (url: string, token: string) => {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    return { status: res.status, bytes: Buffer.byteLength(text), body: JSON.parse(text) as unknown };
  };
  const conversation = `/auction/${seeded.detailAuctionId}/messages`;
  const pairs: Array<[name: string, path: string, token: string]> = [
    ['orders', '/orders?limit=20', seeded.readerToken],
    ['conversation', conversation, seeded.readerToken],
    ['profile', `/users/${seeded.profileUserId}`, seeded.readerToken],
    ['admin-reports', '/admin/reports?status=open&limit=20', seeded.adminToken],
    ['admin-audit', '/admin/audit?limit=20', seeded.adminToken],
    ['admin-reports, as a user', '/admin/reports?status=open&limit=20', seeded.readerToken],
    ['admin-audit, as a user', '/admin/audit?limit=20', seeded.readerToken],
  ];
  try {
    for (const [name, path, token] of pairs) {
      const [fromApp, fromCeiling] = [await read(`${appUrl}/api${path}`, token), await read(`${ceiling.baseUrl}${path}`, token)];
      const differs =
        fromApp.status !== fromCeiling.status ? 'the status' : fromApp.status === 200 && difference(fromApp.body, fromCeiling.body);
      failed ||= Boolean(differs);
      console.log(
        `${name.padEnd(26)} app ${fromApp.status} ${String(fromApp.bytes).padStart(6)} bytes, ceiling ${fromCeiling.status} ` +
          `${String(fromCeiling.bytes).padStart(6)} bytes: ${differs ? `DIFFER at ${differs}` : 'same'}`,
      );
    }
    // The seller's half of the conversation unread again: the ceiling's read marks it read, as the app's does.
    const db = new Database(path);
    const unread = db.prepare('select count(*) as n from messages where auction_id = ? and with_user_id = 1 and read_at is null').pluck();
    db.prepare('update messages set read_at = null where auction_id = ? and from_user_id <> 1').run(seeded.detailAuctionId);
    const before = unread.get(seeded.detailAuctionId) as number;
    await read(`${ceiling.baseUrl}${conversation}`, seeded.readerToken);
    const after = unread.get(seeded.detailAuctionId) as number;
    db.close();
    failed ||= before === 0 || after !== 0;
    console.log(`conversation marked read on the ceiling: ${before} unread before its read, ${after} after`);
  } finally {
    await ceiling.stop();
    await app.close();
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
