// A unit of work written once for both databases: a generator that yields Drizzle statements and is
// handed back their results. Each dialect runs it its own way (dialect.ts): SQLite synchronously,
// inside one IMMEDIATE transaction (better-sqlite3's transactions must not await: an awaited step
// would run after COMMIT), PostgreSQL awaiting each statement on the transaction's one connection.
// `yield*` keeps the types, so a unit reads as ordinary Drizzle with `yield*` where `await` would be:
//
//   const [user] = yield* all(tx.select().from(t.users).where(eq(t.users.id, id)));
//
// A failed statement ends the unit, and its transaction rolls back: the error is not handed to the
// unit to catch, because on PostgreSQL a failed statement aborts the transaction, and no statement
// after it could run (on SQLite it could: a unit that relied on that would work on one database only).
// A unit that expects a conflict says so in the statement instead (`onConflictDoNothing`).

/** What a statement's result is wanted as: every row, the first row, or nothing. */
type StepMode = 'all' | 'get' | 'run';

/** One statement of a unit, not run yet (Drizzle's builders run only when executed). */
export interface Step {
  mode: StepMode;
  query: PromiseLike<unknown>;
}

export type Work<T> = Generator<Step, T, unknown>;

/** Every row the statement returns. */
export function* all<Row>(query: PromiseLike<Row[]>): Work<Row[]> {
  return (yield { mode: 'all', query }) as Row[];
}

/** The statement's first row, or undefined when it returns none. */
export function* get<Row>(query: PromiseLike<Row[]>): Work<Row | undefined> {
  return (yield { mode: 'get', query }) as Row | undefined;
}

/** Runs the statement for its effect. */
export function* run(query: PromiseLike<unknown>): Work<void> {
  yield { mode: 'run', query };
}

/** Runs a unit, answering each step with `execute`'s result for it; a step's error ends the unit. */
export function runSync<T>(work: Work<T>, execute: (step: Step) => unknown): T {
  let next = work.next();
  while (!next.done) next = work.next(execute(next.value));
  return next.value;
}

/** Runs a unit, awaiting each step's result from `execute`; a step's error ends the unit. */
export async function runAsync<T>(work: Work<T>, execute: (step: Step) => Promise<unknown>): Promise<T> {
  let next = work.next();
  while (!next.done) next = work.next(await execute(next.value));
  return next.value;
}
