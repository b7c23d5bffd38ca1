// Checkpoints on a thread of their own. In WAL mode a commit appends the pages it changed to the log,
// and something must copy them back into the database file and wait for the disk (a checkpoint).
// SQLite runs it inside the commit that takes the log past `wal_autocheckpoint` pages: on the event
// loop, which it holds while it copies up to 4,000 pages and syncs, about every second and a half at
// 300 bids a second. Here a worker thread with a connection of its own copies what the log holds a few
// times a second, so the app's commits only append. Its checkpoints are PASSIVE: they never wait for a
// reader or a writer and never make one wait. The log starts over once all of it is copied; the app's
// own connection keeps an autocheckpoint, at twice the pages, as the bound if this thread falls behind.
// Measured in one process (scripts/bench/bid-cpu.ts), a bid costs the same CPU either way.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { WAL_CHECKPOINT_PAGES } from './open';

/** How often the thread copies the log back; a tick with nothing new in the log costs next to nothing. */
const CHECKPOINT_EVERY_MS = 250;

// CommonJS run by the worker: better-sqlite3 is loaded from the path the app resolved, as the eval'd
// code has no module of its own to resolve from. A failed checkpoint (the file busy) is retried next tick.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
const db = new Database(workerData.path, { fileMustExist: true });
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.everyMs);
// Asked to stop: a last copy, the connection closed, and nothing left to keep the thread: it exits.
parentPort.once('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
});
`;

export interface Checkpointer {
  /** Copies the log back once more and closes the thread's connection: call before the app closes its own. */
  stop(): Promise<void>;
}

/**
 * Starts checkpointing the SQLite file at `path` (in WAL mode, already made and migrated) on a worker
 * thread, and lets `sqlite`, the app's connection to it, gather twice the pages before it would copy them back itself.
 */
export function checkpointOnAThread(sqlite: Database.Database, path: string): Checkpointer {
  sqlite.pragma(`wal_autocheckpoint = ${2 * WAL_CHECKPOINT_PAGES}`);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, betterSqlite3: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: CHECKPOINT_EVERY_MS },
  });
  const exited = new Promise<void>((done) => worker.once('exit', () => done()));
  // A thread that could not open the file has exited: the app's connection still checkpoints, at its bound.
  worker.on('error', () => {});
  // Not what keeps the process running, until it is asked to stop: then the process waits for it.
  worker.unref();
  return {
    stop() {
      worker.ref();
      worker.postMessage('stop');
      return exited;
    },
  };
}
