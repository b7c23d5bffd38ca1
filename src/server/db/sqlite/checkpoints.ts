// Checkpoints on a thread of their own. In WAL mode a commit appends the pages it changed to the log,
// and something must copy them back into the database file and wait for the disk (a checkpoint).
// SQLite runs it inside the commit that takes the log past `wal_autocheckpoint` pages: on the event
// loop, which it holds while it copies up to 4,000 pages and syncs, about every second and a half at
// 300 bids a second. Here a worker thread with a connection of its own copies what the log holds
// twenty times a second, so the app's commits only append. Its checkpoints are PASSIVE: they never
// wait for a reader or a writer and never make one wait.
//
// Once all of the log is copied, the next commit starts it over from its beginning, and that commit
// first writes the log's new header and waits for the disk to keep it (SQLite's own rule: a header
// not yet on the disk could make the old frames after it look valid again after a power cut). On the
// event loop that wait held every request for a disk flush (about 1 ms on a quiet virtual disk, 15 to
// 34 ms while other processes wrote), several times a second: each checkpoint that caught up let
// the next commit start the log over. So the thread starts the log over itself:
//
// - It keeps a read transaction open on a second connection (the pin). A reader of the log stops any
//   commit from starting it over, and stops a checkpoint short of the pages the reader may still need;
//   the thread moves the pin to the log's end after each checkpoint that found new pages.
// - Once the log holds `WAL_CHECKPOINT_PAGES`, it asks the event loop to hold its commits (they wait;
//   requests and reads go on), lets the pin go, copies the rest, and writes the new log's first frame
//   itself, which syncs the header on this thread. Then the pin is taken again and the commits resume.
//
// The app's own connection keeps an autocheckpoint, at twice the pages, as the bound if this thread
// falls behind. Measured in one process (scripts/bench/bid-cpu.ts), a bid costs the same CPU either way.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { GroupCommitter } from './group-commit';
import { WAL_CHECKPOINT_PAGES } from './open';

/**
 * How often the thread copies the log back; a tick with nothing new in the log costs next to nothing.
 * A tick copies as far as the pin the tick before set, and the benchmark's bids append up to 40,000
 * pages a second: at 250 ms the log outgrew twice `WAL_CHECKPOINT_PAGES` between two ticks, and the
 * app's commit copied it back itself. At 50 ms it stays within 7,200 pages.
 */
const CHECKPOINT_EVERY_MS = 50;

/**
 * The longest the event loop holds its commits for the thread. Starting the log over takes three disk
 * flushes; a thread that has not answered by then is stuck, and the commits go on without it.
 */
const HOLD_LIMIT_MS = 2000;

// CommonJS run by the worker: better-sqlite3 is loaded from the path the app resolved, as the eval'd
// code has no module of its own to resolve from. A failed step (the file busy) is tried again next tick.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.path, { fileMustExist: true });
// While the commits are held only another process can hold the write lock: wait for it briefly.
db.pragma('busy_timeout = 200');
const pinning = new Database(workerData.path, { fileMustExist: true, readonly: true });
const readSchema = pinning.prepare('select count(*) from sqlite_schema');

const pin = () => {
  try {
    pinning.exec('begin');
    readSchema.get();
  } catch {
    if (pinning.inTransaction) pinning.exec('rollback');
  }
};
const unpin = () => { if (pinning.inTransaction) pinning.exec('commit'); };
// A write that changes nothing anyone reads (the version number SQLite keeps for the app, set to
// itself) but is a frame of the log: when the log is all copied, it starts the log over.
const startOver = db.transaction(() => db.pragma('user_version = ' + db.pragma('user_version', { simple: true })));

let holding = false;
const tick = () => {
  if (holding) return;
  let log, checkpointed;
  try {
    [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    return;
  }
  // The log past the app's own bound: starting it over here keeps failing (another process on the
  // file has a reader in it, or a pin of its own). Let it go: a commit starts it over, as in SQLite
  // alone, and the next tick pins the new log.
  if (log >= 2 * workerData.restartPages) return unpin();
  // Pages past the pin: it moves to the log's end. (With none, the pin stays: a pin taken on a log
  // all copied would not hold it, and the app's next commit would start the log over.)
  if (log > checkpointed) {
    unpin();
    pin();
  }
  if (log >= workerData.restartPages) {
    holding = true;
    parentPort.postMessage('hold');
  }
};
// The commits are held: copy the rest, start the log over here, pin it again, and let them go.
const restart = () => {
  try {
    unpin();
    db.pragma('wal_checkpoint(PASSIVE)');
    startOver.immediate();
  } catch {}
  pin();
  holding = false;
  parentPort.postMessage('release');
};

try { startOver.immediate(); } catch {}
pin();
const timer = setInterval(tick, workerData.everyMs);
parentPort.on('message', (message) => {
  if (message === 'held') return restart();
  // Asked to stop: a last copy, the connections closed, and the port too, which lets the thread exit.
  clearInterval(timer);
  unpin();
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  pinning.close();
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  /** Copies the log back once more and closes the thread's connections: call before the app closes its own. */
  stop(): Promise<void>;
}

export interface CheckpointOptions {
  /** How often the thread copies the log back (tests make it quicker). */
  everyMs?: number;
  /** How many pages the log holds before the thread starts it over (tests make it fewer). */
  restartPages?: number;
}

/**
 * Starts checkpointing the SQLite file at `path` (in WAL mode, already made and migrated) on a worker
 * thread, which holds `commits` while it starts the log over, and lets `sqlite`, the app's connection
 * to it, gather twice the pages before it would copy them back itself.
 */
export function checkpointOnAThread(
  sqlite: Database.Database,
  path: string,
  commits: GroupCommitter,
  { everyMs = CHECKPOINT_EVERY_MS, restartPages = WAL_CHECKPOINT_PAGES }: CheckpointOptions = {},
): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${2 * restartPages}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs, restartPages },
  });
  let release: (() => void) | null = null;
  let limit: NodeJS.Timeout | undefined;
  let stopping = false;
  const resume = () => {
    clearTimeout(limit);
    release?.();
    release = null;
  };
  worker.on('message', (message) => {
    if (message === 'hold' && !stopping) {
      release = commits.hold();
      limit = setTimeout(resume, HOLD_LIMIT_MS);
      worker.postMessage('held');
    } else if (message === 'release') resume();
  });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  // A thread that could not open the file, or failed, has exited: the commits go on, and the app's
  // connection checkpoints and starts the log over itself, at its bound.
  worker.on('error', () => {});
  void exited.then(resume);
  // Not what keeps the process running, until it is asked to stop: then the process waits for it.
  worker.unref();
  return {
    stop() {
      stopping = true;
      resume();
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
