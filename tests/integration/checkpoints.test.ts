// The checkpoint thread of the SQLite store (db/sqlite/checkpoints.ts): it copies the write-ahead log
// back, and starts the log over itself while the app's commits wait, so that the event loop never waits
// for the disk to keep a new log's header. Read from the log file itself (tools/wal.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sessionQueries } from '../../src/server/db/common/accounts';
import { checkpointOnAThread, type Checkpointer } from '../../src/server/db/sqlite/checkpoints';
import { groupCommits, type GroupCommitter } from '../../src/server/db/sqlite/group-commit';
import { noticeWriter } from '../../src/server/db/sqlite/notices';
import { openSqlite } from '../../src/server/db/sqlite/open';
import { sqliteDialect } from '../../src/server/db/sqlite/transaction';
import { walLog } from '../../tools/wal';

/** Few pages and quick ticks, so that the log starts over many times in a second. */
const RESTART_PAGES = 100;
const options = { everyMs: 10, restartPages: RESTART_PAGES };
const ROWS = 500;

let folder: string;
let path: string;
const opened: { sqlite: Database.Database; checkpointer: Checkpointer }[] = [];

/** A connection as the store opens it, its group committer, and its checkpoint thread. */
function open(): { sqlite: Database.Database; write: GroupCommitter } {
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const write = groupCommits(sqlite);
  opened.push({ sqlite, checkpointer: checkpointOnAThread(sqlite, path, write, options) });
  return { sqlite, write };
}

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'checkpoints-'));
  path = join(folder, 'test.db');
  const setup = new Database(path);
  setup.pragma('journal_mode = WAL');
  // Values of a fixed width: an update rewrites its row in place, and never the database's first page
  // (which holds its size), so a new log that begins with that page began with the thread's frame.
  setup.exec('create table counters (id integer primary key, value integer not null)');
  const insert = setup.prepare('insert into counters (value) values (1000000)');
  setup.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run();
  })();
  setup.pragma('wal_checkpoint(TRUNCATE)');
  setup.close();
});

afterEach(async () => {
  for (const { sqlite, checkpointer } of opened.splice(0)) {
    await checkpointer.stop();
    sqlite.close();
  }
  rmSync(folder, { recursive: true, force: true });
});

/** Raises counters through `write` for `ms`, a commit or two a millisecond; answers how many it raised. */
async function raiseFor(sqlite: Database.Database, write: GroupCommitter, ms: number, onTurn: () => void = () => {}): Promise<number> {
  const raise = sqlite.prepare('update counters set value = value + 1 where id = ?');
  let raised = 0;
  for (const until = Date.now() + ms; Date.now() < until;) {
    await Promise.all([1, 2].map(() => write(() => raise.run(1 + (raised++ % ROWS)))));
    onTurn();
    await new Promise((done) => setTimeout(done, 1));
  }
  return raised;
}

const total = (sqlite: Database.Database) => sqlite.prepare('select sum(value) - 1000000 * count(*) from counters').pluck().get();

describe('the checkpoint thread', () => {
  it('starts the log over itself: each new log begins with its frame, none with a commit of the app', async () => {
    const { sqlite, write } = open();
    // Its first frame, written as it starts, begins the log.
    await expect.poll(() => walLog(path).frames[0]?.page, { timeout: 5000 }).toBe(1);

    const firstPages = new Map<number, number | undefined>();
    const raised = await raiseFor(sqlite, write, 1500, () => {
      const log = walLog(path);
      if (!firstPages.has(log.restarts)) firstPages.set(log.restarts, log.frames[0]?.page);
    });

    // Every write was kept, through every start over.
    expect(total(sqlite)).toBe(raised);
    expect(firstPages.size).toBeGreaterThanOrEqual(3);
    expect(new Set(firstPages.values())).toEqual(new Set([1]));
  });

  it('keeps the log to its bound when two servers share the file, each with its own thread', async () => {
    const first = open();
    const second = open();

    const before = walLog(path).restarts;
    const raised = await Promise.all([raiseFor(first.sqlite, first.write, 1500), raiseFor(second.sqlite, second.write, 1500)]);

    expect(total(first.sqlite)).toBe(raised[0] + raised[1]);
    // Each thread's reader stops the other from starting the log over; past the bound they let it go.
    const log = walLog(path);
    expect(log.restarts).toBeGreaterThan(before);
    expect(log.frames.length).toBeLessThan(3 * RESTART_PAGES);
  });

  it('holds every write of the store, those of one statement outside a transaction too (a session kept alive)', async () => {
    const db = openSqlite(join(folder, 'store.db'));
    try {
      const write = groupCommits(db.$client);
      const sessions = sessionQueries(sqliteDialect(db, noticeWriter(db, { mail: false }), write));
      db.$client.prepare(`insert into users (id, name, email, password_hash) values (1, 'Ann', 'ann@example.com', 'x')`).run();
      const at = new Date('2026-12-01T08:00:00Z');
      const seen = () => db.$client.prepare('select count(*) from sessions').pluck().get();

      const release = write.hold();
      const inserted = sessions.insert({ id: 'a1', userId: 1, createdAt: at, expiresAt: new Date('2026-12-31T00:00:00Z') });
      await new Promise((done) => setTimeout(done, 20));
      // Had it run on the connection at once, as a statement of its own, the log could start over on the event loop.
      expect(seen()).toBe(0);

      release();
      await inserted;
      expect(seen()).toBe(1);
    } finally {
      db.$client.close();
    }
  });
});
