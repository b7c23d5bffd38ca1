// `npm run bench`: the production build on a temporary database (1,000 users, 10,000 auctions, 100,000
// bids), driven by autocannon from separate processes on loopback, beside a bare Fastify + raw SQL
// server (the ceiling) on the same database (on SQLite, the ceiling's bids on a copy of the file). On
// SQLite, every scenario; on PostgreSQL (the same data in a scratch database on TEST_DATABASE_URL's
// server), the REST bid and the detail read through one instance and through three behind nginx, each
// beside its PostgreSQL ceiling, and through one instance the list page, the dashboard's stats (held
// to the same budget as on SQLite) and 300 bids a second (each database also offers that rate to its
// ceiling, whose p99 is the machine's share of the app's). Besides the bid and the auction page, five
// reads have a twin on SQLite's ceiling (the orders page, a conversation, a public profile, the
// moderators' open reports and audit log: `<id>-raw`, the app's statements and answer, bare) and are
// held to a share of it (TWIN_TARGETS). Scenarios run interleaved, BENCH_ROUNDS times (at least 3),
// and the table shows medians. Then the client: initial JavaScript and Lighthouse.
//
// BENCH_DATABASES: sqlite, postgres or both; by default both where PostgreSQL answers at
// TEST_DATABASE_URL, else SQLite alone (with one line saying why). NGINX_PATH: the nginx program.
// Settings: BENCH_ROUNDS (3), BENCH_DURATION (seconds per bid run, 5; reads get one less),
// BENCH_WARMUP (seconds of each scenario before the first round, not counted; 4),
// BENCH_CONNECTIONS (50), BENCH_LIGHTHOUSE (1; 0 skips it), BENCH_LIGHTHOUSE_RUNS (5 per page; the
// median is reported), BENCH_FORM_FACTOR (mobile | desktop),
// BENCH_CPU_PROF (1: the app and ceiling servers run with --cpu-prof and their top frames are printed),
// BENCH_KEEP (1: keep the database in the temp folder), BENCH_ONLY (scenario ids, comma-separated;
// photo-create names the creates with eight photos, photos.ts), BENCH_ONCE_REQUESTS (requests per run of
// the scenarios that use an auction once per request, 1000), BENCH_ACCEPT_ENCODING (sent with every
// request of every row; none by default, as autocannon sends none: no answer is then compressed).
// BENCH_SERVER_ENTRY (another build's dist/server/main.js to measure in place of this one's, on the
// same data: an earlier commit's, for a before and after), BENCH_APP_NODE_ARGS (more of Node's flags for
// the app servers, space-separated, after npm start's: a runtime setting tried before it is made one).
import { execFileSync, fork } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CHROMIUM_PATH } from '../../tools/chromium';
import { openToolDatabase, type ToolDatabase } from '../../tools/database';
import { NGINX_PATH, nginxInstalled, startNginx } from '../../tools/nginx';
import { freePort } from '../../tools/ports';
import { scratchDatabase, testServerProblem, type ScratchDatabase } from '../../tools/postgres';
import {
  createWorkspace,
  ensureBuilt,
  launch,
  productionNodeFlags,
  root,
  startServer,
  type ServerProcess,
  type Workspace,
} from '../../tools/server-process';
import { initialJavaScript, JS_BUDGET_BYTES, runLighthouse, type FormFactor, type InitialJs, type LighthousePage } from './client';
import { benchPhotoCreates, HEALTHZ_TARGET_MS, PHOTO_SCENARIO, type PhotoBench } from './photos';
import { summariseProfile } from './profile';
import { probeOptions, readProbe } from './server-probe';
import { auctionsMadeThroughRest, placeBids } from './bid-setups';
import type { BidFormat, BidTarget, Job, OnceAction, RunResult } from './runner';
import { BID_SET_SIZE, BID_SETS, RESERVE_OF_ONE_SHOTS, seedBenchDatabase, type BidSet, type Seeded } from './seed';
import { copySeedToPostgres } from './seed-postgres';

const int = (name: string, fallback: number, min: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}`);
  return value;
};
const ROUNDS = int('BENCH_ROUNDS', 3, 3);
const DURATION = int('BENCH_DURATION', 5, 2);
// Long enough that the first round is measured warm: after one second it was the dearest in every run
// (the app's PostgreSQL bid about a third dearer than in the rounds after it, its ceiling about a
// fifth), so the median of three reported the dearer of the other two. V8 optimises hot code on
// threads of the server's own process, and their CPU counts.
const WARMUP = int('BENCH_WARMUP', 4, 1);
const CONNECTIONS = Math.min(int('BENCH_CONNECTIONS', 50, 1), BID_SET_SIZE);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const FORM_FACTOR: FormFactor = process.env.BENCH_FORM_FACTOR === 'desktop' ? 'desktop' : 'mobile';
const LIGHTHOUSE_RUNS = int('BENCH_LIGHTHOUSE_RUNS', 5, 1);
const CPU_PROF = process.env.BENCH_CPU_PROF === '1';
/** Another build of the server to measure on the same data; this checkout's when unset. */
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY || undefined;
/** More of Node's flags for the app servers, after npm start's own. */
const APP_NODE_ARGS = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
const KEEP = process.env.BENCH_KEEP === '1';
/** A comma-separated list of scenario ids to run (for profiling one path); all when unset. */
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : null;
const PHOTO_CREATES = !ONLY || ONLY.has(PHOTO_SCENARIO);
/** The scenarios that use an auction once per request: a fixed number of requests per run, each on an auction of its own. */
const ONCE_SCENARIOS = ['bid-reserve', 'bid-buy-now'];
const ONCE_REQUESTS = int('BENCH_ONCE_REQUESTS', 1000, 100);
/**
 * Their auctions, seeded only when one of them runs: per run (the warm-up, each round, and the run of
 * one request at a time after the rounds) the requests and one per connection.
 */
const ONCE_AUCTIONS = ONCE_SCENARIOS.some((id) => !ONLY || ONLY.has(id)) ? (ROUNDS + 2) * (ONCE_REQUESTS + CONNECTIONS) : 0;
/** The run of one request at a time after the rounds, on each app row: its seconds, or its requests for a once-per-request row. */
const ALONE_SECONDS = 2;
const ALONE_REQUESTS = 200;
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

/** The CPU time of several processes together (the instances behind a load balancer). */
const cpuOf = (servers: ServerProcess[]) => servers.reduce((sum, server) => sum + cpuMicros(server.child.pid), 0);

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

/** The ceiling server on the workspace's database; to profile it, with --cpu-prof (written when SIGTERM ends it). */
async function startCeiling(ws: Workspace, profileDir?: string): Promise<ServerProcess> {
  const port = await freePort();
  return launch({
    label: 'The ceiling server',
    args: [
      // Node as npm start runs the app: the ceiling is held to the same runtime.
      ...productionNodeFlags,
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      '--import',
      'tsx',
      join(import.meta.dirname, 'ceiling-server.ts'),
    ],
    env: {
      ...(ws.databaseUrl ? { DATABASE_URL: ws.databaseUrl } : { DATABASE_PATH: ws.databasePath, DATABASE_URL: '' }),
      PORT: String(port),
      NODE_ENV: 'production',
    },
    baseUrl: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}

/** Each app server's probe report file (server-probe.ts): every run reads how long it held its event loop. */
const probeFiles = new Map<ServerProcess, string>();
/** No request may hold an app server's event loop longer than this, at the bench's data sizes. */
const LOOP_TARGET_MS = 100;

/**
 * The built app on the workspace (on `ws.port`, or `port`), with the event loop's probe; to profile it,
 * with --cpu-prof (written when SIGTERM ends it).
 */
async function startApp(ws: Workspace, profileDir?: string, env: Record<string, string> = {}, port?: number): Promise<ServerProcess> {
  const where = port === undefined ? ws : { ...ws, port, baseUrl: `http://127.0.0.1:${port}` };
  const file = join(ws.dir, `loop-${where.port}.json`);
  const probe = probeOptions(file, { memory: false });
  const server = await startServer(where, {
    env: { ...env, ...probe.env },
    entry: SERVER_ENTRY,
    nodeArgs: [...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), ...APP_NODE_ARGS, ...probe.nodeArgs],
  });
  probeFiles.set(server, file);
  return server;
}

/**
 * A row's job sent over one connection, one request after the other: the longest the loop is then held
 * is the longest one request holds it, with no other request queued behind it in the same turn. A
 * fixed-rate row's requests are the REST bid's, measured alone in that row: it has no run of its own.
 */
function oneAtATime(job: Job): Job | null {
  switch (job.kind) {
    case 'read':
      return { ...job, connections: 1, duration: ALONE_SECONDS };
    case 'bid':
      return { ...job, connections: 1, targets: job.targets.slice(0, 1), duration: ALONE_SECONDS, overallRate: undefined };
    case 'once':
      return { ...job, connections: 1, requests: ALONE_REQUESTS };
    case 'open':
      return null;
  }
}

/** A server's event loop since the last look: its longest delay, and its timer's longest gap with the CPU used in it (server-probe.ts). */
interface LoopHeld {
  ms: number;
  tick: { ms: number; cpuMs: number };
}

/** A timer's longest gap as the report words it. */
const ranOf = (tick: LoopHeld['tick']) => `longest gap between timer turns ${fixed(tick.ms)} ms, ${fixed(tick.cpuMs)} ms of CPU in it`;

/** The longest any of these servers held its event loop since the last call (which starts the measure again). */
async function loopHeld(servers: ServerProcess[]): Promise<LoopHeld> {
  const probed = servers.filter((server) => probeFiles.has(server));
  if (probed.length === 0) return { ms: NaN, tick: { ms: NaN, cpuMs: NaN } };
  const reports = await Promise.all(probed.map((server) => readProbe(server, probeFiles.get(server)!)));
  const longest = reports.reduce((a, b) => (b.loop.longestTick.ms > a.loop.longestTick.ms ? b : a));
  return { ms: Math.max(...reports.map((report) => report.loop.maxMs)), tick: longest.loop.longestTick };
}

const loopHeldMs = async (servers: ServerProcess[]) => (await loopHeld(servers)).ms;

/** As deploy/nginx.conf says its instances run: believing the one proxy in front for the client's address. */
const BEHIND_NGINX = { TRUST_PROXY: '1' };

type DatabaseName = 'sqlite' | 'postgres';

/** BENCH_DATABASES, or both where PostgreSQL answers at TEST_DATABASE_URL. */
async function databasesWanted(): Promise<DatabaseName[]> {
  const raw = process.env.BENCH_DATABASES ?? '';
  if (raw === 'sqlite' || raw === 'postgres') return [raw];
  if (raw === 'both') return ['sqlite', 'postgres'];
  if (raw !== '') {
    log(`bench: BENCH_DATABASES must be sqlite, postgres or both, not "${raw}"`);
    process.exit(2);
  }
  const problem = await testServerProblem();
  if (!problem) return ['sqlite', 'postgres'];
  log(`bench: SQLite only, ${problem.why}`);
  return ['sqlite'];
}

/** The servers on one database, and a connection that reads the bid targets' prices between runs. */
interface Deployment {
  database: DatabaseName;
  ws: Workspace;
  db: ToolDatabase;
  app: ServerProcess;
  /** The ceiling whose reads the app's are held to: on the app's database, so that both read the same rows. */
  ceiling: ServerProcess;
  /**
   * The ceiling whose bids the app's are held to: on SQLite another ceiling server, on a copy of the
   * seeded file, alone with its own log and checkpoints; on PostgreSQL `ceiling`.
   */
  bidCeiling: ServerProcess;
  /** `bidCeiling`'s database, where its bidders' prices are read. */
  bidCeilingDb: ToolDatabase;
  /** PostgreSQL: `app` and two more instances on the same database, with nginx in front of the three. */
  cluster?: { instances: ServerProcess[]; nginx: ServerProcess };
}

/**
 * SQLite: the app and the reads' ceiling on the seeded file, and the bids' ceiling on a copy of it
 * made before any of them starts. The app and the bids' ceiling each write alone on their file, as
 * on a machine of their own: the log and the checkpoints of one never wait on, nor help, the
 * other's. The reads' twins read what the app reads, the rows its setups write included.
 */
async function deployOnSqlite(ws: Workspace, profileDir?: string): Promise<Deployment> {
  const copy = { ...ws, databasePath: join(ws.dir, 'bid-ceiling.db') };
  const seeded = new Database(ws.databasePath);
  seeded.pragma('wal_checkpoint(TRUNCATE)');
  seeded.close();
  copyFileSync(ws.databasePath, copy.databasePath);
  const app = await startApp(ws, profileDir && join(profileDir, 'app'));
  const ceiling = await startCeiling(ws, profileDir && join(profileDir, 'ceiling'));
  const bidCeiling = await startCeiling(copy, profileDir && join(profileDir, 'bid-ceiling'));
  return { database: 'sqlite', ws, db: await openToolDatabase(ws), app, ceiling, bidCeiling, bidCeilingDb: await openToolDatabase(copy) };
}

/** PostgreSQL: the seeded data copied into the scratch database, the ceiling, and three app instances behind nginx (deploy/nginx.conf). */
async function deployOnPostgres(seededFile: string, scratch: ScratchDatabase, profileDir?: string): Promise<Deployment> {
  const copy = await copySeedToPostgres(seededFile, scratch.url);
  log(`bench: copied the data into PostgreSQL database ${scratch.name} in ${copy.ms} ms`);
  const ws = await createWorkspace('open-auction-bench-pg-', { databaseUrl: scratch.url });
  const app = await startApp(ws, profileDir && join(profileDir, 'app'), BEHIND_NGINX);
  const ceiling = await startCeiling(ws, profileDir && join(profileDir, 'ceiling'));
  const db = await openToolDatabase(ws);
  const deployment: Deployment = { database: 'postgres', ws, db, app, ceiling, bidCeiling: ceiling, bidCeilingDb: db };
  if (!nginxInstalled()) {
    log(`bench: no nginx at ${NGINX_PATH} (NGINX_PATH): the rows through three instances are left out`);
    return deployment;
  }
  // The other two instances share the workspace's database and uploads, each on a port of its own.
  const instances = [app];
  for (let i = 2; i <= 3; i++) {
    instances.push(await startApp(ws, undefined, BEHIND_NGINX, await freePort()));
  }
  const balancer = await startNginx(
    await freePort(),
    instances.map((instance) => new URL(instance.baseUrl).host),
  );
  return { ...deployment, cluster: { instances, nginx: balancer } };
}

/** A deployment's ceiling servers: one, or two on SQLite. */
const ceilingsOf = (d: Deployment) => [...new Set([d.ceiling, d.bidCeiling])];

async function stopDeployment(d: Deployment): Promise<void> {
  await d.db.close();
  if (d.bidCeilingDb !== d.db) await d.bidCeilingDb.close();
  await d.cluster?.nginx.stop();
  await Promise.all([...ceilingsOf(d), ...(d.cluster?.instances ?? [d.app])].map((server) => server.stop()));
}

// ---------------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  id: string;
  label: string;
  /** The processes whose CPU time is measured around each run: one server, or the sum over the instances. */
  servers: ServerProcess[];
  /** The scenario the ratio columns divide by, round by round; null prints '-'. */
  compareTo: string | null;
  /** How the "to" column names this scenario in the rows that compare to it. */
  shortName?: string;
  minRatio?: number;
  maxP99?: number;
  /** At most this many times the compared scenario's server CPU per answer. */
  maxCpuTimes?: number;
  /** At most this many microseconds of server CPU per answer (the median over rounds). */
  maxCpuUs?: number;
  warmup: boolean;
  job(round: number): Promise<Job>;
}

const readDuration = Math.max(2, DURATION - 1);

/** The least share of its ceiling, in answers per second and in CPU per answer: the REST bid and the auction page. */
const TARGETS = { bid: 0.6, detail: 0.8 };
/**
 * The least share of its twin on the ceiling (the same statements and answer, bare: ceiling-read-routes.ts),
 * in answers per second and in CPU per answer. The twin skips work every request of the app does (its
 * hooks: security headers, cookies, compression; tRPC and zod; the session's status and two-factor):
 * about 150 µs a request here at most, the auction page's gap to its raw read of the same rows. Each
 * target is what the app reaches adding only that to its twin's least CPU measured, C / (C + 150),
 * rounded down to 0.05: the cheaper the read, the more those 150 µs weigh. docs/performance.md, 2026-11-29.
 */
const TWIN_TARGETS = {
  // Twin 540 to 840 µs: 20 of about 200 orders joined to both parties and their feedback, sorted.
  orders: 0.75,
  // Twin 380 to 630 µs: the IMMEDIATE transaction that marks the conversation read, and 100 messages.
  conversation: 0.7,
  // Twin 250 to 340 µs: the seller, their feedback's counts and newest ten, their open auctions.
  profile: 0.6,
  // Twin 170 to 260 µs each: 20 rows of three or five joins.
  'admin-reports': 0.5,
  'admin-audit': 0.5,
};
/** Every kind of bid, whatever it sets off (an automatic bid, a reserve met, a purchase), at most this many times the ceiling bid's CPU. */
const BID_CPU_TIMES = 2.5;
/** The dashboard's stats, on either database: at most this much server CPU per answer, in microseconds. */
const STATS_CPU_US = 500;
/** What a browser says it accepts (Chromium also names zstd, which the server does not offer): the server picks Brotli. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br';
/** The standing maximum of the rival in bid-auto: far above anything the runs reach. */
const AUTO_MAXIMUM = 500_000_000;

function buildScenarios(seeded: Seeded, deployments: Deployment[]): Scenario[] {
  // Each connection bids on its own auction, as its own bidder: set s, connection i → user s*60+i+1 (the
  // scenarios after BID_SETS go on counting, each rival 60 users on). The prices are read before every
  // run, since the runs before it have raised them.
  const userAt = (offset: number) => (offset % seeded.tokens.length) + 1;
  const tokenAt = (offset: number) => seeded.tokens[offset % seeded.tokens.length]!;
  /** With `rivalOffset`, two bidders per auction taking turns, the one who does not lead first. */
  const targetsOf = (db: ToolDatabase, auctionIds: number[], tokenOffset: number, rivalOffset?: number): Promise<BidTarget[]> =>
    Promise.all(
      auctionIds.map(async (auctionId, i) => {
        const [row] = await db.all<{ current_price: number; leader_id: number | null }>(
          'select current_price, leader_id from auctions where id = $1',
          [auctionId],
        );
        const target = { auctionId, price: row!.current_price, token: tokenAt(tokenOffset + i) };
        if (rivalOffset === undefined) return target;
        const rival = tokenAt(rivalOffset + i);
        return row!.leader_id === userAt(tokenOffset + i)
          ? { ...target, token: rival, rivalToken: target.token }
          : { ...target, rivalToken: rival };
      }),
    );
  // The ceiling's bidders bid on its own database.
  const targets = (d: Deployment, set: BidSet, count: number): Promise<BidTarget[]> =>
    targetsOf(set === 'ceiling' ? d.bidCeilingDb : d.db, seeded.bidTargets[set].slice(0, count), BID_SETS.indexOf(set) * BID_SET_SIZE);
  /** Where the bidders of the scenarios after BID_SETS start. */
  const offset = (k: number) => (BID_SETS.length + k) * BID_SET_SIZE;
  const once =
    (url: string, action: OnceAction, auctionIds: number[]) =>
    async (round: number): Promise<Job> => {
      const perRun = ONCE_REQUESTS + CONNECTIONS;
      return {
        kind: 'once',
        url,
        action,
        auctionIds: auctionIds.slice(round * perRun, (round + 1) * perRun),
        price: RESERVE_OF_ONE_SHOTS - 1,
        tokens: Array.from({ length: CONNECTIONS }, (_, i) => tokenAt(offset(5) + i)),
        connections: CONNECTIONS,
        requests: ONCE_REQUESTS,
      };
    };
  /** A setup done once, before the first run that needs it. */
  const onceOnly = <T>(work: () => Promise<T>) => {
    let done: Promise<T> | undefined;
    return () => (done ??= work());
  };
  const read = (url: string, path: string, token = seeded.readerToken, connections = CONNECTIONS, duration = readDuration): Job => ({
    kind: 'read',
    url,
    path,
    token,
    connections,
    duration,
  });
  const bid = (d: Deployment, url: string, format: BidFormat, set: BidSet) => async (): Promise<Job> => ({
    kind: 'bid',
    url,
    format,
    targets: await targets(d, set, CONNECTIONS),
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const detailPath = `/api/auction/${seeded.detailAuctionId}`;

  /** How a database's rows are named: SQLite's keep the names they have always had. */
  const naming = (d: Deployment) =>
    d.database === 'postgres' ? { id: 'pg-', label: 'PostgreSQL: ', short: 'pg ' } : { id: '', label: '', short: '' };
  /** The ceiling's bid and detail read on one database: what the rows of its app compare to. */
  const ceilingScenarios = (d: Deployment): Scenario[] => {
    const name = naming(d);
    return [
      {
        id: `${name.id}bid-ceiling`,
        label: `${name.label}bid, ceiling (bare Fastify + raw SQL)`,
        servers: [d.bidCeiling],
        compareTo: `${name.id}bid-ceiling`,
        shortName: `${name.short}ceil bid`,
        warmup: true,
        job: bid(d, d.bidCeiling.baseUrl, 'ceiling', 'ceiling'),
      },
      {
        id: `${name.id}detail-raw`,
        label: `${name.label}auction with 100 bids, raw read (ceiling)`,
        servers: [d.ceiling],
        compareTo: `${name.id}detail-raw`,
        shortName: `${name.short}raw read`,
        warmup: true,
        job: async () => read(d.ceiling.baseUrl, `/auction/${seeded.detailAuctionId}`),
      },
    ];
  };
  /** The REST bid and the detail read through `url` (one instance, or the balancer), against the same database's ceiling. */
  const appScenarios = (
    d: Deployment,
    {
      id,
      label,
      url,
      servers,
      set,
      targets,
    }: { id: string; label: string; url: string; servers: ServerProcess[]; set: BidSet; targets?: { bid: number; detail: number } },
  ): Scenario[] => [
    {
      id: `${id}bid-rest`,
      label: `${label}bid, REST  POST /api/auction/:id`,
      servers,
      compareTo: `${naming(d).id}bid-ceiling`,
      ...(targets === undefined ? {} : { minRatio: targets.bid }),
      warmup: true,
      job: bid(d, url, 'rest', set),
    },
    {
      id: `${id}detail`,
      label: `${label}auction with 100 bids  GET /api/auction/:id`,
      servers,
      compareTo: `${naming(d).id}detail-raw`,
      ...(targets === undefined ? {} : { minRatio: targets.detail }),
      warmup: true,
      job: async () => read(url, detailPath),
    },
  ];

  /** Bids offered at a fixed rate, on one instance: their p99, on either database. */
  const rateScenarios = (d: Deployment): Scenario[] => [
    {
      id: `${naming(d).id}rate-autocannon`,
      label: `${naming(d).label}bid REST, ${OFFERED_RATE}/s offered (autocannon overallRate, 10 conns)`,
      servers: [d.app],
      compareTo: null,
      maxP99: P99_TARGET_MS,
      warmup: false,
      job: async () => ({
        kind: 'bid',
        url: d.app.baseUrl,
        format: 'rest',
        targets: await targets(d, 'rate', 10),
        connections: 10,
        duration: readDuration,
        overallRate: OFFERED_RATE,
      }),
    },
    {
      id: `${naming(d).id}rate-open`,
      label: `${naming(d).label}bid REST, ${OFFERED_RATE}/s offered (open loop, even arrivals)`,
      servers: [d.app],
      compareTo: null,
      maxP99: P99_TARGET_MS,
      warmup: false,
      job: async () => ({
        kind: 'open',
        url: d.app.baseUrl,
        format: 'rest',
        targets: await targets(d, 'open', CONNECTIONS),
        rate: OFFERED_RATE,
        duration: readDuration,
      }),
    },
    // The ceiling's bid at the same even arrivals: the p99 this machine gives a bare bid on that database,
    // beside the app's. No target of its own: it says how much of the app's p99 the machine already takes.
    {
      id: `${naming(d).id}rate-open-ceiling`,
      label: `${naming(d).label}bid, ceiling, ${OFFERED_RATE}/s offered (open loop, even arrivals)`,
      servers: [d.bidCeiling],
      compareTo: null,
      warmup: false,
      job: async () => ({
        kind: 'open',
        url: d.bidCeiling.baseUrl,
        format: 'ceiling',
        targets: await targets(d, 'ceiling', CONNECTIONS),
        rate: OFFERED_RATE,
        duration: readDuration,
      }),
    },
  ];

  /**
   * The list page and the dashboard's stats on PostgreSQL, as their SQLite rows read them: the stats are
   * held to the same budget on both databases, and the list page beside them says what a read costs there.
   */
  const readsOn = (d: Deployment): Scenario[] => {
    const name = naming(d);
    return [
      {
        id: `${name.id}list`,
        label: `${name.label}list page  GET /api/auction?limit=24`,
        servers: [d.app],
        compareTo: null,
        warmup: true,
        job: async () => read(d.app.baseUrl, '/api/auction?limit=24'),
      },
      {
        id: `${name.id}stats`,
        label: `${name.label}dashboard stats  GET /api/auction/stats`,
        servers: [d.app],
        compareTo: null,
        maxCpuUs: STATS_CPU_US,
        warmup: true,
        job: async () => read(d.app.baseUrl, '/api/auction/stats'),
      },
    ];
  };

  return deployments.flatMap((d): Scenario[] => {
    const [bidCeiling, detailRaw] = ceilingScenarios(d);
    if (d.database === 'postgres') {
      // One instance is held to the same ratios as on SQLite; three on two cores are measured to learn how they share them.
      const [bidRest, detail] = appScenarios(d, { ...naming(d), url: d.app.baseUrl, servers: [d.app], set: 'rest', targets: TARGETS });
      const cluster = d.cluster
        ? appScenarios(d, {
            id: 'pg3-',
            label: 'PostgreSQL, 3 instances + nginx: ',
            url: d.cluster.nginx.baseUrl,
            servers: d.cluster.instances,
            set: 'cluster',
          })
        : [];
      return [bidRest!, bidCeiling!, detail!, detailRaw!, ...readsOn(d), ...rateScenarios(d), ...cluster];
    }
    const app = d.app.baseUrl;
    const [bidRest, detail] = appScenarios(d, { ...naming(d), url: app, servers: [d.app], set: 'rest', targets: TARGETS });
    const onApp = (scenario: Omit<Scenario, 'servers'>): Scenario => ({ ...scenario, servers: [d.app] });
    /** A read of the app (`/api` + `path`) and its twin on the ceiling (`path`), the app's row held to TWIN_TARGETS[id]. */
    const twinRows = ({
      id,
      label,
      short,
      path,
      token,
    }: {
      id: keyof typeof TWIN_TARGETS;
      label: string;
      short: string;
      path: string;
      token?: string;
    }) => [
      onApp({
        id,
        label,
        compareTo: `${id}-raw`,
        minRatio: TWIN_TARGETS[id],
        warmup: true,
        job: async () => read(app, `/api${path}`, token),
      }),
      {
        id: `${id}-raw`,
        label: `${label.split('  ')[0]}, raw read (ceiling)`,
        servers: [d.ceiling],
        compareTo: `${id}-raw`,
        shortName: short,
        warmup: true,
        job: async () => read(d.ceiling.baseUrl, path, token),
      },
    ];
    // Listed through the create form (a photo, a condition, shipping, a location), one per connection
    // (more, never bid on, would change nothing of a bid): made through REST as a seller makes them,
    // not seeded, as a few dozen creates take a few seconds. Each bidder then bids once, and leads
    // their auction from the first run on.
    // Each row gets its own: a run ends with bids still in flight, which would leave the next row's
    // first prices stale if it ran on the same auctions straight after.
    const leadersFrom = (bidders: number) =>
      onceOnly(async () => {
        const ids = await auctionsMadeThroughRest(app, seeded.sellerTokens, CONNECTIONS);
        await placeBids(
          app,
          ids.map((auctionId, i) => ({ auctionId, token: tokenAt(bidders + i), amount: 101 })),
        );
        return ids;
      });
    const leaderAuctions = leadersFrom(offset(0));
    const compressedLeaderAuctions = leadersFrom(offset(6));
    // A rival's standing maximum far above the price on each auction: every bid is answered at once by
    // the rival's automatic bid one dollar higher.
    const autoAuctions = onceOnly(async () => {
      const ids = seeded.autoTargets.slice(0, CONNECTIONS);
      await placeBids(
        app,
        ids.map((auctionId, i) => ({ auctionId, token: tokenAt(offset(4) + i), amount: 101, maxBid: AUTO_MAXIMUM })),
      );
      return ids;
    });
    const bidJob = async (targets: Promise<BidTarget[]>, acceptEncoding?: string): Promise<Job> => ({
      kind: 'bid',
      url: app,
      format: 'rest',
      targets: await targets,
      connections: CONNECTIONS,
      duration: DURATION,
      ...(acceptEncoding ? { acceptEncoding } : {}),
    });
    const bidRow = (scenario: Omit<Scenario, 'servers' | 'compareTo' | 'maxCpuTimes' | 'warmup'>): Scenario =>
      onApp({ ...scenario, compareTo: 'bid-ceiling', maxCpuTimes: BID_CPU_TIMES, warmup: true });
    const bidKinds: Scenario[] = [
      bidRow({
        id: 'bid-leader-raises',
        label: 'bid, leader raises own bid by $1 (REST-made auctions)',
        job: async () => bidJob(targetsOf(d.db, await leaderAuctions(), offset(0))),
      }),
      // The same bids asking for a compressed answer, as browsers and most HTTP clients do: the answer
      // (the auction, about 1.2 kB) is over the 1 kB past which JSON is compressed on the fly.
      // autocannon asks for none, so no other row's answer is compressed (BENCH_ACCEPT_ENCODING).
      bidRow({
        id: 'bid-leader-raises-gzip',
        label: 'bid, leader raises, Accept-Encoding: gzip, deflate, br',
        job: async () => bidJob(targetsOf(d.db, await compressedLeaderAuctions(), offset(6)), BROWSER_ACCEPT_ENCODING),
      }),
      bidRow({
        id: 'bid-turns',
        label: 'bid, two bidders taking turns (each outbids)',
        job: async () => bidJob(targetsOf(d.db, seeded.turnTargets.slice(0, CONNECTIONS), offset(1), offset(2))),
      }),
      bidRow({
        id: 'bid-auto',
        label: "bid, answered by a rival's automatic bid",
        job: async () => bidJob(targetsOf(d.db, await autoAuctions(), offset(3))),
      }),
      bidRow({
        id: 'bid-reserve',
        label: `bid reaching the reserve (an auction each, ${ONCE_REQUESTS}/run)`,
        job: once(app, 'bid', seeded.reserveAuctions),
      }),
      bidRow({
        id: 'bid-buy-now',
        label: `Buy It Now  POST /api/auction/:id/buy (${ONCE_REQUESTS}/run)`,
        job: once(app, 'buy', seeded.buyNowAuctions),
      }),
    ];
    return [
      bidRest!,
      onApp({
        id: 'bid-trpc',
        label: 'bid, tRPC  auction.placeBid',
        compareTo: 'bid-ceiling',
        minRatio: 0.5,
        warmup: true,
        job: bid(d, app, 'trpc', 'trpc'),
      }),
      bidCeiling!,
      ...bidKinds,
      detail!,
      detailRaw!,
      onApp({
        id: 'list',
        label: 'list page  GET /api/auction?limit=24',
        compareTo: null,
        shortName: 'list',
        warmup: true,
        job: async () => read(app, '/api/auction?limit=24'),
      }),
      // A word in about a fifth of the auctions, sorted by price: the search reads through the
      // full-text index and the price index, and should cost at most twice the plain page.
      onApp({
        id: 'search',
        label: 'search + sort  ?q=vintage&sort=price_desc&limit=24',
        compareTo: 'list',
        minRatio: 0.5,
        warmup: true,
        job: async () => read(app, '/api/auction?q=vintage&sort=price_desc&limit=24'),
      }),
      // The reader's orders page (about 160 as buyer or seller, with their feedback) and their
      // conversation of 100 messages, each read as its page asks for it, and beside each its twin on the
      // ceiling: the same statements and the same answer (ceiling-read-routes.ts), bare. Targets: TWIN_TARGETS.
      ...twinRows({
        id: 'orders',
        label: 'orders page  GET /api/orders?limit=20',
        short: 'raw orders',
        path: '/orders?limit=20',
      }),
      ...twinRows({
        id: 'conversation',
        label: 'conversation of 100  GET /api/auction/:id/messages',
        short: 'raw conv',
        path: `/auction/${seeded.detailAuctionId}/messages`,
      }),
      onApp({
        id: 'stats',
        label: 'dashboard stats  GET /api/auction/stats',
        compareTo: null,
        maxCpuUs: STATS_CPU_US,
        warmup: true,
        job: async () => read(app, '/api/auction/stats'),
      }),
      onApp({
        id: 'admin-users',
        label: 'admin users  search=ab sortBy=name page=2',
        compareTo: null,
        warmup: true,
        job: async () => read(app, '/api/admin/users?search=ab&sortBy=name&sortOrder=asc&page=2', seeded.adminToken),
      }),
      // A seller's public page (their name, ratings and listings), and the moderators' two pages: the
      // open reports, oldest first, and the audit log, read with the admin's session (the ceiling, as
      // the app, refuses them to anyone else); each beside its twin on the ceiling.
      ...twinRows({
        id: 'profile',
        label: 'public profile  GET /api/users/:id',
        short: 'raw profile',
        path: `/users/${seeded.profileUserId}`,
      }),
      ...twinRows({
        id: 'admin-reports',
        label: 'admin reports  GET /api/admin/reports?status=open&limit=20',
        short: 'raw reports',
        path: '/admin/reports?status=open&limit=20',
        token: seeded.adminToken,
      }),
      ...twinRows({
        id: 'admin-audit',
        label: 'admin audit log  GET /api/admin/audit?limit=20',
        short: 'raw audit',
        path: '/admin/audit?limit=20',
        token: seeded.adminToken,
      }),
      onApp({
        id: 'list-all',
        label: 'full list  GET /api/auction (10,000)',
        compareTo: null,
        warmup: false,
        job: async () => read(app, '/api/auction', seeded.readerToken, 4, Math.max(2, DURATION - 2)),
      }),
      ...rateScenarios(d),
    ];
  });
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
  /** The longest the app's event loop was held in any round, in milliseconds (NaN: not an app's row). */
  loopMs: number;
  /** The longest the app's event loop was held with one request at a time, in milliseconds (NaN: not measured). */
  aloneMs: number;
  /** In that run, the longest gap between the turns of the server's 10 ms timer, and the CPU the process used in it. */
  aloneTick: LoopHeld['tick'] | undefined;
  /** The compared scenario's short name, or '-'. */
  ratioTo: string;
  target: string;
  verdict: 'PASS' | 'FAIL' | '';
  samples: string[];
}

function buildRows(
  scenarios: Scenario[],
  results: Map<string, RunResult[]>,
  cpu: Map<string, number[]>,
  loop: Map<string, number[]>,
  alone: Map<string, LoopHeld>,
): Row[] {
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
  /** The row's CPU per answer as a multiple of the comparison's, per round, median. */
  const perRoundCpuTimes = (id: string, to: string) => {
    const a = cpu.get(id)!;
    const b = cpu.get(to)!;
    return median(a.map((v, i) => v / b[i]!));
  };
  return scenarios.map((s) => {
    const rounds = results.get(s.id)!;
    const to = s.compareTo && results.has(s.compareTo) ? s.compareTo : null;
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
    if (s.maxCpuTimes !== undefined && to !== null) {
      // NaN without /proc counts as unmet.
      const times = perRoundCpuTimes(s.id, to);
      const met = times <= s.maxCpuTimes;
      target = `CPU ≤ ${s.maxCpuTimes}× (${fixed(times, 2)}×) ${met ? '✔' : '✘'}`;
      verdict = met ? 'PASS' : 'FAIL';
    }
    if (s.maxCpuUs !== undefined) {
      // NaN without /proc counts as unmet.
      const met = median(cpu.get(s.id) ?? []) <= s.maxCpuUs;
      target = `CPU ≤ ${s.maxCpuUs} µs ${met ? '✔' : '✘'}`;
      verdict = met ? 'PASS' : 'FAIL';
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
      loopMs: Math.max(...(loop.get(s.id) ?? [NaN])),
      aloneMs: alone.get(s.id)?.ms ?? NaN,
      aloneTick: alone.get(s.id)?.tick,
      ratioTo: (to && scenarios.find((x) => x.id === to)?.shortName) ?? '-',
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

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The creates with eight photos: their times, the server's memory above rest and event loop, and /healthz meanwhile. */
function photoLines(p: PhotoBench): string[] {
  const healthz = [...p.healthz].sort((a, b) => a - b);
  const worst = healthz.at(-1) ?? NaN;
  const memory = (m: PhotoBench['rest']) => [mb(m.rss), mb(m.heapUsed), mb(m.arrayBuffers)];
  return [
    `Creates with 8 photos of ${(p.photoBytes / 1e6).toFixed(1)} MB (12 MP JPEG each), REST multipart, on a server of their own (RSS at rest ${mb(p.rest.rss)}):`,
    formatTable(
      ['create', 'ms', 'RSS peak +', 'heap peak +', 'ArrayBuffers peak +', 'loop held ms', '/healthz p50 ms', 'max ms', 'target', 'result'],
      [
        ['one at a time (median of 3)', fixed(median(p.alone)), ...memory(p.aloneMemory), fixed(p.aloneLoopMs), '-', '-', '', ''],
        [
          `4 at once, 4 accounts (all done; each median ${fixed(median(p.together))})`,
          fixed(p.togetherMs),
          ...memory(p.togetherMemory),
          fixed(p.togetherLoopMs),
          fixed(median(healthz), 1),
          fixed(worst, 1),
          `/healthz ≤ ${HEALTHZ_TARGET_MS} ms`,
          worst <= HEALTHZ_TARGET_MS ? 'PASS' : 'FAIL',
        ],
      ],
      new Set([1, 2, 3, 4, 5, 6, 7]),
    ),
    '  "+": the most seen above the server at rest, sampled every 10 ms in the server (process.memoryUsage); "loop held":',
    '  the longest event-loop delay in the server (perf_hooks, 10 ms resolution). The files wait on disk, and a create holds',
    `  one photo at a time in memory. /healthz asked every 20 ms from a process of its own, ${healthz.length} times.`,
  ];
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  ensureBuilt(log);
  const databases = await databasesWanted();
  const ws = await createWorkspace('open-auction-bench-');
  const { dir } = ws;
  const loadStart = os.loadavg();
  log(`bench: temp folder ${dir}`);
  const seeded = await seedBenchDatabase(ws.databasePath, { oneShotAuctions: ONCE_AUCTIONS });
  log(
    `bench: seeded ${seeded.counts.users} users, ${seeded.counts.auctions} auctions, ${seeded.counts.bids} bids, ${seeded.counts.sessions} sessions in ${seeded.ms} ms`,
  );

  const profileDir = (database: DatabaseName) => (CPU_PROF ? join(dir, 'cpu-profiles', database) : undefined);
  const deployments: Deployment[] = [];
  let scratch: ScratchDatabase | undefined;
  const runner = new Runner();
  const runJob = (job: Job) => runner.run(job);
  const results = new Map<string, RunResult[]>();
  /** Server CPU per answer of each run, in microseconds, by scenario. */
  const cpu = new Map<string, number[]>();
  /** The longest the app's event loop was held in each run, in milliseconds, by scenario (NaN: a ceiling's run). */
  const loop = new Map<string, number[]>();
  /** The longest the app's event loop was held in the run of one request at a time, by scenario. */
  const alone = new Map<string, LoopHeld>();
  let jsSize: InitialJs | undefined;
  let lighthouse: LighthousePage[] = [];
  let photoCreates: PhotoBench | undefined;
  let scenarios: Scenario[];
  try {
    if (databases.includes('sqlite')) deployments.push(await deployOnSqlite(ws, profileDir('sqlite')));
    if (databases.includes('postgres')) {
      scratch = await scratchDatabase('auction_bench');
      deployments.push(await deployOnPostgres(ws.databasePath, scratch, profileDir('postgres')));
    }
    scenarios = buildScenarios(seeded, deployments).filter((s) => !ONLY || ONLY.has(s.id));
    if (scenarios.length === 0 && !PHOTO_CREATES) throw new Error(`BENCH_ONLY names no scenario`);
    for (const d of deployments) {
      const cluster = d.cluster ? `, nginx ${d.cluster.nginx.baseUrl} over ${d.cluster.instances.map((i) => i.baseUrl).join(' ')}` : '';
      const bidCeiling = d.bidCeiling === d.ceiling ? '' : `, the bids' ceiling ${d.bidCeiling.baseUrl} on a copy of the file`;
      log(`bench: ${d.database}: app ${d.app.baseUrl} (NODE_ENV=production), ceiling ${d.ceiling.baseUrl}${bidCeiling}${cluster}`);
    }
    log(`bench: ${ROUNDS} rounds × ${scenarios.length} scenarios, ${CONNECTIONS} connections`);

    log(`bench: warm-up (${WARMUP} s per scenario, not counted)`);
    for (const s of scenarios.filter((x) => x.warmup)) {
      const job = await s.job(0);
      // A scenario of a fixed number of requests warms up on its own auctions of round 0.
      await runJob(job.kind === 'once' ? job : { ...job, duration: WARMUP });
    }
    for (let round = 1; round <= ROUNDS; round++) {
      for (const s of scenarios) {
        const job = await s.job(round);
        await loopHeldMs(s.servers);
        const cpuBefore = cpuOf(s.servers);
        const result = await runJob(job);
        const perAnswer = (cpuOf(s.servers) - cpuBefore) / Math.max(1, result.ok + result.failed);
        const held = await loopHeldMs(s.servers);
        loop.set(s.id, [...(loop.get(s.id) ?? []), held]);
        const list = results.get(s.id) ?? [];
        list.push(result);
        results.set(s.id, list);
        cpu.set(s.id, [...(cpu.get(s.id) ?? []), perAnswer]);
        log(
          `  round ${round}  ${s.id.padEnd(16)} ${perSecond(result.rps).padStart(6)} req/s  p50 ${fixed(result.p50, 1).padStart(6)} ms  p99 ${fixed(result.p99, 1).padStart(6)} ms  CPU ${fixed(perAnswer).padStart(6)} µs/answer  loop ${fixed(held).padStart(4)} ms` +
            (result.failed || result.errors ? `  non-2xx ${result.failed} errors ${result.errors} ${result.samples[0] ?? ''}` : ''),
        );
      }
    }

    log(`bench: one request at a time (one connection, ${ALONE_SECONDS} s or ${ALONE_REQUESTS} requests per app row)`);
    for (const s of scenarios.filter((x) => x.servers.some((server) => probeFiles.has(server)))) {
      const job = oneAtATime(await s.job(ROUNDS + 1));
      if (!job) continue;
      await loopHeld(s.servers);
      const result = await runJob(job);
      const held = await loopHeld(s.servers);
      alone.set(s.id, held);
      log(
        `  alone    ${s.id.padEnd(16)} ${perSecond(result.rps).padStart(6)} req/s  p99 ${fixed(result.p99, 1).padStart(6)} ms  loop ${fixed(held.ms).padStart(4)} ms  ${ranOf(held.tick)}`,
      );
    }

    if (CPU_PROF) {
      for (const d of deployments) {
        await Promise.all([d.app, ...ceilingsOf(d)].map((server) => server.stop()));
        for (const server of d.bidCeiling === d.ceiling ? ['app', 'ceiling'] : ['app', 'ceiling', 'bid-ceiling']) {
          const folder = join(profileDir(d.database)!, server);
          for (const file of readdirSync(folder).filter((f) => f.endsWith('.cpuprofile'))) {
            log(`\nCPU profile of the ${server} server on ${d.database} over the whole run (${join(folder, file)}):`);
            log(summariseProfile(join(folder, file)));
          }
        }
      }
    }

    jsSize = initialJavaScript(join(root, 'dist/client'));
    if (LIGHTHOUSE) {
      // On the first database. The profiled server has stopped: Lighthouse gets a fresh one on the same database.
      const { ws: lighthouseWs, app } = deployments[0]!;
      const server = CPU_PROF ? await startApp(lighthouseWs) : app;
      try {
        const cookie = `sid=${seeded.readerToken}`;
        log(`bench: Lighthouse (${FORM_FACTOR}) on /, /auction, /auction/${seeded.detailAuctionId}, ${LIGHTHOUSE_RUNS} runs each`);
        lighthouse = await runLighthouse(
          server.baseUrl,
          [{ path: '/' }, { path: '/auction', cookie }, { path: `/auction/${seeded.detailAuctionId}`, cookie }],
          FORM_FACTOR,
          LIGHTHOUSE_RUNS,
        );
      } finally {
        if (server !== app) await server.stop();
      }
    }
    // Last: the auctions it makes, with their photos, would show on the pages Lighthouse loads.
    if (PHOTO_CREATES) photoCreates = await benchPhotoCreates(deployments[0]!.ws, seeded.tokens, log);
  } finally {
    runner.stop();
    for (const d of deployments) await stopDeployment(d);
    if (scratch && KEEP) log(`bench: PostgreSQL database ${scratch.name} kept`);
    else await scratch?.drop();
    for (const d of deployments.filter((x) => x.ws !== ws)) d.ws.remove();
  }

  const rows = buildRows(scenarios, results, cpu, loop, alone);
  const table = formatTable(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'CPU µs/answer',
      'loop ms',
      'alone ms',
      'ratio',
      'CPU ratio',
      'to',
      'target',
      'result',
      'non-2xx',
    ],
    rows.map((r) => [
      r.label,
      perSecond(r.rps),
      fixed(r.p50, 1),
      fixed(r.p99, 1),
      fixed(r.cpuPerAnswer),
      fixed(r.loopMs),
      fixed(r.aloneMs),
      r.ratio === null ? '-' : r.ratio.toFixed(2),
      r.cpuRatio === null ? '-' : r.cpuRatio.toFixed(2),
      r.ratioTo,
      r.target,
      r.verdict,
      String(r.failed + r.errors),
    ]),
    new Set([1, 2, 3, 4, 5, 6, 7, 8, 12]),
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
  const longest = (measure: (r: Row) => number) =>
    rows.filter((r) => Number.isFinite(measure(r))).sort((a, b) => measure(b) - measure(a))[0];
  const heldAlone = longest((r) => r.aloneMs);
  if (heldAlone) {
    out.push(
      `event loop: one request held it at most ${fixed(heldAlone.aloneMs)} ms in any app row (${heldAlone.label.trim()}); ` +
        `target ≤ ${LOOP_TARGET_MS} ms ${heldAlone.aloneMs <= LOOP_TARGET_MS ? 'PASS' : 'FAIL'}`,
    );
    if (heldAlone.aloneTick) out.push(`  in that row's run, ${ranOf(heldAlone.aloneTick)}`);
  }
  const held = longest((r) => r.loopMs);
  if (held) out.push(`  under ${CONNECTIONS} connections: held at most ${fixed(held.loopMs)} ms in a turn (${held.label.trim()})`);
  if (held || heldAlone) {
    out.push(
      "loop ms: the longest an app server's event loop was held in any round (perf_hooks in the server, 10 ms resolution);",
      `  under load one turn of the loop serves every request that arrived meanwhile, so it grows with the connections.`,
      `alone ms: the same after the rounds, the row's requests sent one after the other over one connection (${ALONE_SECONDS} s, or`,
      `  ${ALONE_REQUESTS} requests of a row that uses an auction each): the longest one request holds the loop. Ceiling and`,
      '  fixed-rate rows: "-". Its longest gap between the turns of a 10 ms timer in the server comes with the CPU the',
      '  process used in it: about as much when work held the loop, next to none when the process waited (not run by the',
      '  machine, or in a system call).',
    );
  }
  out.push('ratio: median over rounds of (row req/s ÷ comparison req/s in the same round). CPU ratio: median over rounds of');
  out.push(
    "  (comparison's server CPU per answer ÷ row's), CPU read from /proc/<pid>/stat around each run. Bids compare to the ceiling bid",
  );
  out.push('  (bare Fastify route, raw better-sqlite3 prepared statements, one IMMEDIATE transaction, session lookup);');
  out.push('  the auction detail compares to the same read done raw on that server; the search with a sort compares to the plain');
  out.push('  list page (its target: at least half its answers per second and CPU per answer); five more reads compare to their twin');
  out.push('  on the ceiling (`-raw`: the same statements and answer, bare). Other reads have no twin: "-".');
  out.push(
    `Every kind of bid is held to at most ${BID_CPU_TIMES}× the ceiling bid's CPU per answer ("CPU ≤ ${BID_CPU_TIMES}×", the median over rounds of`,
  );
  out.push(
    `  row ÷ ceiling in brackets). The reserve and Buy It Now rows send ${ONCE_REQUESTS} requests per run, each on an auction of its own.`,
  );
  out.push(
    `The dashboard's stats are held to at most ${STATS_CPU_US} µs of server CPU per answer on each database ("CPU ≤ ${STATS_CPU_US} µs").`,
  );
  if (deployments.some((d) => d.database === 'postgres')) {
    out.push("PostgreSQL rows: the same data copied into a scratch database on TEST_DATABASE_URL's server; their ceiling is the same");
    out.push('  routes over the pg driver (named prepared statements, the bid one transaction that locks the auction row). The rows');
    out.push('  through 3 instances go through nginx with deploy/nginx.conf (addresses changed) and sum the CPU of the three');
    out.push("  instances. No row counts PostgreSQL's own CPU, nor nginx's.");
  }
  out.push(`non-2xx: failed answers plus socket errors over all rounds (bids out of step, timeouts); the aim is 0.`);
  out.push("The two fixed-rate rows offer 300 bids/s: autocannon sends each connection's share in a burst at the start of");
  out.push('  every second (its rate limiter), the open-loop row spreads the sends evenly and counts latency from the scheduled moment.');
  for (const r of rows.filter((x) => x.samples.length > 0)) out.push(`  ${r.id}: ${r.samples.join(' | ')}`);

  if (photoCreates) out.push('', ...photoLines(photoCreates));

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
    `${JSON.stringify({ machine, settings: { ROUNDS, DURATION, CONNECTIONS, FORM_FACTOR }, rows, photoCreates, initialJs: jsSize, lighthouse, seconds: (Date.now() - started) / 1000 }, null, 2)}\n`,
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
