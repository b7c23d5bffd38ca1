// The one way an integration test gets a server to test: import `test` from here instead of from
// vitest, and name what the test needs; vitest makes only that, and closes all of it after the test.
//
//   deps       the app's dependencies on a fresh database, with a clock the test moves (deps.clock),
//              and deps.sql / deps.sqlOne to look at its tables on either database (support/sql.ts)
//   app        the app built on those deps and ready, for app.inject
//   listening  that app on a real socket: { app, deps, port, baseUrl }
//   makeDeps   more deps in one test (settings chosen in the test, two databases side by side)
//   makeApp    more apps in one test, each on deps of its own: { app, deps }
//   sharedDeps one database for a whole file, for a suite that builds its data once and only reads it
//   database   one database that several stores or OS processes open at once, as server instances do
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
import { mailsNotices, openShared, sharedThroughPostgres, type SharedState } from '../../src/server/open-store';
import { createPgStore } from '../../src/server/db/pg/store';
import { pgPoolOptions } from '../../src/server/db/pg/open';
import type { SqliteDb } from '../../src/server/db/sqlite/open';
import type { SessionEnds } from '../../src/server/live/session-ends';
import { createSqliteStore } from '../../src/server/db/sqlite/store';
import type { Store } from '../../src/server/db/store';
import { createDeps, type AppDeps } from '../../src/server/deps';
import { testSettings, type Settings } from '../../src/server/env';
import { postgres, type TestPostgres } from './postgres';
import { postgresTables, sqliteTables, type TableAccess } from './sql';

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
 * The app's dependencies as a test holds them: the clock it moves, `sql` and `sqlOne` to look at the
 * tables on either database, and `db` for a test about SQLite itself (which runs on SQLite only; on
 * PostgreSQL, reading `db` fails with a line saying so).
 */
export type TestDeps = AppDeps & TableAccess & { clock: TestClock; db: SqliteDb };

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

/** The app closes its store when it closes, and the fixtures close every store after the test: once is enough. */
function closedOnce(store: Store): void {
  const close = store.close.bind(store);
  let closing: Promise<void> | undefined;
  store.close = () => (closing ??= close());
}

/**
 * Deps on a fresh in-memory SQLite database. Tests take theirs from `test` below; only a test about
 * SQLite itself (the EXPLAIN test) calls this directly, and cleans up after itself.
 */
export function sqliteDeps(overrides: Partial<Settings> = {}): OpenDeps {
  const { settings, ownUploadDir } = settingsFor(overrides);
  const store = createSqliteStore(':memory:', { mailNotices: mailsNotices(settings) });
  closedOnce(store);
  const clock = testClock();
  const deps: TestDeps = { ...createDeps(settings, { store, now: clock.now }), ...sqliteTables(store.db.$client), clock, db: store.db };
  return {
    deps,
    async cleanUp() {
      await store.close();
      if (ownUploadDir) rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}

/** Every fixture opens its database here: the one place that chooses which database tests run on. */
function openDeps(overrides: Partial<Settings>, scope: 'test' | 'file' = 'test'): Promise<OpenDeps> {
  return TEST_DATABASE === 'postgres' ? postgresDeps(overrides, scope) : Promise.resolve(sqliteDeps(overrides));
}

/**
 * PostgreSQL databases of this test file, made and migrated on first need and dropped after its last
 * test. A test takes one (two, for two databases side by side) and hands it back emptied: emptying
 * costs far less than making and migrating a database per test, and ids start at 1 again as in a
 * fresh database. Each comes with its connections, which the next test's store uses warm: on these
 * machines a new connection costs the server 20 to 30 ms of CPU (a process of its own, whose catalog
 * cache then fills again table by table), and a test opened five.
 */
const spareDatabases: SpareDatabase[] = [];
const fileDatabases: Array<{ drop(): Promise<void> }> = [];
const filePools: pg.Pool[] = [];

interface SpareDatabase {
  url: string;
  /** As many connections as a test's store had of its own, kept open between tests. */
  pool: pg.Pool;
}

/** A database a test's store opens through its pool, and what is done with it after the test. */
interface HeldDatabase extends SpareDatabase {
  release(): Promise<void>;
}

async function postgresServer(): Promise<TestPostgres> {
  const server = await postgres();
  if (!server) throw new Error('TEST_DATABASE=postgres, but no PostgreSQL answers (see the line above)');
  return server;
}

function connectionsTo(url: string): pg.Pool {
  const pool = new pg.Pool({ ...pgPoolOptions(url, 4), idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  return pool;
}

/** One of the file's databases, emptied for the next test when released. */
async function takeDatabase(): Promise<HeldDatabase> {
  let spare = spareDatabases.pop();
  if (!spare) {
    const made = await (await postgresServer()).freshDatabase();
    fileDatabases.push(made);
    spare = { url: made.url, pool: connectionsTo(made.url) };
    filePools.push(spare.pool);
  }
  const taken = spare;
  return {
    ...taken,
    async release() {
      await emptyDatabase(taken.pool);
      spareDatabases.push(taken);
    },
  };
}

/**
 * A database of its own, for deps a whole file shares: dropped when they close, since vitest ends file
 * fixtures after the file's afterAll, whose drop would cut the deps' listening connection from under them.
 */
async function ownDatabase(): Promise<HeldDatabase> {
  const made = await (await postgresServer()).freshDatabase();
  const pool = connectionsTo(made.url);
  return {
    url: made.url,
    pool,
    async release() {
      await pool.end();
      await made.drop();
    },
  };
}

async function postgresDeps(overrides: Partial<Settings>, scope: 'test' | 'file'): Promise<OpenDeps> {
  const { settings, ownUploadDir } = settingsFor(overrides);
  const database = scope === 'file' ? await ownDatabase() : await takeDatabase();
  const url = database.url;
  const store = await createPgStore(url, { mailNotices: mailsNotices(settings), pool: database.pool });
  closedOnce(store);
  const clock = testClock();
  const db = new Proxy({} as SqliteDb, {
    get() {
      throw new Error(
        "deps.db is SQLite's own: read the tables with deps.sql, or run a test about SQLite itself on SQLite only (test.runIf)",
      );
    },
  });
  const deps: TestDeps = {
    ...createDeps(settings, { store, ...sharedThroughPostgres(store, url), now: clock.now }),
    ...postgresTables(store.db.$client),
    clock,
    db,
  };
  return {
    deps,
    async cleanUp() {
      // The buses listen on a connection of their own from the start; an app closes them when it closes,
      // deps without an app would keep it open until the file ends, and a file has more tests than
      // PostgreSQL has connections. The streams listen too (for accounts signed out everywhere).
      await Promise.all([deps.bus.close(), deps.notices.close(), deps.streams.close()]);
      await store.close();
      await database.release();
      if (ownUploadDir) rmSync(ownUploadDir, { recursive: true, force: true });
    },
  };
}

/** What empties a database of this schema; every test database has the same tables. */
let emptying: Promise<string> | undefined;

async function emptyDatabase(pool: pg.Pool): Promise<void> {
  emptying ??= pool
    .query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public' and tablename not like '%drizzle%'`,
    )
    .then(({ rows }) =>
      // Deleting the few rows a test leaves costs far less than TRUNCATE, which makes new files for
      // every table and index; foreign keys are not checked meanwhile (replica role, for this
      // transaction only), and the ids start again from 1, as on a new database.
      [
        'begin',
        'set local session_replication_role = replica',
        ...rows.map((t) => `delete from ${t.name}`),
        "select setval(c.oid::regclass, 1, false) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind = 'S' and n.nspname = 'public'",
        'commit',
      ].join('; '),
    );
  await pool.query(await emptying);
}

/** Drops this file's PostgreSQL databases (vitest runs it after the file's last test). */
export async function dropFileDatabases(): Promise<void> {
  await Promise.all(filePools.splice(0).map((pool) => pool.end()));
  await Promise.all(fileDatabases.splice(0).map((database) => database.drop()));
  spareDatabases.length = 0;
}

async function closeApp(app: FastifyInstance): Promise<void> {
  const closing = app.close();
  // fetch keeps a spare connection open that never carried a request; Node does not count it as idle,
  // so close would wait for the client to drop it (4 s). Nothing is in flight once a test has ended.
  // Live streams end during the close hooks and leave their sockets open for the next request, which
  // would hold the close until the keep-alive timeout (72 s): their sockets are closed as they come.
  app.server.closeAllConnections();
  const sweep = setInterval(() => app.server.closeAllConnections(), 20);
  await closing.finally(() => clearInterval(sweep));
}

/** Puts an app on a free loopback port; the fixture that made the app closes it with every connection. */
export async function listen(app: FastifyInstance): Promise<{ port: number; baseUrl: string }> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the app is not listening on a port');
  return { port: address.port, baseUrl: `http://127.0.0.1:${address.port}` };
}

/** Where a database is, in the settings that open it: a SQLite file, or a PostgreSQL database. */
export type DatabaseLocation = Pick<Settings, 'DATABASE_PATH'> | Pick<Settings, 'DATABASE_URL'>;

/**
 * A database of the test's own that is opened more than once: a SQLite file, or a PostgreSQL
 * database, which stores in this process and in others share as the instances of a site do.
 */
export interface TestDatabase {
  /** Where it is, in the settings that open it (for a child process, its environment). */
  location: DatabaseLocation;
  /** A store of its own, with what instances share through the database (limits, live events), as a server opens them; closed after the test. */
  open(overrides?: Partial<Settings>): Promise<SharedState & { settings: Settings }>;
}

/** `ends`, with every listener it gets stopped by the fixture's clean-up (stopping one twice is harmless). */
function heardUntilCleanUp(ends: SessionEnds, stops: Array<() => Promise<void>>): SessionEnds {
  return {
    announce: (userId) => ends.announce(userId),
    listen(heard) {
      const stop = ends.listen(heard);
      stops.push(stop);
      return stop;
    },
  };
}

async function openDatabase(): Promise<{ database: TestDatabase; cleanUp(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'auction-database-'));
  const made = TEST_DATABASE === 'postgres' ? await (await postgresServer()).freshDatabase() : null;
  const location = made ? { DATABASE_URL: made.url } : { DATABASE_PATH: join(folder, 'auction.db') };
  const opened: SharedState[] = [];
  const stopHearing: Array<() => Promise<void>> = [];
  const database: TestDatabase = {
    location,
    async open(overrides = {}) {
      const settings = testSettings({ UPLOAD_DIR: folder, ...location, ...overrides });
      const shared = await openShared(settings);
      closedOnce(shared.store);
      opened.push(shared);
      return { ...shared, sessionEnds: shared.sessionEnds && heardUntilCleanUp(shared.sessionEnds, stopHearing), settings };
    },
  };
  return {
    database,
    async cleanUp() {
      // An app closes the buses of its deps and stops its streams' hearing; deps without an app leave
      // it to the fixture. On PostgreSQL the three share a doorbell, whose connections end with the last,
      // once its last rings have gone out: only then may the database be dropped.
      await Promise.all([...stopHearing.map((stop) => stop()), ...opened.flatMap(({ bus, notices }) => [bus?.close(), notices?.close()])]);
      await Promise.all(opened.map(({ store }) => store.close()));
      await made?.drop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
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
  /** A database of the test's own for several stores or processes at once. */
  database: TestDatabase;
}

/** The values a file's `test.override` changes, as every file starts with them (support/fresh-overrides.ts). */
export const FIXTURE_DEFAULTS: Pick<Fixtures, 'settings' | 'buildOptions'> = { settings: {}, buildOptions: {} };

export const test = base.extend<Fixtures>({
  ...FIXTURE_DEFAULTS,
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
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none.
  database: async ({}, use) => {
    const opened = await openDatabase();
    await use(opened.database);
    await opened.cleanUp();
  },
  sharedDeps: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none.
    async ({}, use) => {
      const fresh = await openDeps({}, 'file');
      await use(fresh.deps);
      await fresh.cleanUp();
    },
    { scope: 'file' },
  ],
});
