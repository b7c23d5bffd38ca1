// The order the test run hands files to its workers (tests/support/sequencer.ts): browser files each
// beside other files, not beside one another, while other files are left.
import { describe, expect, test } from 'vitest';
import { planOrder } from '../support/sequencer';

/** Runs the order as the pool does (each free worker takes the next file) and says what ran beside what. */
function simulate(order: string[], seconds: Record<string, number>, workers: number) {
  const free = Array.from({ length: workers }, () => 0);
  const spans: Array<{ name: string; from: number; to: number }> = [];
  for (const name of order) {
    const w = free.indexOf(Math.min(...free));
    spans.push({ name, from: free[w]!, to: free[w]! + seconds[name]! });
    free[w] = free[w]! + seconds[name]!;
  }
  const overlapping = (a: (typeof spans)[0], b: (typeof spans)[0]) => a.from < b.to && b.from < a.to;
  const browserPairs = spans.flatMap((a, i) =>
    spans.slice(i + 1).filter((b) => a.name.startsWith('e2e') && b.name.startsWith('e2e') && overlapping(a, b)),
  );
  return { end: Math.max(...free), browserPairs: browserPairs.length };
}

describe('the planned order of test files', () => {
  const seconds: Record<string, number> = { 'e2e-a': 100, 'e2e-b': 60, 'e2e-c': 40 };
  for (let i = 0; i < 20; i++) seconds[`int-${i}`] = 5 + (i % 7) * 3;
  const items = Object.entries(seconds).map(([name, s]) => ({ item: name, seconds: s, browser: name.startsWith('e2e') }));

  test('never runs two browser files side by side while other files are left, and keeps every file once', () => {
    const order = planOrder(items, 2);
    expect([...order].sort()).toEqual(Object.keys(seconds).sort());
    expect(simulate(order, seconds, 2).browserPairs).toBe(0);
  });

  test('runs the browser files one after the other on one worker when the rest fills the other', () => {
    const order = planOrder(items, 2);
    const total = Object.values(seconds).reduce((a, b) => a + b, 0);
    // The browser files take 200 s and the others 271 s: the run ends soon after half of it all.
    expect(simulate(order, seconds, 2).end).toBeLessThanOrEqual(total / 2 + 20);
    // Longest first, as vitest's own order would, within each kind.
    expect(order.filter((n) => n.startsWith('e2e'))).toEqual(['e2e-a', 'e2e-b', 'e2e-c']);
  });

  test("plans the other files project by project, the project with the most time first, so a worker goes on with its project's modules", () => {
    const grouped = [
      ...['a', 'b', 'c'].map((n, i) => ({ item: `sqlite-${n}`, seconds: 10 + i, browser: false, group: 'integration' })),
      ...['a', 'b', 'c', 'd'].map((n, i) => ({ item: `pg-${n}`, seconds: 12 + i, browser: false, group: 'integration-pg' })),
      { item: 'unit-a', seconds: 30, browser: false, group: 'unit' },
    ];
    expect(planOrder(grouped, 2)).toEqual(['pg-d', 'pg-c', 'pg-b', 'pg-a', 'sqlite-c', 'sqlite-b', 'sqlite-a', 'unit-a']);
  });

  test('with only browser files left, runs them side by side rather than leave a worker idle', () => {
    const order = planOrder(
      ['e2e-a', 'e2e-b', 'int-0'].map((name) => ({ item: name, seconds: seconds[name]!, browser: name.startsWith('e2e') })),
      2,
    );
    expect(order).toEqual(['e2e-a', 'int-0', 'e2e-b']);
    expect(simulate(order, seconds, 2).end).toBeLessThan(100 + 60);
  });
});
