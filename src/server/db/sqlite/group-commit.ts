// Group commit on SQLite. Most of a write's cost is its commit: every page it changed is appended to
// the write-ahead log, two writes to the file each, and many of them are the same pages from one write
// to the next (the tails of the bids', orders' and notices' tables and of their indexes, the kept
// counts). A purchase changes 25 pages, so its commit was three quarters of its CPU. The write
// transactions asked for in one turn of the event loop (under load, those of every request that
// arrived meanwhile) therefore run together: each in a savepoint of one IMMEDIATE transaction,
// committed once, which appends each shared page once (docs/decisions/0020-group-commit.md).
//
// Each work keeps its own all-or-nothing: one that throws rolls back to its savepoint and its caller
// gets its error, while the others go on. None is answered before the commit, so no caller is told of
// a write that could still be lost. Should the transaction itself end (the disk full, an I/O error),
// every work of the group gets the error, and none of them stands.
import type Database from 'better-sqlite3';

/** Runs `work` in a write transaction of its own, or in a savepoint of one it shares; answers once it is committed. */
export type WriteTransactions = <T>(work: () => T) => Promise<T>;

/**
 * The connection's write transactions, which can be held: while held, works wait for their commit
 * (the event loop goes on), and the commits resume when every hold is released. The checkpoint thread
 * holds them while it starts the log over (checkpoints.ts).
 */
export interface GroupCommitter extends WriteTransactions {
  /** Holds the commits until the function it answers is called (once; a second call does nothing). */
  hold(): () => void;
}

interface Waiting {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * At most this many works share a commit; the rest wait for the next turn's. It bounds how long one
 * commit holds the event loop: 64 purchases take about 10 ms.
 */
export const GROUP_LIMIT = 64;

// Taken when the module loads, so that a test's fake timers can never hold a write back.
const nextTurn = setImmediate;

/** The write transactions of `sqlite`, one committer per connection: the connection's every write goes through it. */
export function groupCommits(sqlite: Database.Database): GroupCommitter {
  // A work alone in its turn: its own transaction, as if there were no groups. Called inside the
  // group's transaction instead, better-sqlite3 runs the same function as a savepoint (and rolls back
  // to it on a throw), which costs each page the work changes a copy into the savepoint's journal.
  const single = sqlite.transaction((work: () => unknown) => work());
  const ended = () => new Error('The write transaction ended before its commit; nothing of it was kept.');
  const group = sqlite.transaction((works: Waiting[]) =>
    works.map(({ work }): Outcome => {
      let outcome: Outcome;
      try {
        outcome = { ok: true, value: single(work) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      // SQLite rolled the whole transaction back (or a work ended it): the works before this one are
      // undone, and the ones after it would run outside any transaction. The group fails as one.
      if (!sqlite.inTransaction) throw outcome.ok ? ended() : outcome.error;
      return outcome;
    }),
  );

  const waiting: Waiting[] = [];
  let holds = 0;
  const commit = () => {
    // Held: the release asks for the commit of what waits meanwhile. (A commit asked for both by a
    // release and by a work may find nothing left.)
    if (holds > 0 || waiting.length === 0) return;
    const works = waiting.splice(0, GROUP_LIMIT);
    // More than one commit takes: the rest have theirs in the next turn.
    if (waiting.length > 0) nextTurn(commit);
    if (works.length === 1) {
      const [{ work, resolve, reject }] = works as [Waiting];
      try {
        resolve(single.immediate(work));
      } catch (error) {
        reject(error);
      }
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = group.immediate(works);
    } catch (error) {
      for (const { reject } of works) reject(error);
      return;
    }
    outcomes.forEach((outcome, i) => (outcome.ok ? works[i]!.resolve(outcome.value) : works[i]!.reject(outcome.error)));
  };

  const write = <T>(work: () => T) =>
    new Promise<unknown>((resolve, reject) => {
      // The first work of a turn asks for the commit; the others of the turn join it.
      if (waiting.push({ work, resolve, reject }) === 1) nextTurn(commit);
    }) as Promise<T>;
  const hold = () => {
    holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      holds -= 1;
      if (holds === 0 && waiting.length > 0) nextTurn(commit);
    };
  };
  return Object.assign(write, { hold });
}
