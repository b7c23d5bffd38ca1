// The PostgreSQL server of the tests, at TEST_DATABASE_URL (the local server by default). A test file
// that needs it awaits `postgres()` at its top: where no server answers it gets null and skips with one
// line saying so, except under CI=true, where a missing server fails the run instead of hiding tests.
// Each caller gets databases of its own (`freshDatabase`), dropped when it is done with them.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export interface TestPostgres {
  /** A new empty database; `drop` removes it (ending whatever is still connected to it). */
  freshDatabase(): Promise<{ url: string; name: string; drop(): Promise<void> }>;
}

let reached: Promise<TestPostgres | null> | undefined;

/** The test server, or null (after one line on stderr) where none answers outside CI. */
export function postgres(): Promise<TestPostgres | null> {
  return (reached ??= reach());
}

async function reach(): Promise<TestPostgres | null> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
    await admin.end();
  } catch (error) {
    const why = `no PostgreSQL answers at ${redacted(TEST_DATABASE_URL)} (${(error as Error).message})`;
    if (process.env.CI === 'true') throw new Error(`${why}: CI needs it (set TEST_DATABASE_URL)`, { cause: error });
    process.stderr.write(`PostgreSQL tests skipped: ${why}\n`);
    return null;
  }
  return { freshDatabase };
}

async function freshDatabase() {
  const name = `auction_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.href;
}
