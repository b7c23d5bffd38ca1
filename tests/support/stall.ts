// How long a piece of work held the event loop: for tests that show a request leaves everyone else served.

/**
 * The event loop's longest stall (ms) while `work` runs: the largest gap between the ticks of a 5 ms
 * timer, less those 5 ms. A gap counts only the CPU time this process spent in it, so time the
 * machine gave to other processes (a busy CI host) is not mistaken for a stall of ours.
 * (perf_hooks' monitorEventLoopDelay misses stalls inside vitest's workers.)
 */
export async function longestStall<T>(work: () => Promise<T>): Promise<{ result: T; stallMs: number }> {
  const TICK_MS = 5;
  let worst = 0;
  let last = { wall: performance.now(), cpu: process.cpuUsage() };
  const timer = setInterval(() => {
    const wall = performance.now();
    const cpu = process.cpuUsage(last.cpu);
    const busyMs = Math.min(wall - last.wall, (cpu.user + cpu.system) / 1000);
    worst = Math.max(worst, busyMs - TICK_MS);
    last = { wall, cpu: process.cpuUsage() };
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
