// The CPU of one transaction written once for both databases (db/common, run by the dialect's
// `transaction`), without HTTP: marks a user's notices read (one unit: a conditional update and the
// count after it) in blocks timed with process.cpuUsage(). On PostgreSQL each unit's transaction runs
// on a query builder made for its connection; this says what that costs beside the statements.
//
//   tsx scripts/bench/unit-cpu.ts        UNIT_CPU_DATABASE (postgres, a scratch database on
//   TEST_DATABASE_URL's server; or sqlite, a temporary file), UNIT_CPU_RUNS (300 a block), UNIT_CPU_BLOCKS (7)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openShared } from '../../src/server/open-store';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { scratchDatabase, type ScratchDatabase } from '../../tools/postgres';

const RUNS = Number(process.env.UNIT_CPU_RUNS ?? 300);
const BLOCKS = Number(process.env.UNIT_CPU_BLOCKS ?? 7);
const ON_POSTGRES = (process.env.UNIT_CPU_DATABASE ?? 'postgres') === 'postgres';

const folder = mkdtempSync(join(tmpdir(), 'unit-cpu-'));
let scratch: ScratchDatabase | null = null;
try {
  if (ON_POSTGRES) scratch = await scratchDatabase('unit_cpu');
  const settings = testSettings({
    DATABASE_PATH: join(folder, 'unit.db'),
    UPLOAD_DIR: join(folder, 'uploads'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const deps = createDeps(settings, await openShared(settings));
  const user = (await deps.store.users.insert({
    name: 'Reader',
    email: 'reader@example.com',
    passwordHash: 'not used here',
    createdAt: new Date(),
  }))!;
  const perUnit: number[] = [];
  // The first block warms up and is not counted.
  for (let block = 0; block <= BLOCKS; block++) {
    const before = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) await deps.store.notifications.markRead(user.id, null, new Date());
    const used = process.cpuUsage(before);
    if (block > 0) perUnit.push((used.user + used.system) / RUNS);
  }
  const sorted = [...perUnit].sort((a, b) => a - b);
  console.log(
    `${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}: marking notices read, ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} µs CPU ` +
      `per unit (median), ${sorted[0]!.toFixed(0)} (least); blocks of ${RUNS}: ${perUnit.map((value) => value.toFixed(0)).join(' ')}`,
  );
  // As a server's close does (plugins/lifecycle.ts): the live streams stop listening to the doorbell first.
  await deps.streams.close();
  await Promise.all([deps.bus.close(), deps.notices.close()]);
  await deps.store.close();
} finally {
  await scratch?.drop();
  rmSync(folder, { recursive: true, force: true });
}
