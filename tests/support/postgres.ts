// The PostgreSQL server of the tests, at TEST_DATABASE_URL (the local server by default). A test file
// that needs it awaits `postgres()` at its top: where no server answers it gets null and skips with one
// line saying so, except under CI=true, where a missing server fails the run instead of hiding tests.
// Each caller gets databases of its own (`freshDatabase`), dropped when it is done with them.
import { runOn, scratchDatabase, testServerProblem, TEST_DATABASE_URL, type ScratchDatabase } from '../../tools/postgres.ts';

export interface TestPostgres {
  /** A new empty database; `drop` removes it (ending whatever is still connected to it). */
  freshDatabase(): Promise<ScratchDatabase>;
}

let reached: Promise<TestPostgres | null> | undefined;

/** The test server, or null (after one line on stderr) where none answers outside CI. */
export function postgres(): Promise<TestPostgres | null> {
  return (reached ??= reach());
}

async function reach(): Promise<TestPostgres | null> {
  const problem = await testServerProblem();
  if (problem) {
    if (process.env.CI === 'true') throw new Error(`${problem.why}: CI needs it (set TEST_DATABASE_URL)`, { cause: problem.error });
    process.stderr.write(`PostgreSQL tests skipped: ${problem.why}\n`);
    return null;
  }
  return {
    async freshDatabase() {
      const made = await scratchDatabase();
      // A test's commit need not wait for the disk: the server going down is no test's case (a crashed
      // instance is the app's process, killed; PostgreSQL stays up). Without the wait, the files whose
      // tests write thousands of rows one by one run faster (a tenth to a fifth, on this machine).
      await runOn(TEST_DATABASE_URL, `alter database ${made.name} set synchronous_commit = off`);
      return made;
    },
  };
}
