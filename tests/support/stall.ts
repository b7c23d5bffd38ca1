// How long a piece of work held the event loop: for tests that show a request leaves everyone else served.
import { readFileSync } from 'node:fs';

/** Where Linux tells how long the calling thread has run on a CPU (ns, the first field), whatever the other threads do. */
const THREAD_SCHEDSTAT = '/proc/thread-self/schedstat';
// A thread that has loaded this file has run: a kernel that counts nothing there says 0.
const hasSchedstat = (() => {
  try {
    return Number(readFileSync(THREAD_SCHEDSTAT, 'latin1').split(' ', 1)[0]) > 0;
  } catch {
    return false;
  }
})();

/**
 * The CPU time (ms) the event loop's thread has run: from its schedstat where the system has one,
 * otherwise the whole process's, which also counts the garbage collector's and the thread pool's
 * threads working beside it.
 */
function loopThreadCpuMs(): number {
  if (hasSchedstat) return Number(readFileSync(THREAD_SCHEDSTAT, 'latin1').split(' ', 1)[0]) / 1e6;
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * The event loop's longest stall (ms) while `work` runs: the largest gap between the ticks of a 5 ms
 * timer, less those 5 ms. A gap counts only the CPU time the loop's thread spent in it, so time the
 * machine gave to other processes (a busy CI host), or to this one's other threads, is not mistaken
 * for a stall of ours. (perf_hooks' monitorEventLoopDelay misses stalls inside vitest's workers.)
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const TICK_MS = 5;
  let worst = 0;
  let last = { wall: performance.now(), cpu: loopThreadCpuMs() };
  const timer = setInterval(() => {
    const now = { wall: performance.now(), cpu: loopThreadCpuMs() };
    const busyMs = Math.min(now.wall - last.wall, now.cpu - last.cpu);
    worst = Math.max(worst, busyMs - TICK_MS);
    last = now;
  }, TICK_MS);
  try {
    const result = await work();
    // A stall is seen when the loop is free again: wait for the next tick.
    await new Promise((resolve) => setTimeout(resolve, 2 * TICK_MS));
    return { result, stallMs: worst };
  } finally {
    clearInterval(timer);
  }
}
