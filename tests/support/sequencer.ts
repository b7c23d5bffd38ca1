// The order in which `vitest run` hands test files to its two workers. vitest's own order runs the
// projects one after the other and, within one, the longest files first: every browser file would
// then run beside another browser file, and two Chromiums with two servers on two cores take twice
// as long each. A browser file beside an integration file (mostly waiting on a database or a socket)
// takes little more than alone. So this order plans the run ahead, as the pool will take it (each
// free worker takes the next file in line): a worker that frees up takes the longest browser file
// left when no browser file runs, and otherwise the next other file.
//
// The other files come project by project, the project with the most time first, and within one the
// longest first. Files share their worker's modules (vite.config.ts, isolate: false), but vitest keeps a
// worker for the next file only when that file is of the same project: one project after another, a
// worker imports the app once a project rather than once a file.
//
// How long each file takes comes from tests/support/file-durations.json (seconds, measured on this
// two-core machine, written by `npm run test:durations` from a run's JSON report). A file it does not
// know yet counts as the median of its project's known files. The times only steer the order: a
// wrong one makes the run slower, never a test fail.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The projects whose files drive a browser: at most one of them at a time while other files wait. */
const BROWSER_PROJECTS = new Set(['e2e']);

export const DURATIONS_FILE = new URL('./file-durations.json', import.meta.url);

export type FileDurations = Record<string, number>;

export function knownDurations(): FileDurations {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as FileDurations;
  } catch {
    return {};
  }
}

/** The key of a file in the durations: its project and its path from the root. */
export const durationKey = (project: string, path: string) => `${project}:${path}`;

interface Planned<T> {
  item: T;
  seconds: number;
  browser: boolean;
  /** The item's project: other items of one project are planned one after another. */
  group?: string;
}

/** Other items project by project (most time first), the longest first within each. */
function byGroupThenLongest<T>(items: Array<Planned<T>>): Array<Planned<T>> {
  const total = new Map<string | undefined, number>();
  for (const item of items) total.set(item.group, (total.get(item.group) ?? 0) + item.seconds);
  return [...items].sort(
    (a, b) => total.get(b.group)! - total.get(a.group)! || (a.group ?? '').localeCompare(b.group ?? '') || b.seconds - a.seconds,
  );
}

/**
 * The order in which `workers` workers that each take the next item when free should get the items,
 * so that at most one browser item runs at a time while others are left (a pure function, tested).
 */
export function planOrder<T>(items: Array<Planned<T>>, workers: number): T[] {
  const longestFirst = (a: Planned<T>, b: Planned<T>) => b.seconds - a.seconds;
  const browser = items.filter((i) => i.browser).sort(longestFirst);
  const others = byGroupThenLongest(items.filter((i) => !i.browser));
  // When each worker is free again, and whether it runs a browser item until then.
  const running = Array.from({ length: Math.max(1, workers) }, () => ({ freeAt: 0, browser: false }));
  const order: T[] = [];
  while (browser.length > 0 || others.length > 0) {
    const worker = running.reduce((soonest, w) => (w.freeAt < soonest.freeAt ? w : soonest));
    const browserRunning = running.some((w) => w !== worker && w.browser && w.freeAt > worker.freeAt);
    const next = (!browserRunning && browser.shift()) || others.shift() || browser.shift()!;
    order.push(next.item);
    worker.freeAt += next.seconds;
    worker.browser = next.browser;
  }
  return order;
}

export default class PlannedSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = knownDurations();
    const root = this.ctx.config.root;
    const workers = Number(this.ctx.config.maxWorkers) || 1;
    const keyOf = (spec: TestSpecification) => durationKey(spec.project.name, relative(root, spec.moduleId));
    // Groups (sequence.groupOrder) run one after the other: each is planned on its own.
    const groups = new Map<number, TestSpecification[]>();
    for (const spec of files) {
      const order = spec.project.config.sequence.groupOrder ?? 0;
      groups.set(order, [...(groups.get(order) ?? []), spec]);
    }
    const planned: TestSpecification[] = [];
    for (const order of [...groups.keys()].sort((a, b) => a - b)) {
      // Files of a project that runs one file at a time form a group of their own, after the others.
      const specs = groups.get(order)!.filter((spec) => spec.project.config.maxWorkers !== 1);
      const median = medianByProject(specs, durations, keyOf);
      planned.push(
        ...planOrder(
          specs.map((spec) => ({
            item: spec,
            seconds: durations[keyOf(spec)] ?? median.get(spec.project.name) ?? 1,
            browser: BROWSER_PROJECTS.has(spec.project.name),
            group: spec.project.name,
          })),
          workers,
        ),
      );
    }
    return [...planned, ...files.filter((spec) => spec.project.config.maxWorkers === 1)];
  }
}

function medianByProject(specs: TestSpecification[], durations: FileDurations, keyOf: (spec: TestSpecification) => string) {
  const known = new Map<string, number[]>();
  for (const spec of specs) {
    const seconds = durations[keyOf(spec)];
    if (seconds !== undefined) known.set(spec.project.name, [...(known.get(spec.project.name) ?? []), seconds]);
  }
  return new Map([...known].map(([project, all]) => [project, all.sort((a, b) => a - b)[Math.floor(all.length / 2)]!]));
}
