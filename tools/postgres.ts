// The PostgreSQL server that tests and tools borrow, at TEST_DATABASE_URL (the local server by
// default): whether it answers, and databases of their own on it, made empty and dropped after.
// vite.config.ts loads this module to decide which test projects run, so it imports nothing of the
// project's own: the config loader then has no extensionless import to warn about.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Why the server at TEST_DATABASE_URL cannot be used, or null when it answers. */
export async function testServerProblem(): Promise<{ why: string; error: unknown } | null> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.end();
    return null;
  } catch (error) {
    const shown = new URL(TEST_DATABASE_URL);
    if (shown.password) shown.password = '***';
    return { why: `no PostgreSQL answers at ${shown.href} (${(error as Error).message})`, error };
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  /** Drops it, ending whatever is still connected to it. */
  drop(): Promise<void>;
}

/** A new empty database on the server at TEST_DATABASE_URL; `prefix` names whose it is. */
export async function scratchDatabase(prefix = 'auction_test'): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await runOn(TEST_DATABASE_URL, `create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => dropDatabase(name),
  };
}

/**
 * A pool's end() resolves once it has asked its connections to close, not once they have: a forced
 * drop right then would end them under the driver, which reports that as an error nobody listens to
 * any more (an uncaught exception in the test run). So give them a moment to go, then force the rest.
 */
async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    for (let waited = 0; waited < 2000; waited += 25) {
      const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if (rows[0]!.n === 0) break;
      await new Promise((done) => setTimeout(done, 25));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** Runs one statement on its own connection to the database at `url`. */
export async function runOn(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}
