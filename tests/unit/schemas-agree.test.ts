// The queries written once (src/server/db/common) are typed by PostgreSQL's schema and run on SQLite's
// too: that holds only while the two declare the same tables, with the same columns under the same
// names, read as the same TypeScript types. A column added to one schema and not the other fails here.
import { getTableColumns, getTableName, type InferSelectModel, type Table } from 'drizzle-orm';
import { describe, expect, expectTypeOf, test } from 'vitest';
import * as pg from '../../src/server/db/pg/tables';
import * as sqlite from '../../src/server/db/sqlite/tables';

/** Columns only PostgreSQL has: the auction's search words, which SQLite keeps in an FTS table instead. */
const PG_ONLY: Record<string, string[]> = { auctions: ['search'] };

const tables = (schema: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(schema).filter(([, value]) => typeof value === 'object' && value !== null && 'getSQL' in value),
  ) as Record<string, Table>;

/** A table's columns as property name → SQL name. */
function columns(table: Table, skip: string[] = []) {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([key]) => !skip.includes(key))
      .map(([key, column]) => [key, column.name]),
  );
}

describe('the SQLite and PostgreSQL schemas agree', () => {
  test('the same tables under the same names', () => {
    const names = (schema: Record<string, unknown>) =>
      Object.entries(tables(schema))
        .map(([key, table]) => `${key}=${getTableName(table)}`)
        .sort();
    expect(names(sqlite)).toEqual(names(pg));
    expect(names(pg)).toHaveLength(26);
  });

  test.each(Object.keys(tables(pg)))('%s: the same columns under the same names', (name) => {
    const table = name as keyof typeof pg;
    expect(columns(sqlite[table] as Table)).toEqual(columns(pg[table] as Table, PG_ONLY[name]));
  });

  test('rows read as the same types', () => {
    type Row<T extends Table> = InferSelectModel<T>;
    expectTypeOf<Row<typeof sqlite.users>>().toEqualTypeOf<Row<typeof pg.users>>();
    expectTypeOf<Row<typeof sqlite.sessions>>().toEqualTypeOf<Row<typeof pg.sessions>>();
    expectTypeOf<Row<typeof sqlite.auctions>>().toEqualTypeOf<Omit<Row<typeof pg.auctions>, 'search'>>();
    // SQLite's column is nullable for bids older than it; every bid since writes it, as on PostgreSQL.
    expectTypeOf<Omit<Row<typeof sqlite.bids>, 'endsAt'>>().toEqualTypeOf<Omit<Row<typeof pg.bids>, 'endsAt'>>();
    expectTypeOf<Row<typeof sqlite.maxBids>>().toEqualTypeOf<Row<typeof pg.maxBids>>();
    expectTypeOf<Row<typeof sqlite.watches>>().toEqualTypeOf<Row<typeof pg.watches>>();
    expectTypeOf<Row<typeof sqlite.notifications>>().toEqualTypeOf<Row<typeof pg.notifications>>();
    expectTypeOf<Row<typeof sqlite.mailOutbox>>().toEqualTypeOf<Row<typeof pg.mailOutbox>>();
    expectTypeOf<Row<typeof sqlite.emailConfirmations>>().toEqualTypeOf<Row<typeof pg.emailConfirmations>>();
    expectTypeOf<Row<typeof sqlite.passwordResets>>().toEqualTypeOf<Row<typeof pg.passwordResets>>();
    expectTypeOf<Row<typeof sqlite.loginEvents>>().toEqualTypeOf<Row<typeof pg.loginEvents>>();
    expectTypeOf<Row<typeof sqlite.contactMessages>>().toEqualTypeOf<Row<typeof pg.contactMessages>>();
    expectTypeOf<Row<typeof sqlite.liveStreams>>().toEqualTypeOf<Row<typeof pg.liveStreams>>();
    expectTypeOf<Row<typeof sqlite.auditLog>>().toEqualTypeOf<Row<typeof pg.auditLog>>();
  });
});
