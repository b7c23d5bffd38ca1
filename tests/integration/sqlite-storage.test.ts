// How SQLite keeps what the app writes, where that is SQLite's own: the layout of a table (a migration
// of SQLite alone), and who copies the write-ahead log back into the database file.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { describe, expect } from 'vitest';
import { test, type TestDatabase } from '../support/fixtures';
import { migrateUpTo } from '../support/migrations';

/** The database's SQLite file (this file runs on SQLite only). */
const fileOf = ({ location }: TestDatabase) => ('DATABASE_PATH' in location ? location.DATABASE_PATH : '');

describe('standing maxima', () => {
  test('an older database keeps every maximum, now in a table keyed by auction and bidder alone', async ({ database }) => {
    await migrateUpTo(database.location, 'max_bids_keyed_by_pair', async (run) => {
      for (const [id, name] of [
        [1, 'Sam'],
        [2, 'Ann'],
        [3, 'Bea'],
      ] as const) {
        await run(`insert into users (id, name, email, password_hash) values (${id}, '${name}', '${name}@example.com', 'x')`, []);
      }
      await run(
        `insert into auctions (id, seller_id, item_name, item_description, item_category, starting_price, current_price, starts_at, ends_at)
         values (1, 1, 'Lamp', 'A lamp.', 'Collectibles', 10, 30, $1, $2)`,
        [Date.parse('2026-06-01T00:00:00Z'), Date.parse('2026-06-08T00:00:00Z')],
      );
      await run(`insert into max_bids (id, auction_id, bidder_id, amount) values (7, 1, 2, 25), (9, 1, 3, 28)`, []);
    });
    // The server opens the database as it does at start, applying what is left.
    const { store } = await database.open();
    await store.ping();

    const sqlite = new Database(fileOf(database));
    try {
      expect(sqlite.prepare('select auction_id, bidder_id, amount from max_bids order by bidder_id').all()).toEqual([
        { auction_id: 1, bidder_id: 2, amount: 25 },
        { auction_id: 1, bidder_id: 3, amount: 28 },
      ]);
      // The rows are the pair's own b-tree: no rowid, and no second index beside it.
      expect(sqlite.prepare(`select wr from pragma_table_list where name = 'max_bids'`).get()).toEqual({ wr: 1 });
      expect(sqlite.prepare(`select name from pragma_index_list('max_bids')`).all()).toEqual([{ name: 'sqlite_autoindex_max_bids_1' }]);
      // One maximum per bidder and auction, as before.
      expect(() => sqlite.prepare('insert into max_bids (auction_id, bidder_id, amount) values (1, 2, 40)').run()).toThrow(/UNIQUE/);
    } finally {
      sqlite.close();
    }
  });
});

describe('the write-ahead log', () => {
  test('is copied back into the database file by a thread of the store, not by the commits', async ({ database }) => {
    await database.open();
    const path = fileOf(database);
    // Another connection writes, one whose commits never copy the log back themselves: only a
    // checkpoint by someone else makes the database file itself grow.
    const writer = new Database(path);
    try {
      writer.pragma('wal_autocheckpoint = 0');
      const before = statSync(path).size;
      const insert = writer.prepare('insert into users (name, email, password_hash) values (?, ?, ?)');
      writer.transaction(() => {
        for (let i = 0; i < 2000; i++) insert.run(`Bidder ${i}`, `bidder-${i}@example.com`, 'x');
      })();
      // Far fewer pages than the store's own connection lets the log gather before its commits copy it back.
      await expect.poll(() => statSync(path).size, { timeout: 5000 }).toBeGreaterThan(before);
    } finally {
      writer.close();
    }
  });
});
