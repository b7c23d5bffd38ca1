// `npm run bench`: the production build on a temporary database (1,000 users, 10,000 auctions, 100,000
// bids), driven by autocannon from separate processes on loopback, beside a bare Fastify + raw
// better-sqlite3 server (the ceiling) on the same file. Scenarios run interleaved, BENCH_ROUNDS times
// (at least 3), and the table shows medians. Then the client: initial JavaScript and Lighthouse.
//
// Settings: BENCH_ROUNDS (3), BENCH_DURATION (seconds per bid run, 5; reads get one less),
// BENCH_CONNECTIONS (50), BENCH_LIGHTHOUSE (1; 0 skips it), BENCH_LIGHTHOUSE_RUNS (5 per page; the
// median is reported), BENCH_FORM_FACTOR (mobile | desktop),
// BENCH_CPU_PROF (1: the app server runs with --cpu-prof and the top frames are printed),
// BENCH_KEEP (1: keep the database in the temp folder), BENCH_ONLY (scenario ids, comma-separated).
import { execFileSync, fork } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CHROMIUM_PATH } from '../../tools/chromium';
import { freePort } from '../../tools/ports';
import { createWorkspace, ensureBuilt, launch, root, startServer, type ServerProcess, type Workspace } from '../../tools/server-process';
import { initialJavaScript, JS_BUDGET_BYTES, runLighthouse, type FormFactor, type InitialJs, type LighthousePage } from './client';
import { summariseProfile } from './profile';
import type { BidTarget, Job, RunResult } from './runner';
import { BID_SET_SIZE, BID_SETS, seedBenchDatabase, type BidSet, type Seeded } from './seed';

const int = (name: string, fallback: number, min: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
};
const ROUNDS = int('BENCH_ROUNDS', 3, 3);
const DURATION = int('BENCH_DURATION', 5, 2);
const CONNECTIONS = Math.min(int('BENCH_CONNECTIONS', 50, 1), BID_SET_SIZE);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const FORM_FACTOR: FormFactor = process.env.BENCH_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const LIGHTHOUSE_RUNS = int('BENCH_LIGHTHOUSE_RUNS', 5, 1);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
const KEEP = process.env.BENCH_KEEP === '1';
/** A comma-separated list of scenario ids to run (for profiling one path); all when unset. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const OFFERED_RATE = 300;
const P99_TARGET_MS = 20;

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

// ---------------------------------------------------------------------------------------------------
// Processes

/** Clock ticks per second of /proc's CPU times (100 on Linux almost everywhere). */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * The CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat; NaN
 * where there is no /proc. Measured around a run, it gives the server's own work per answer, which
 * does not depend on whether the load generator or the server saturates first.
 */
function cpuMicros(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (in parentheses, which may hold spaces) come the fields from the 3rd on:
    // utime is the 14th and stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** The load generator: one forked process for the whole run, one job at a time over IPC. */
class Runner {
  private child = fork(join(import.meta.dirname, 'runner.ts'), [], {
    cwd: root,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  run(job: Job): Promise<RunResult> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the load runner exited with ${code}`));
      this.child.once('exit', onExit);
      this.child.once('message', (message: { ok: true; result: RunResult } | { ok: false; error: string }) => {
        this.child.off('exit', onExit);
        if (message.ok) resolve(message.result);
        else reject(new Error(`load runner: ${message.error}`));
      });
      this.child.send(job);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.disconnect();
  }
}

async function startCeiling(databasePath: string): Promise<ServerProcess> {
  const port = await freePort();
  return launch({
    label: 'The ceiling server',
    args: ['--import', 'tsx', join(import.meta.dirname, 'ceiling-server.ts')],
    env: { DATABASE_PATH: databasePath, PORT: String(port), NODE_ENV: 'production' },
    baseUrl: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

/** The built app on the workspace; to profile it, with --cpu-prof (written when SIGTERM ends it). */
function startApp(ws: Workspace, profileDir?: string): Promise<ServerProcess> {
  return startServer(ws, profileDir ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] } : {});
}

// ---------------------------------------------------------------------------------------------------
// Scenarios

type Compare = 'ceiling-bid' | 'ceiling-detail' | 'list' | null;

interface Scenario {
  id: string;
  label: string;
  /** Which server answers it: its CPU time is measured around each run. */
  server: 'app' | 'ceiling';
  /** What the ratio column divides by, per round; null prints '-'. */
  compare: Compare;
  minRatio?: number;
  maxP99?: number;
  warmup: boolean;
  job(round: number): Job;
}

function buildScenarios(seeded: Seeded, appUrl: string, ceilingUrl: string, db: Database.Database): Scenario[] {
  const price = db.prepare<[number], { current_price: number }>('select current_price from auctions where id = ?');
  // Each connection bids on its own auction, as its own bidder: set s, connection i → user s*60+i+1.
  const targets = (set: BidSet, count: number): BidTarget[] =>
    seeded.bidTargets[set].slice(0, count).map((auctionId, i) => ({
      auctionId,
      price: price.get(auctionId)!.current_price,
      token: seeded.tokens[(BID_SETS.indexOf(set) * BID_SET_SIZE + i) % seeded.tokens.length]!,
    }));
  const readDuration = Math.max(2, DURATION - 1);
  const read = (url: string, path: string, token = seeded.readerToken, connections = CONNECTIONS, duration = readDuration): Job => ({
    kind: 'read',
    url,
    path,
    token,
    connections,
    duration,
  });
  return [
    {
      id: 'bid-rest',
      label: 'bid, REST  POST /api/auction/:id',
      server: 'app',
      compare: 'ceiling-bid',
      minRatio: 0.6,
      warmup: true,
      job: () => ({
        kind: 'bid',
        url: appUrl,
        format: 'rest',
        targets: targets('rest', CONNECTIONS),
        connections: CONNECTIONS,
        duration: DURATION,
      }),
    },
    {
      id: 'bid-trpc',
      label: 'bid, tRPC  auction.placeBid',
      server: 'app',
      compare: 'ceiling-bid',
      minRatio: 0.4,
      warmup: true,
      job: () => ({
        kind: 'bid',
        url: appUrl,
        format: 'trpc',
        targets: targets('trpc', CONNECTIONS),
        connections: CONNECTIONS,
        duration: DURATION,
      }),
    },
    {
      id: 'bid-ceiling',
      label: 'bid, ceiling (bare Fastify + raw SQL)',
      server: 'ceiling',
      compare: 'ceiling-bid',
      warmup: true,
      job: () => ({
        kind: 'bid',
        url: ceilingUrl,
        format: 'ceiling',
        targets: targets('ceiling', CONNECTIONS),
        connections: CONNECTIONS,
        duration: DURATION,
      }),
    },
    {
      id: 'detail',
      label: `auction with 100 bids  GET /api/auction/:id`,
      server: 'app',
      compare: 'ceiling-detail',
      minRatio: 0.6,
      warmup: true,
      job: () => read(appUrl, `/api/auction/${seeded.detailAuctionId}`),
    },
    {
      id: 'detail-raw',
      label: 'auction with 100 bids, raw read (ceiling)',
      server: 'ceiling',
      compare: 'ceiling-detail',
      warmup: true,
      job: () => read(ceilingUrl, `/auction/${seeded.detailAuctionId}`),
    },
    {
      id: 'list',
      label: 'list page  GET /api/auction?limit=24',
      server: 'app',
      compare: null,
      warmup: true,
      job: () => read(appUrl, '/api/auction?limit=24'),
    },
    {
      // A word in about a fifth of the auctions, sorted by price: the search reads through the
      // full-text index and the price index, and should cost at most twice the plain page.
      id: 'search',
      label: 'search + sort  ?q=vintage&sort=price_desc&limit=24',
      server: 'app',
      compare: 'list',
      minRatio: 0.5,
      warmup: true,
      job: () => read(appUrl, '/api/auction?q=vintage&sort=price_desc&limit=24'),
    },
    {
      id: 'stats',
      label: 'dashboard stats  GET /api/auction/stats',
      server: 'app',
      compare: null,
      warmup: true,
      job: () => read(appUrl, '/api/auction/stats'),
    },
    {
      id: 'admin-users',
      label: 'admin users  search=ab sortBy=name page=2',
      server: 'app',
      compare: null,
      warmup: true,
      job: () => read(appUrl, '/api/admin/users?search=ab&sortBy=name&sortOrder=asc&page=2', seeded.adminToken),
    },
    {
      id: 'list-all',
      label: 'full list  GET /api/auction (10,000)',
      server: 'app',
      compare: null,
      warmup: false,
      job: () => read(appUrl, '/api/auction', seeded.readerToken, 4, Math.max(2, DURATION - 2)),
    },
    {
      id: 'rate-autocannon',
      label: `bid REST, ${OFFERED_RATE}/s offered (autocannon overallRate, 10 conns)`,
      server: 'app',
      compare: null,
      maxP99: P99_TARGET_MS,
      warmup: false,
      job: () => ({
        kind: 'bid',
        url: appUrl,
        format: 'rest',
        targets: targets('rate', 10),
        connections: 10,
        duration: readDuration,
        overallRate: OFFERED_RATE,
      }),
    },
    {
      id: 'rate-open',
      label: `bid REST, ${OFFERED_RATE}/s offered (open loop, even arrivals)`,
      server: 'app',
      compare: null,
      maxP99: P99_TARGET_MS,
      warmup: false,
      job: () => ({
        kind: 'open',
        url: appUrl,
        format: 'rest',
        targets: targets('open', CONNECTIONS),
        rate: OFFERED_RATE,
        duration: readDuration,
      }),
    },
  ];
}

// ---------------------------------------------------------------------------------------------------
// Report

interface Row {
  id: string;
  label: string;
  rounds: RunResult[];
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  errors: number;
  ratio: number | null;
  /** Median server CPU per answer, microseconds. */
  cpuPerAnswer: number;
  /** The comparison's CPU per answer ÷ this row's, per round, median: the share of the ceiling's efficiency. */
  cpuRatio: number | null;
  ratioTo: string;
  target: string;
  verdict: 'PASS' | 'FAIL' | '';
  samples: string[];
}

function buildRows(scenarios: Scenario[], results: Map<string, RunResult[]>, cpu: Map<string, number[]>): Row[] {
  const perRoundRatio = (id: string, to: string) => {
    const a = results.get(id)!;
    const b = results.get(to)!;
    return median(a.map((r, i) => r.rps / b[i]!.rps));
  };
  const perRoundCpuRatio = (id: string, to: string) => {
    const a = cpu.get(id)!;
    const b = cpu.get(to)!;
    return median(a.map((v, i) => b[i]! / v));
  };
  return scenarios.map((s) => {
    const rounds = results.get(s.id)!;
    const compareTo = s.compare === 'ceiling-bid' ? 'bid-ceiling' : s.compare === 'ceiling-detail' ? 'detail-raw' : s.compare;
    const to = compareTo && results.has(compareTo) ? compareTo : null;
    const ratio = to ? perRoundRatio(s.id, to) : null;
    const cpuRatio = to ? perRoundCpuRatio(s.id, to) : null;
    const p99 = median(rounds.map((r) => r.p99));
    const failed = rounds.reduce((n, r) => n + r.failed, 0);
    const errors = rounds.reduce((n, r) => n + r.errors, 0);
    let target = '';
    let verdict: Row['verdict'] = '';
    if (s.minRatio !== undefined && ratio !== null && cpuRatio !== null) {
      target = `ratios ≥ ${s.minRatio}`;
      // Both must hold: answers per second, and server CPU per answer (NaN without /proc counts as unmet).
      verdict = ratio >= s.minRatio && cpuRatio >= s.minRatio ? 'PASS' : 'FAIL';
    }
    if (s.maxP99 !== undefined) {
      target = `p99 ≤ ${s.maxP99} ms`;
      verdict = p99 <= s.maxP99 ? 'PASS' : 'FAIL';
    }
    if ((failed > 0 || errors > 0) && verdict === 'PASS') verdict = 'FAIL';
    return {
      id: s.id,
      label: s.label,
      rounds,
      rps: median(rounds.map((r) => r.rps)),
      p50: median(rounds.map((r) => r.p50)),
      p99,
      failed,
      errors,
      ratio,
      cpuPerAnswer: median(cpu.get(s.id) ?? []),
      cpuRatio,
      ratioTo: to ?? '-',
      target,
      verdict,
      samples: [...new Set(rounds.flatMap((r) => r.samples))].slice(0, 3),
    };
  });
}

function formatTable(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

const fixed = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
/** Requests per second: whole numbers, but one decimal below 10 (the full list). */
const perSecond = (n: number) => fixed(n, Number.isFinite(n) && n < 10 ? 1 : 0);

// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  ensureBuilt(log);
  const ws = await createWorkspace('open-auction-bench-');
  const { dir } = ws;
  const loadStart = os.loadavg();
  log(`bench: temp folder ${dir}`);
  const seeded = await seedBenchDatabase(ws.databasePath);
  log(
    `bench: seeded ${seeded.counts.users} users, ${seeded.counts.auctions} auctions, ${seeded.counts.bids} bids, ${seeded.counts.sessions} sessions in ${seeded.ms} ms`,
  );

  const profileDir = join(dir, 'cpu-profiles');
  const app = await startApp(ws, CPU_PROF ? profileDir : undefined);
  const ceiling = await startCeiling(ws.databasePath);
  const reader = new Database(ws.databasePath, { readonly: true, fileMustExist: true });
  const runner = new Runner();
  const runJob = (job: Job) => runner.run(job);
  const results = new Map<string, RunResult[]>();
  /** Server CPU per answer of each run, in microseconds, by scenario. */
  const cpu = new Map<string, number[]>();
  let jsSize: InitialJs | undefined;
  let lighthouse: LighthousePage[] = [];
  let scenarios: Scenario[];
  try {
    scenarios = buildScenarios(seeded, ws.baseUrl, ceiling.baseUrl, reader).filter((s) => !ONLY || ONLY.has(s.id));
    if (scenarios.length === 0) throw new Error(`BENCH_ONLY names no scenario`);
    log(
      `bench: app ${ws.baseUrl} (NODE_ENV=production), ceiling ${ceiling.baseUrl}; ${ROUNDS} rounds × ${scenarios.length} scenarios, ${CONNECTIONS} connections`,
    );

    log('bench: warm-up (1 s per scenario, not counted)');
    for (const s of scenarios.filter((x) => x.warmup)) {
      await runJob({ ...s.job(0), duration: 1 });
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of scenarios) {
        const pid = (s.server === 'app' ? app : ceiling).child.pid;
        const cpuBefore = cpuMicros(pid);
        const result = await runJob(s.job(round));
        const perAnswer = (cpuMicros(pid) - cpuBefore) / Math.max(1, result.ok + result.failed);
        const list = results.get(s.id) ?? [];
        list.push(result);
        results.set(s.id, list);
        cpu.set(s.id, [...(cpu.get(s.id) ?? []), perAnswer]);
        log(
          `  round ${round}  ${s.id.padEnd(16)} ${perSecond(result.rps).padStart(6)} req/s  p50 ${fixed(result.p50, 1).padStart(6)} ms  p99 ${fixed(result.p99, 1).padStart(6)} ms  CPU ${fixed(perAnswer).padStart(6)} µs/answer` +
            (result.failed || result.errors ? `  non-2xx ${result.failed} errors ${result.errors} ${result.samples[0] ?? ''}` : ''),
        );
      }
    }

    if (CPU_PROF) {
      await app.stop();
      for (const file of readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'))) {
        log(`\nCPU profile of the app server over the whole run (${join(profileDir, file)}):`);
        log(summariseProfile(join(profileDir, file)));
      }
    }

    jsSize = initialJavaScript(join(root, 'dist/client'));
    if (LIGHTHOUSE) {
      // The profiled server has stopped: Lighthouse gets a fresh one on the same database.
      const server = CPU_PROF ? await startApp(ws) : app;
      try {
        const cookie = `sid=${seeded.readerToken}`;
        log(`bench: Lighthouse (${FORM_FACTOR}) on /, /auction, /auction/${seeded.detailAuctionId}, ${LIGHTHOUSE_RUNS} runs each`);
        lighthouse = await runLighthouse(
          ws.baseUrl,
          [{ path: '/' }, { path: '/auction', cookie }, { path: `/auction/${seeded.detailAuctionId}`, cookie }],
          FORM_FACTOR,
          LIGHTHOUSE_RUNS,
        );
      } finally {
        if (server !== app) await server.stop();
      }
    }
  } finally {
    runner.stop();
    reader.close();
    await ceiling.stop();
    await app.stop();
  }

  const rows = buildRows(scenarios, results, cpu);
  const table = formatTable(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/answer', 'ratio', 'CPU ratio', 'to', 'target', 'result', 'non-2xx'],
    rows.map((r) => [
      r.label,
      perSecond(r.rps),
      fixed(r.p50, 1),
      fixed(r.p99, 1),
      fixed(r.cpuPerAnswer),
      r.ratio === null ? '-' : r.ratio.toFixed(2),
      r.cpuRatio === null ? '-' : r.cpuRatio.toFixed(2),
      r.ratioTo === 'bid-ceiling' ? 'ceil bid' : r.ratioTo === 'detail-raw' ? 'raw read' : r.ratioTo === 'list' ? 'list' : '-',
      r.target,
      r.verdict,
      String(r.failed + r.errors),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 10]),
  );

  const cpus = os.cpus();
  const machine = {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadavgAtStart: loadStart.map((n) => Number(n.toFixed(2))),
    loadavgAtEnd: os.loadavg().map((n) => Number(n.toFixed(2))),
  };
  const out: string[] = [];
  out.push('');
  out.push(`Open Auction benchmark — ${new Date().toISOString()}`);
  out.push(
    `machine: ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, load average ${machine.loadavgAtStart.join(' ')} at start, ${machine.loadavgAtEnd.join(' ')} at end`,
  );
  out.push(
    `data: ${seeded.counts.users} users, ${seeded.counts.auctions} auctions, ${seeded.counts.bids} bids; ${ROUNDS} interleaved rounds, medians; ${DURATION} s per bid run, ${Math.max(2, DURATION - 1)} s per read; ${CONNECTIONS} connections unless named`,
  );
  out.push('');
  out.push(table);
  out.push('');
  out.push('ratio: median over rounds of (row req/s ÷ comparison req/s in the same round). CPU ratio: median over rounds of');
  out.push(
    "  (comparison's server CPU per answer ÷ row's), CPU read from /proc/<pid>/stat around each run. Bids compare to the ceiling bid",
  );
  out.push('  (bare Fastify route, raw better-sqlite3 prepared statements, one IMMEDIATE transaction, session lookup);');
  out.push('  the auction detail compares to the same read done raw on that server; the search with a sort compares to the plain');
  out.push('  list page (its target: at least half its answers per second and CPU per answer). Other reads have no twin: "-".');
  out.push(`non-2xx: failed answers plus socket errors over all rounds (bids out of step, timeouts); the aim is 0.`);
  out.push("The two fixed-rate rows offer 300 bids/s: autocannon sends each connection's share in a burst at the start of");
  out.push('  every second (its rate limiter), the open-loop row spreads the sends evenly and counts latency from the scheduled moment.');
  for (const r of rows.filter((x) => x.samples.length > 0)) out.push(`  ${r.id}: ${r.samples.join(' | ')}`);

  out.push('');
  if (jsSize) {
    const verdict = jsSize.gzipTotal <= JS_BUDGET_BYTES ? 'PASS' : 'FAIL';
    out.push(
      `landing page initial JavaScript: ${(jsSize.gzipTotal / 1024).toFixed(1)} kB gzipped (budget ${JS_BUDGET_BYTES / 1024} kB) ${verdict}` +
        `  [${jsSize.files.map((f) => `${f.file} ${(f.bytes / 1024).toFixed(0)} kB raw`).join(', ')}]`,
    );
  }
  if (LIGHTHOUSE) {
    out.push(
      `Lighthouse ${FORM_FACTOR} (default throttling), Chromium ${CHROMIUM_PATH}: performance ≥ 90, accessibility ≥ 95; ` +
        `the median of ${LIGHTHOUSE_RUNS} runs by performance (all runs' scores under "runs")`,
    );
    out.push(
      formatTable(
        ['page', 'performance', 'accessibility', 'result', 'FCP', 'LCP', 'TBT', 'CLS', 'runs'],
        lighthouse.map((p) => [
          p.path,
          String(p.performance ?? 'error'),
          String(p.accessibility ?? 'error'),
          p.performance !== null && p.accessibility !== null && p.performance >= 90 && p.accessibility >= 95 ? 'PASS' : 'FAIL',
          p.metrics['first-contentful-paint'] ?? '',
          p.metrics['largest-contentful-paint'] ?? '',
          p.metrics['total-blocking-time'] ?? '',
          p.metrics['cumulative-layout-shift'] ?? '',
          (p.runs ?? []).map((r) => r ?? 'error').join(' '),
        ]),
        new Set([1, 2]),
      ),
    );
    for (const p of lighthouse) {
      if (p.error) out.push(`  ${p.path}: ${p.error}`);
      else if (p.failing.length > 0)
        out.push(
          `  ${p.path} below 0.9: ${p.failing
            .slice(0, 6)
            .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`)
            .join(', ')}`,
        );
    }
  } else {
    out.push('Lighthouse skipped (BENCH_LIGHTHOUSE=0)');
  }

  const resultsPath = join(dir, 'bench-results.json');
  writeFileSync(
    resultsPath,
    `${JSON.stringify({ machine, settings: { ROUNDS, DURATION, CONNECTIONS, FORM_FACTOR }, rows, initialJs: jsSize, lighthouse, seconds: (Date.now() - started) / 1000 }, null, 2)}\n`,
  );
  if (!KEEP) {
    for (const f of readdirSync(dir))
      if (f.startsWith('auction.db') || f === 'uploads') rmSync(join(dir, f), { recursive: true, force: true });
  }
  out.push('');
  out.push(`results: ${resultsPath}  (${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  console.log(out.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
