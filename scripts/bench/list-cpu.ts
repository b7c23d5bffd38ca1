// The server's CPU per answer of a read, without a build: seeds the bench's data (seed.ts) into a
// temporary SQLite file, serves the app from source in this process, and reads the path with curl
// (another process, so that only the server's work is counted) over one connection, in blocks timed
// with process.cpuUsage(). Prints the median and the least block: on a shared machine the least says
// best what the code costs. Also prints how long the event loop was held (its delay while answering).
//
//   tsx scripts/bench/list-cpu.ts [path ...]    default: the full list and the list page; :profile in a
//   path stands for the seller whose public profile the bench reads (/api/users/:profile); an
//   administrator reads the paths under /api/admin/, the bench's reader the others
//   LIST_CPU_ANSWERS (5 a block; 50 times as many for a path with limit=), LIST_CPU_BLOCKS (9),
//   LIST_CPU_DATABASE (sqlite; postgres copies the same data into a scratch database on
//   TEST_DATABASE_URL's server, as the bench does, and serves from there)
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { buildApp } from '../../src/server/app';
import { openShared } from '../../src/server/open-store';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { scratchDatabase, type ScratchDatabase } from '../../tools/postgres';
import { seedBenchDatabase } from './seed';
import { copySeedToPostgres } from './seed-postgres';

const ANSWERS = Number(process.env.LIST_CPU_ANSWERS ?? 5);
const ON_POSTGRES = process.env.LIST_CPU_DATABASE === 'postgres';
const BLOCKS = Number(process.env.LIST_CPU_BLOCKS ?? 9);
const paths = process.argv.length > 2 ? process.argv.slice(2) : ['/api/auction', '/api/auction?limit=24'];
const run = promisify(execFile);
const ms = (value: number) => value.toFixed(1);
/** A CPU time per answer: to 10 µs under 10 ms, where a page's read falls. */
const cpu = (value: number) => value.toFixed(value < 10 ? 2 : 1);

const folder = mkdtempSync(join(tmpdir(), 'list-cpu-'));
let scratch: ScratchDatabase | null = null;
try {
  const path = join(folder, 'bench.db');
  const seeded = await seedBenchDatabase(path);
  if (ON_POSTGRES) {
    scratch = await scratchDatabase('list_cpu');
    await copySeedToPostgres(path, scratch.url);
  }
  const settings = testSettings({
    DATABASE_PATH: path,
    UPLOAD_DIR: join(folder, 'uploads'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const deps = createDeps(settings, await openShared(settings));
  const app = await buildApp(deps, { closeAuctions: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };

  /** `times` reads of the path, one after another; the size of the last answer. */
  const read = async (url: string, times: number) => {
    const each = Array.from({ length: times }, () => ['-o', '/dev/null', `http://127.0.0.1:${port}${url}`]).flat();
    const token = url.startsWith('/api/admin/') ? seeded.adminToken : seeded.readerToken;
    const args = ['-sS', '--fail', '-H', `authorization: Bearer ${token}`, '-w', '%{size_download}\n', ...each];
    const { stdout } = await run('curl', args);
    return Number(stdout.trim().split('\n').at(-1));
  };

  for (const url of paths.map((p) => p.replace(':profile', String(seeded.profileUserId)))) {
    const answers = url.includes('limit=') || url.startsWith('/api/users/') ? ANSWERS * 50 : ANSWERS;
    await read(url, answers);
    const perAnswer: number[] = [];
    let bytes = 0;
    const loop = monitorEventLoopDelay({ resolution: 1 });
    loop.enable();
    for (let block = 0; block < BLOCKS; block++) {
      const before = process.cpuUsage();
      bytes = await read(url, answers);
      const used = process.cpuUsage(before);
      perAnswer.push((used.user + used.system) / 1000 / answers);
    }
    loop.disable();
    const sorted = [...perAnswer].sort((a, b) => a - b);
    console.log(
      `${url}: ${cpu(sorted[Math.floor(BLOCKS / 2)]!)} ms CPU per answer (median), ${cpu(sorted[0]!)} (least); ` +
        `blocks of ${answers}: ${perAnswer.map(cpu).join(' ')}; ${bytes} bytes; ` +
        `event loop delay p99 ${ms(loop.percentile(99) / 1e6)} ms, max ${ms(loop.max / 1e6)} ms`,
    );
  }
  await app.close();
} finally {
  await scratch?.drop();
  rmSync(folder, { recursive: true, force: true });
}
