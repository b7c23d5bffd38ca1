// The one way an integration test gets a server to test: import `test` from here instead of from
// vitest, and name what the test needs; vitest makes only that, and closes all of it after the test.
//
//   deps       the app's dependencies on a fresh database, with a clock the test moves (deps.clock)
//   app        the app built on those deps and ready, for app.inject
//   listening  that app on a real socket: { app, deps, port, baseUrl }
//   makeDeps   more deps in one test (settings chosen in the test, two databases side by side)
//   makeApp    more apps in one test, each on deps of its own: { app, deps }
//   sharedDeps one database for a whole file, for a suite that builds its data once and only reads it
//
// A file or a describe block changes the settings of its tests with `test.override({ settings })`, and
// buildApp's options with `test.override({ buildOptions })`. Which database stands behind deps is
// decided here (openDeps) and nowhere else: SQLite in memory, or PostgreSQL in the projects that set
// TEST_DATABASE=postgres (vite.config.ts), which run the same tests a second time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { test as base, onTestFinished, vi } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/server/app';
import { sharedThroughPostgres } from '../../src/server/db/open-store';
import { createPgStore } from '../../src/server/db/pg/store';
import type { SqliteDb } from '../../src/server/db/sqlite/open';
import { createSqliteStore } from '../../src/server/db/sqlite/store';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { testSettings, type Settings } from '../../src/server/env';
import { postgres } from './postgres';

/** The database the tests of this project run on. */
export const TEST_DATABASE: 'sqlite' | 'postgres' = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
  /**
   * From here to the end of the test, Date shows this clock's time (and stands still between its
   * moves). For tests that let a rate limit's window pass: rate-limiter-flexible reads Date.now()
   * and takes no clock of ours, so faking Date is the one way to move its time.
   */
  drivesDate(): void;
}

function testClock(start = Date.parse('2026-06-01T12:00:00Z')): TestClock {
  let current = start;
  let drivingDate = false;
  const set = (ms: number) => {
    current = ms;
    if (drivingDate) vi.setSystemTime(ms);
  };
  return {
    now: () => current,
    set,
    advance: (ms) => set(current + ms),
    drivesDate() {
      vi.useFakeTimers({ toFake: ['Date'], now: current });
      drivingDate = true;
      onTestFinished(() => {
        drivingDate = false;
        vi.useRealTimers();
      });
    },
  };
}

/**
 * The app's dependencies as a test holds them: the clock it moves, and `db` to look at SQLite's tables
 * (a test that does runs on SQLite only; on PostgreSQL, reading `db` fails with a line saying so).
 */
export type TestDeps = AppDeps & { clock: TestClock; db: SqliteDb };

export interface TestApp {
  app: FastifyInstance;
  deps: TestDeps;
}

export interface Listening extends TestApp {
  port: number;
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
}

/** Settings for tests over the defaults: photos go to a temporary folder of their own. */
function settingsFor(overrides: Partial<Settings>): { settings: Settings; ownUploadDir: string | null } {
  const ownUploadDir = overrides.UPLOAD_DIR ? null : mkdtempSync(join(tmpdir(), 'auction-uploads-'));
  return { settings: testSettings({ ...(ownUploadDir ? { UPLOAD_DIR: ownUploadDir } : {}), ...overrides }), ownUploadDir };
}

/** Deps and what they need after the test: their store closed, their upload folder removed. */
export interface OpenDeps {
  deps: TestDeps;
  cleanUp(): Promise<void>;
}

/**
 * Deps on a fresh in-memory SQLite database. Tests take theirs from `test` below; only a test about
 * SQLite itself (the EXPLAIN test) calls this directly, and cleans up after itself.
 */
export function sqliteDeps(overrides: Partial<Settings> = {}): OpenDeps {
  const { settings, ownUploadDir } = settingsFor(overrides);
  const store = createSqliteStore(':memory:', { mailNotices: settings.SMTP_URL !== undefined });
  // The app closes its store when it closes, and the fixture closes every store after the test: once is enough.
  const close = store.close.bind(store);
  let closing: Promise<void> | undefined;
  store.close = () => (closing ??= close());
  const clock = testClock();
  const deps: TestDeps = { ...createDeps(settings, { store, now: clock.now }), clock, db: store.db };
  return {
    deps,
    async cleanUp() {
      await store.close();
      if (ownUploadDir) rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}

/** Every fixture opens its database here: the one place that chooses which database tests run on. */
function openDeps(overrides: Partial<Settings>): Promise<OpenDeps> {
  return TEST_DATABASE === 'postgres' ? postgresDeps(overrides) : Promise.resolve(sqliteDeps(overrides));
}

/**
 * PostgreSQL databases of this test file, made and migrated on first need and dropped after its last
 * test. A test takes one (two, for two databases side by side) and hands it back emptied: truncating
 * costs far less than making and migrating a database per test, and ids start at 1 again as in a
 * fresh database.
 */
const spareDatabases: string[] = [];
const fileDatabases: Array<{ drop(): Promise<void> }> = [];

async function takeDatabase(): Promise<string> {
  const spare = spareDatabases.pop();
  if (spare) return spare;
  const server = await postgres();
  if (!server) throw new Error('TEST_DATABASE=postgres, but no PostgreSQL answers (see the line above)');
  const made = await server.freshDatabase();
  fileDatabases.push(made);
  return made.url;
}

async function postgresDeps(overrides: Partial<Settings>): Promise<OpenDeps> {
  const { settings, ownUploadDir } = settingsFor(overrides);
  const url = await takeDatabase();
  const store = await createPgStore(url, { mailNotices: settings.SMTP_URL !== undefined, poolSize: 4 });
  const close = store.close.bind(store);
  let closing: Promise<void> | undefined;
  store.close = () => (closing ??= close());
  const clock = testClock();
  const db = new Proxy({} as SqliteDb, {
    get() {
      throw new Error('deps.db is SQLite: this test reads SQLite itself, so it belongs to the SQLite projects only');
    },
  });
  const deps: TestDeps = {
    ...createDeps(settings, { store, ...sharedThroughPostgres(store, url), now: clock.now }),
    clock,
    db,
  };
  return {
    deps,
    async cleanUp() {
      // The app may have closed the store (and its pool) already: empty the tables on a connection of its own.
      await store.close();
      await emptyDatabase(url);
      spareDatabases.push(url);
      if (ownUploadDir) rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}

async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like '%drizzle%'`,
    );
    await client.query(`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`);
  } finally {
    await client.end();
  }
}

/** Drops this file's PostgreSQL databases (vitest runs it after the file's last test). */
export async function dropFileDatabases(): Promise<void> {
  await Promise.all(fileDatabases.splice(0).map((database) => database.drop()));
  spareDatabases.length = 0;
}

async function closeApp(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  // fetch keeps a spare connection open that never carried a request; Node does not count it as idle,
  // so close would wait for the client to drop it (4 s). Nothing is in flight once a test has ended.
  app.server.closeAllConnections();
  await closing;
}

/** Puts an app on a free loopback port; the fixture that made the app closes it with every connection. */
export async function listen(app: FastifyInstance): Promise<{ port: number; baseUrl: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening on a port');
  return { port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
}

export interface Fixtures {
  /** Settings over the test defaults, for every deps of the test: `test.override({ settings: {...} })`. */
  settings: Partial<Settings>;
  /** buildApp's options for `app` and `listening`: `test.override({ buildOptions: {...} })`. */
  buildOptions: BuildOptions;
  /** New deps on a database and clock of their own, on `settings` plus `overrides`. */
  makeDeps: (overrides?: Partial<Settings>) => Promise<TestDeps>;
  /** A new app on new deps (`settings` plus `overrides`), built with `options`. */
  makeApp: (overrides?: Partial<Settings>, options?: BuildOptions) => Promise<TestApp>;
  deps: TestDeps;
  app: FastifyInstance;
  listening: Listening;
  /** One database for the whole file (default settings), made once and closed after the file's last test. */
  sharedDeps: TestDeps;
}

export const test = base.extend<Fixtures>({
  settings: {},
  buildOptions: {},
  makeDeps: async ({ settings }, use) => {
    const made: OpenDeps[] = [];
    await use(async (overrides = {}) => {
      const fresh = await openDeps({ ...settings, ...overrides });
      made.push(fresh);
      return fresh.deps;
    });
    await Promise.all(made.map((fresh) => fresh.cleanUp()));
  },
  makeApp: async ({ makeDeps }, use) => {
    const apps: FastifyInstance[] = [];
    await use(async (overrides = {}, options = {}) => {
      const deps = await makeDeps(overrides);
      const app = await buildApp(deps, options);
      apps.push(app);
      await app.ready();
      return { app, deps };
    });
    await Promise.all(apps.map(closeApp));
  },
  deps: async ({ makeDeps }, use) => {
    await use(await makeDeps());
  },
  app: async ({ deps, buildOptions }, use) => {
    const app = await buildApp(deps, buildOptions);
    await app.ready();
    await use(app);
    await closeApp(app);
  },
  listening: async ({ app, deps }, use) => {
    await use({ app, deps, ...(await listen(app)) });
  },
  sharedDeps: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const fresh = await openDeps({});
      await use(fresh.deps);
      await fresh.cleanUp();
    },
    { scope: 'file' },
  ],
});
