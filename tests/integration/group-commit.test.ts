// The writes asked for in one turn of the event loop share a commit on SQLite (db/sqlite/group-commit.ts):
// each keeps its own all-or-nothing, none is answered before the commit, and the commits are read
// from the write-ahead log itself.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_LIMIT, groupCommits, type GroupCommitter } from '../../src/server/db/sqlite/group-commit';
import { walFrames } from '../../tools/wal';

let folder: string;
let path: string;
let sqlite: Database.Database;
let write: GroupCommitter;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'group-commit-'));
  path = join(folder, 'test.db');
  sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  // Nothing copies the log back during a test: every commit stays in it to be counted.
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.exec('create table bids (id integer primary key, amount integer not null unique)');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  write = groupCommits(sqlite);
});

afterEach(() => {
  sqlite.close();
  rmSync(folder, { recursive: true, force: true });
});

/** How many commits the log holds since it was emptied. */
const commitsInLog = () => walFrames(path).filter((frame) => frame.commit).length;

const insert = (amount: number) => () => sqlite.prepare('insert into bids (amount) values (?)').run(amount).lastInsertRowid;
const amounts = () => sqlite.prepare('select amount from bids order by amount').pluck().all();

describe('group commit', () => {
  it('commits the writes asked for in one turn once, and answers each with its own result', async () => {
    const ids = await Promise.all([insert(10), insert(11), insert(12)].map((work) => write(work)));

    expect(ids).toEqual([1, 2, 3]);
    expect(amounts()).toEqual([10, 11, 12]);
    expect(commitsInLog()).toBe(1);
  });

  it('commits writes asked for in turns of their own one by one', async () => {
    for (const amount of [10, 11, 12]) await write(insert(amount));

    expect(amounts()).toEqual([10, 11, 12]);
    expect(commitsInLog()).toBe(3);
  });

  it('answers a write only once it is committed: another connection already reads it', async () => {
    const reader = new Database(path, { readonly: true });
    try {
      const seen = await write(() => {
        insert(10)();
        return 'placed';
      }).then((answer) => [answer, reader.prepare('select amount from bids').pluck().all()]);
      expect(seen).toEqual(['placed', [10]]);
    } finally {
      reader.close();
    }
  });

  it('undoes a write that throws, and only that one: its caller gets its error, the others stand', async () => {
    const outcomes = await Promise.allSettled([
      write(insert(10)),
      write(() => {
        insert(20)();
        throw new Error('The bid is too low.');
      }),
      // A unique key refusing the row: SQLite's own error, for this write alone.
      write(insert(10)),
      write(insert(30)),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(outcomes[1]).toMatchObject({ reason: { message: 'The bid is too low.' } });
    expect(outcomes[2]).toMatchObject({ reason: { code: 'SQLITE_CONSTRAINT_UNIQUE' } });
    expect(amounts()).toEqual([10, 30]);
    expect(commitsInLog()).toBe(1);
  });

  it('undoes a write alone in its turn that throws, in its own transaction', async () => {
    await write(insert(10));
    const refused = write(() => {
      insert(20)();
      throw new Error('The bid is too low.');
    });

    await expect(refused).rejects.toThrow('The bid is too low.');
    expect(amounts()).toEqual([10]);
    expect(commitsInLog()).toBe(1);
  });

  it('fails every write of the group when the transaction itself ends, keeps none of them, and goes on afterwards', async () => {
    const outcomes = await Promise.allSettled([
      write(insert(10)),
      // What SQLite does on its own after some errors (the disk full): the whole transaction is rolled back.
      write(() => {
        insert(20)();
        sqlite.prepare('rollback').run();
      }),
      write(insert(30)),
    ]);

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(amounts()).toEqual([]);

    await write(insert(40));
    expect(amounts()).toEqual([40]);
  });

  it(`shares a commit among at most ${GROUP_LIMIT} writes: the rest commit in the turns after`, async () => {
    const count = 2 * GROUP_LIMIT + 5;
    const ids = await Promise.all(Array.from({ length: count }, (_, i) => write(insert(i))));

    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
    expect(amounts()).toHaveLength(count);
    expect(commitsInLog()).toBe(3);
  });

  it('refuses every write of a group when the database cannot take the write lock, and writes nothing', async () => {
    // Another process holds the write lock for longer than the connection waits.
    sqlite.pragma('busy_timeout = 0');
    const other = new Database(path);
    other.prepare('begin immediate').run();
    try {
      const outcomes = await Promise.allSettled([write(insert(10)), write(insert(11))]);
      expect(outcomes).toMatchObject([
        { status: 'rejected', reason: { code: 'SQLITE_BUSY' } },
        { status: 'rejected', reason: { code: 'SQLITE_BUSY' } },
      ]);
    } finally {
      other.prepare('rollback').run();
      other.close();
    }
    expect(amounts()).toEqual([]);
  });

  describe('held', () => {
    /** A few turns of the event loop, in which a commit asked for would have run. */
    const turns = () => new Promise((done) => setTimeout(done, 20));

    it('keeps the writes asked for while held from their commit, and commits them together once released', async () => {
      const release = write.hold();
      let answered = false;
      const placed = Promise.all([write(insert(10)), write(insert(11))]).then((ids) => {
        answered = true;
        return ids;
      });
      await turns();
      expect(answered).toBe(false);
      expect(amounts()).toEqual([]);

      release();
      expect(await placed).toEqual([1, 2]);
      expect(amounts()).toEqual([10, 11]);
      expect(commitsInLog()).toBe(1);
    });

    it('commits only once every hold is released, and counts a release called twice once', async () => {
      const first = write.hold();
      const second = write.hold();
      const placed = write(insert(10));
      first();
      first();
      await turns();
      expect(amounts()).toEqual([]);

      second();
      await placed;
      expect(amounts()).toEqual([10]);
    });
  });
});
