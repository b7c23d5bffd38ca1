// The measure the availability tests hold requests to: it must see a real stall, and only that.
import { expect, test } from 'vitest';
import { longestStall } from '../support/stall';

/**
 * Holds the event loop for `ms` of CPU time, as a request that computes without yielding would (by
 * the CPU it uses, not the clock: on a busy machine the same work takes longer).
 */
function busyFor(ms: number) {
  const start = process.cpuUsage();
  for (;;) {
    const used = process.cpuUsage(start);
    if (used.user + used.system >= ms * 1000) return;
  }
}

test('work that holds the event loop for 80 ms is seen as a stall of about that long', async () => {
  const { stallMs } = await longestStall(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    busyFor(80);
  });
  expect(stallMs).toBeGreaterThan(60);
});

test('waiting 300 ms on a timer holds nothing', async () => {
  const { stallMs } = await longestStall(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(stallMs).toBeLessThan(30);
});
