// Statements of the queries written once that a page reads on every request, built and prepared once
// rather than on every call, their values passed as placeholders. Drizzle builds a statement's SQL anew
// each time it runs, and for the joins of the orders page or the audit log that cost more than running
// it (docs/performance.md, 2026-11-29). PostgreSQL prepares each on every connection of the pool, once,
// under its name; SQLite's one connection prepares it when it is built.
import { sql, type Column, type SQL } from 'drizzle-orm';

/** A placeholder for an id from a request, compared with an integer key as anyId (dialect.ts) compares one. */
export const idPlaceholder = (name: string): SQL => sql`cast(${sql.placeholder(name)} as bigint)`;

/** A placeholder whose value the column's own mapping turns into what the database stores (a Date, for a time). */
export const columnPlaceholder = (name: string, column: Column): SQL => sql`${sql.param(sql.placeholder(name), column)}`;

/**
 * One prepared statement per shape of a query (which of its filters are there), each built the first
 * time it is asked for: `build` names it after the shape, the name PostgreSQL prepares it under.
 */
export function byShape<Shape extends string, Prepared>(build: (shape: Shape) => Prepared): (shape: Shape) => Prepared {
  const made = new Map<Shape, Prepared>();
  return (shape) => {
    let prepared = made.get(shape);
    if (prepared === undefined) made.set(shape, (prepared = build(shape)));
    return prepared;
  };
}
