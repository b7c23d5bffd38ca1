// The processes that tests and scripts start and then talk to over HTTP, all through one launcher:
// spawn with an env, wait until a URL answers, keep what the process prints, stop it with SIGTERM
// (then SIGKILL if it lingers) or kill it outright. `startServer` is the built server on a workspace
// of its own (a temporary folder with its database and uploads, and a port); the dev server, the
// benchmark's ceiling server and Chromium go through `launch` directly.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './ports';

export const root = resolve(import.meta.dirname, '..');
const serverEntry = join(root, 'dist/server/main.js');

/**
 * Node's flags in `npm start` (package.json), read from there so that every built server the tests and
 * the benchmark start runs as production does (docs/decisions/0022-node-without-its-memory-reducer.md
 * says why it has the ones it has).
 */
export const productionNodeFlags: string[] = (() => {
  const { start } = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts;
  const flags = /\bnode((?:\s+--[\w-]+(?:=\S+)?)*)\s+dist\/server\/main\.js\b/.exec(start);
  if (!flags) throw new Error(`npm start no longer reads "node [--flags] dist/server/main.js": ${start}`);
  return flags[1]!.split(/\s+/).filter(Boolean);
})();

/** What a process printed is kept up to this many characters (the newest). */
const OUTPUT_KEPT = 1024 * 1024;

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/** Runs `npm run build` when dist/server/main.js is missing. */
export function ensureBuilt(log: (line: string) => void = console.log): void {
  if (existsSync(serverEntry)) return;
  log('dist/server/main.js is missing: running npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0 || !existsSync(serverEntry)) throw new Error('npm run build failed');
}

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A process started by `launch`, answering on `baseUrl`. */
export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<ExitStatus>;
  /** Whether the process has exited. */
  readonly done: boolean;
  /** What the process printed on stdout and stderr. */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited within `graceMs`; resolves once it is gone. */
  stop(graceMs?: number): Promise<ExitStatus>;
  /** SIGKILL (unless it has already exited) and wait for the exit. */
  kill(): Promise<ExitStatus>;
}

export interface LaunchOptions {
  /** Names the process in errors: "The server", "Chromium". */
  label: string;
  /** The program; Node (this one) unless given. */
  command?: string;
  args: string[];
  /** Over this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Where the process answers once it is up. */
  baseUrl: string;
  /** The path that answers 2xx once it is ready. */
  readyPath: string;
  timeoutMs?: number;
  /** How long `stop` waits after SIGTERM before SIGKILL. */
  graceMs?: number;
}

/** Starts the process and resolves once `baseUrl + readyPath` answers 2xx; fails with its output if it exits or never does. */
export async function launch(options: LaunchOptions): Promise<ServerProcess> {
  const { label, baseUrl, readyPath, timeoutMs = 60_000, graceMs = 10_000 } = options;
  const child = spawn(options.command ?? process.execPath, options.args, {
    cwd: root,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer | string) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let done = false;
  const exited = new Promise<ExitStatus>((settle) => {
    child.once('exit', (code, signal) => {
      done = true;
      settle({ code, signal });
    });
    // A program that cannot be started at all emits no exit.
    child.once('error', (error) => {
      keep(`${error.message}\n`);
      done = true;
      settle({ code: null, signal: null });
    });
  });
  const server: ServerProcess = {
    child,
    baseUrl,
    exited,
    get done() {
      return done;
    },
    output: () => output,
    async stop(grace = graceMs) {
      if (done) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), grace);
      const status = await exited;
      clearTimeout(timer);
      return status;
    },
    async kill() {
      if (!done) child.kill('SIGKILL');
      return exited;
    },
  };

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (done) throw new Error(`${label} exited before answering ${readyPath}:\n${output}`);
    try {
      const response = await fetch(`${baseUrl}${readyPath}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.ok) return server;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  await server.kill();
  throw new Error(`${label} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${output}`);
}

/**
 * A temporary folder holding the uploads and the SQLite database, and the port every start of the server
 * uses; with `databaseUrl`, the server keeps its data in that PostgreSQL database instead of the file.
 */
export interface Workspace {
  dir: string;
  databasePath: string;
  databaseUrl?: string;
  uploadDir: string;
  port: number;
  baseUrl: string;
  remove(): void;
}

export async function createWorkspace(prefix = 'open-auction-', { databaseUrl }: { databaseUrl?: string } = {}): Promise<Workspace> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const port = await freePort();
  return {
    dir,
    databasePath: join(dir, 'auction.db'),
    ...(databaseUrl ? { databaseUrl } : {}),
    uploadDir: join(dir, 'uploads'),
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ServerOptions {
  /** Settings over the ones every test server has. */
  env?: Record<string, string>;
  /** Node's own flags, before the entry (--cpu-prof, which Node refuses in NODE_OPTIONS), after npm start's. */
  nodeArgs?: string[];
  /** Another build's dist/server/main.js instead of this checkout's (the benchmark's before and after). */
  entry?: string;
  timeoutMs?: number;
}

/** The built server (as `npm start` runs it: NODE_ENV=production, its flags) on the workspace's database, files and port, once /healthz answers. */
export async function startServer(ws: Workspace, options: ServerOptions = {}): Promise<ServerProcess> {
  mkdirSync(ws.uploadDir, { recursive: true });
  return launch({
    label: 'The server',
    args: [...productionNodeFlags, ...(options.nodeArgs ?? []), options.entry ?? serverEntry],
    env: {
      NODE_ENV: 'production',
      PORT: String(ws.port),
      HOST: '127.0.0.1',
      DATABASE_PATH: ws.databasePath,
      // Empty keeps SQLite even where the caller's environment names a PostgreSQL database.
      DATABASE_URL: ws.databaseUrl ?? '',
      UPLOAD_DIR: ws.uploadDir,
      LOG_LEVEL: 'warn',
      // Tests and load sign many people up from one address.
      SIGNUPS_PER_HOUR: '100000',
      SEED_DEMO: '0',
      ...options.env,
    },
    baseUrl: ws.baseUrl,
    readyPath: '/healthz',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
}
