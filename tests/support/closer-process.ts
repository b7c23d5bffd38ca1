// A closer of ended auctions in an OS process of its own, as every server process runs one: it opens
// the database (a SQLite file, or PostgreSQL) as a server does and calls closeDueAuctions in a tight
// loop on the real clock until told to stop, then prints how many auctions it closed. Tests start two
// or more on one database to check that each auction is closed exactly once, whatever the number of
// processes.
//
//   const closer = spawnCloser(database.location); await closer.ready; ...; const closed = await closer.stop();
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { openShared } from '../../src/server/open-store';
import { createDeps } from '../../src/server/deps';
import { testSettings } from '../../src/server/env';
import { closeDueAuctions } from '../../src/server/services/closing';
import type { DatabaseLocation } from './fixtures';

const root = resolve(import.meta.dirname, '../..');
const READY = 'ready';
const STOP = 'stop';

export interface CloserProcess {
  /** Resolves once the process has opened the database and run its first round. */
  ready: Promise<void>;
  /** Asks it to stop; resolves with how many auctions it closed. */
  stop(): Promise<number>;
  /** Ends it at once (cleanup after a failed test). */
  kill(): void;
}

export function spawnCloser(location: DatabaseLocation): CloserProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, JSON.stringify(location)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((settle) => child.once('exit', settle));
  const ready = new Promise<void>((settle, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.split('\n').includes(READY)) settle();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => fail(new Error(`the closer exited (${code}) before it was ready:\n${output}`)));
  });
  return {
    ready,
    async stop() {
      child.stdin.end(`${STOP}\n`);
      const code = await exited;
      const result = /^closed (\d+)$/m.exec(output);
      if (code !== 0 || !result) throw new Error(`the closer exited (${code}):\n${output}`);
      return Number(result[1]);
    },
    kill: () => void child.kill('SIGKILL'),
  };
}

const nextTurn = () => new Promise<void>((settle) => setImmediate(settle));

/** The process's own work: close what is due, over and over, until stdin says stop. */
async function runCloser(location: DatabaseLocation) {
  const settings = testSettings(location);
  const deps = createDeps(settings, await openShared(settings));
  let stopping = false;
  process.stdin.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes(STOP)) stopping = true;
  });
  process.stdin.on('end', () => (stopping = true));
  let closed = await closeDueAuctions(deps);
  process.stdout.write(`${READY}\n`);
  while (!stopping) {
    closed += await closeDueAuctions(deps);
    // Lets stdin be read; otherwise as tight as the loop can be.
    await nextTurn();
  }
  await deps.store.close();
  process.stdout.write(`closed ${closed}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  runCloser(JSON.parse(process.argv[2]!) as DatabaseLocation).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
