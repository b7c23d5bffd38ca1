// Units of work (src/server/db/common/work.ts): each dialect runs a unit's statements its own way, and
// both must hand back results the same way and end the unit at a failed statement, where PostgreSQL
// would have aborted the transaction anyway.
import { describe, expect, test } from 'vitest';
import { all, get, run, runAsync, runSync, type Step, type Work } from '../../src/server/db/common/work';

/** A statement stand-in: what a step carries is only handed to `execute`. */
const statement = (name: string) => ({ name }) as unknown as PromiseLike<string[]>;
const nameOf = (step: Step) => (step.query as unknown as { name: string }).name;

function* unit(seen: string[]): Work<string> {
  const rows = yield* all(statement('rows'));
  const row = yield* get(statement('row'));
  try {
    yield* run(statement('fails'));
  } catch {
    // A unit that catches a failed statement would go on where PostgreSQL cannot: it is not handed the error.
    seen.push('caught');
  }
  yield* run(statement('after'));
  return `${rows.join('+')}|${row}`;
}

const answer = (step: Step, ran: string[]) => {
  const name = nameOf(step);
  ran.push(`${step.mode}:${name}`);
  if (name === 'fails') throw new Error('duplicate key');
  return step.mode === 'all' ? ['a', 'b'] : step.mode === 'get' ? 'one' : undefined;
};

describe('a unit of work', () => {
  test('hands each statement to its dialect in order, with how its result is wanted, and ends at a failed one (SQLite)', () => {
    const [ran, seen] = [[] as string[], [] as string[]];
    expect(() => runSync(unit(seen), (step) => answer(step, ran))).toThrow('duplicate key');
    expect(ran).toEqual(['all:rows', 'get:row', 'run:fails']);
    expect(seen).toEqual([]);
  });

  test('the same awaited (PostgreSQL)', async () => {
    const [ran, seen] = [[] as string[], [] as string[]];
    await expect(runAsync(unit(seen), async (step) => answer(step, ran))).rejects.toThrow('duplicate key');
    expect(ran).toEqual(['all:rows', 'get:row', 'run:fails']);
    expect(seen).toEqual([]);
  });

  test('returns what the unit returns, from the results it was handed', async () => {
    function* reads(): Work<string> {
      const rows = yield* all(statement('rows'));
      const row = yield* get(statement('row'));
      return `${rows.join('+')}|${row}`;
    }
    const ran: string[] = [];
    expect(runSync(reads(), (step) => answer(step, ran))).toBe('a+b|one');
    expect(await runAsync(reads(), async (step) => answer(step, ran))).toBe('a+b|one');
  });
});
