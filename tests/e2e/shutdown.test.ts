// The server process under abuse: SIGKILLs at random moments under bid load lose no acknowledged bid
// and leave a sound database, on SQLite and (where a server answers) on PostgreSQL; a SIGTERM under load
// answers every request in flight and exits 0. `npm run crash-test` runs the same checks at full length
// (20 kills). No browser needed.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crashLoop, formatStatuses, sigtermUnderLoad } from '../../tools/crash';
import { createWorkspace, root, type Workspace } from '../../tools/server-process';
import { postgres } from '../support/postgres';

const pg = await postgres();

describe('server process: crash and graceful shutdown', () => {
  const workspaces: Workspace[] = [];
  const databases: Array<{ drop(): Promise<void> }> = [];
  const workspace = async ({ onPostgres = false } = {}) => {
    const database = onPostgres ? await pg!.freshDatabase() : undefined;
    if (database) databases.push(database);
    const ws = await createWorkspace('open-auction-', { databaseUrl: database?.url });
    workspaces.push(ws);
    return ws;
  };

  beforeAll(() => {
    if (!existsSync(join(root, 'dist/server/main.js'))) {
      throw new Error('The built server is missing: run `npm run build` before the e2e tests (npm test does).');
    }
  });

  afterAll(async () => {
    for (const ws of workspaces) ws.remove();
    for (const database of databases) await database.drop();
  });

  it('SIGTERM under load: every request in flight gets its whole answer, the process exits 0, acknowledged bids are stored', async () => {
    const run = await sigtermUnderLoad(await workspace());
    expect(run.violations, `in flight: ${run.inFlightAtSignal}, answered ${formatStatuses(run.inFlightStatuses)}`).toEqual([]);
    expect(run.inFlightAtSignal).toBeGreaterThanOrEqual(8);
    expect([...run.inFlightStatuses.values()].reduce((a, b) => a + b, 0)).toBe(run.inFlightAtSignal);
    expect(run.exitCode).toBe(0);
    expect(run.figures.ackedFound).toBe(run.acked);
  }, 120_000);

  const killThreeTimes = async (ws: Workspace) => {
    const run = await crashLoop(ws, { kills: 3 });
    expect(run.violations).toEqual([]);
    expect(run.kills).toBe(3);
    expect(run.record.acked.length).toBeGreaterThan(0);
    expect(run.figures.ackedFound).toBe(run.record.acked.length);
    expect(run.figures.bidsStored).toBeGreaterThanOrEqual(run.record.acked.length);
  };

  it('SIGKILL at random moments under bid load, 3 times: every acknowledged bid stored, integrity ok, invariants hold', async () => {
    await killThreeTimes(await workspace());
  }, 120_000);

  it.skipIf(!pg)(
    'on PostgreSQL, SIGKILL under bid load 3 times: every acknowledged bid stored, foreign keys and invariants hold',
    async () => {
      await killThreeTimes(await workspace({ onPostgres: true }));
    },
    120_000,
  );
});
