// npm run crash-test [-- --kills N]: SIGKILLs the production server at random moments under bid load
// (CRASH_KILLS or --kills times, 20 by default), restarts it each time on the same files, then checks the
// database: integrity, foreign keys, every acknowledged bid stored, the bid invariants. Then SIGTERM under
// load: every request in flight gets a complete answer and the process exits 0. Exit 0 when all hold.
import { checkDatabase, crashLoop, formatStatuses, sigtermUnderLoad } from '../tools/crash';
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
  let ws: Workspace | undefined;
  try {
    ws = await createWorkspace('open-auction-crash-');
    console.log(`crash-test: ${kills} SIGKILLs under bid load, server on ${ws.baseUrl}, database ${ws.databasePath}`);
    const crash = await crashLoop(ws, { kills, log: (line) => console.log(line) });
    const statuses = formatStatuses(crash.record.statuses);
    for (const v of crash.violations) console.error(`VIOLATION: ${v}`);
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

    // The last word on the file, after both parts.
    const final = checkDatabase(ws.databasePath, crash.fixture, crash.record.acked);
    for (const v of final.violations) console.error(`VIOLATION: ${v}`);
    const failed = crash.violations.length + term.violations.length + final.violations.length;
    console.log(
      `crash-test: ${failed === 0 ? 'passed' : `FAILED with ${failed} violations`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    ws?.remove();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('crash-test failed:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
