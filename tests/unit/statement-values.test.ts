// The values a statement is written with rather than bound to (src/server/db/common/dialect.ts): a
// LIMIT cast so that SQLite compiles the statement once, and the words the code itself names, such as
// a status a partial index is on. Both must still read the rows they say, and a named word must never
// carry SQL of its own into a statement.
import Database from 'better-sqlite3';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, test } from 'vitest';
import { known, rowLimit } from '../../src/server/db/common/dialect';

const reports = sqliteTable('reports', { id: integer('id').primaryKey(), status: text('status').notNull() });

function database() {
  const client = new Database(':memory:');
  client.exec(`create table reports (id integer primary key, status text not null);
    create index reports_open_idx on reports (id) where status = 'open';
    insert into reports (status) values ('open'), ('resolved'), ('open'), ('open'), ('resolved'), ('open');`);
  return drizzle({ client });
}

describe('values written into a statement', () => {
  test('a prepared page with a cast limit reads as many rows as each run asks for', () => {
    const db = database();
    const page = db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.status, known('open')))
      .orderBy(asc(reports.id))
      .limit(rowLimit(sql.placeholder('limit')))
      .prepare();
    expect(page.all({ limit: 2 }).map((r) => r.id)).toEqual([1, 3]);
    expect(page.all({ limit: 3 }).map((r) => r.id)).toEqual([1, 3, 4]);
    expect(page.all({ limit: 10 }).map((r) => r.id)).toEqual([1, 3, 4, 6]);
    expect(db.select().from(reports).limit(rowLimit(1)).all()).toHaveLength(1);
  });

  test('a named status is read as the word, in the statement itself', () => {
    const db = database();
    const query = db
      .select({ id: reports.id })
      .from(reports)
      .where(eq(reports.status, known('resolved')));
    expect(query.toSQL()).toEqual({ sql: `select "id" from "reports" where "reports"."status" = 'resolved'`, params: [] });
    expect(query.all().map((r) => r.id)).toEqual([2, 5]);
  });

  test('a word with anything but lower-case letters and underscores is refused', () => {
    for (const word of ["open' or 1=1 --", 'Open', 'open resolved', '', "o''pen", 'open;']) {
      expect(() => known(word), word).toThrow(/not a word the code names/);
    }
    expect(() => known('awaiting_payment')).not.toThrow();
  });
});
