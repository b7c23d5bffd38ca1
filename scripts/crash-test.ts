// npm run crash-test [-- --kills N] [-- --postgres]: SIGKILLs the production server at random moments under
// bid load (CRASH_KILLS or --kills times, 20 by default), restarts it each time on the same database, then
// checks it: the database's own soundness checks, every acknowledged bid stored, the bid invariants. Then
// SIGTERM under load: every request in flight gets a complete answer and the process exits 0. Exit 0 when
// all hold. The database is a SQLite file in a temporary folder; with DATABASE_URL, that PostgreSQL database
// (one you can spare: the test adds users, auctions and bids to it); with --postgres, a database made on
// TEST_DATABASE_URL's server for the run and dropped after.
import { redactedUrl } from '../src/server/db/pg/open';
import { checkDatabase, crashLoop, formatStatuses, sigtermUnderLoad } from '../tools/crash';
import { runOn, scratchDatabase, type ScratchDatabase } from '../tools/postgres';
import { createWorkspace, ensureBuilt, type Workspace } from '../tools/server-process';

function killsWanted(): number {
  const at = process.argv.indexOf('--kills');
  const raw = at >= 0 ? process.argv[at + 1] : process.env.CRASH_KILLS;
  if (raw === undefined || raw === '') return 20;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`crash-test: the number of kills must be a whole number of at least 1, got "${raw}"`);
    process.exit(2);
  }
  return n;
}

async function main(): Promise<number> {
  const kills = killsWanted();
  const started = Date.now();
  ensureBuilt();
  let scratch: ScratchDatabase | undefined;
  let ws: Workspace | undefined;
  try {
    let databaseUrl = process.env.DATABASE_URL || undefined;
    if (process.argv.includes('--postgres')) {
      scratch = await scratchDatabase('auction_crash');
      // A database of our own may get amcheck, so that its indexes are checked against their tables too.
      await runOn(scratch.url, 'create extension if not exists amcheck');
      databaseUrl = scratch.url;
    }
    ws = await createWorkspace('open-auction-crash-', { databaseUrl });
    const database = ws.databaseUrl ? `PostgreSQL ${redactedUrl(ws.databaseUrl)}` : `database ${ws.databasePath}`;
    console.log(`crash-test: ${kills} SIGKILLs under bid load, server on ${ws.baseUrl}, ${database}`);
    const crash = await crashLoop(ws, { kills, log: (line) => console.log(line) });
    const statuses = formatStatuses(crash.record.statuses);
    for (const v of crash.violations) console.error(`VIOLATION: ${v}`);
    // The server's own words for its failures; a few are enough to see the cause.
    for (const line of crash.serverErrors.slice(0, 3)) console.error(`server error: ${line}`);
    console.log(
      `crash: ${crash.kills} kills survived, ${crash.record.acked.length} bids acknowledged, ${crash.figures.ackedFound} of them found, ` +
        `${crash.figures.bidsStored} bids stored, ${crash.figures.auctionsChecked} auctions checked, ` +
        `${crash.record.connectionErrors} requests left without an answer around the kills, answers ${statuses}, ${(crash.ms / 1000).toFixed(1)} s` +
        (crash.violations.length === 0 ? ': all checks hold' : `: ${crash.violations.length} violations`),
    );

    const term = await sigtermUnderLoad(ws, crash.fixture);
    for (const v of term.violations) console.error(`VIOLATION: ${v}`);
    console.log(
      `sigterm: ${term.inFlightAtSignal} requests in flight at SIGTERM answered ${formatStatuses(term.inFlightStatuses) || '(none)'}, ` +
        `exit code ${term.exitCode}${term.exitSignal ? ` (signal ${term.exitSignal})` : ''} after ${term.exitMs} ms, ` +
        `${term.acked} bids acknowledged in that run, ${term.figures.bidsStored} bids stored` +
        (term.violations.length === 0 ? ': all checks hold' : `: ${term.violations.length} violations`),
    );

    // The last word on the database, after both parts.
    const final = await checkDatabase(ws, crash.fixture, crash.record.acked);
    for (const v of final.violations) console.error(`VIOLATION: ${v}`);
    console.log(`database checks: ${final.figures.soundnessChecked}, then the bid invariants of ${final.figures.auctionsChecked} auctions`);
    const failed = crash.violations.length + term.violations.length + final.violations.length;
    console.log(
      `crash-test: ${failed === 0 ? 'passed' : `FAILED with ${failed} violations`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    ws?.remove();
    await scratch?.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('crash-test failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
