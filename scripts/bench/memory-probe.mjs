// Loaded into the benchmark's server (node --import) to measure what one scenario costs it: memory,
// process.memoryUsage() sampled every 10 ms with the highest value of each figure kept, and the
// longest the event loop was held (perf_hooks; alone with BENCH_MEMORY_SAMPLING=0). On SIGUSR2 the highest values since the last signal,
// the values now and the longest delay are written to BENCH_MEMORY_FILE as one line of JSON, and
// the measures start again from now. Only the benchmark loads it.
//
// Beside the delay, the longest gap between two turns of a 10 ms timer and the CPU the process used
// during it: a loop held by work uses CPU all along; a process that waited, because the machine did
// not run it (a shared machine's other tenants, other processes on its two cores) or in a system call
// (a read from the disk), uses next to none. The benchmark prints both, so that a wait can be told
// from work.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.BENCH_MEMORY_FILE;
const FIGURES = ['rss', 'heapUsed', 'external', 'arrayBuffers'];
let peak = process.memoryUsage();

function sample() {
  const now = process.memoryUsage();
  for (const figure of FIGURES) if (now[figure] > peak[figure]) peak[figure] = now[figure];
  return now;
}

/** The CPU this process has used, all its threads, in milliseconds. */
function cpuMs() {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

if (file) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let longestTick = { ms: 0, cpuMs: 0 };
  let last = { at: performance.now(), cpu: cpuMs() };
  setInterval(() => {
    const now = { at: performance.now(), cpu: cpuMs() };
    if (now.at - last.at > longestTick.ms) longestTick = { ms: now.at - last.at, cpuMs: now.cpu - last.cpu };
    last = now;
  }, 10).unref();
  if (process.env.BENCH_MEMORY_SAMPLING !== '0') setInterval(sample, 10).unref();
  process.on('SIGUSR2', () => {
    const now = sample();
    const pick = (usage) => Object.fromEntries(FIGURES.map((figure) => [figure, usage[figure]]));
    // The histogram counts in nanoseconds, the resolution's 10 ms included.
    const loop = { maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6, longestTick };
    writeFileSync(file, `${JSON.stringify({ peak: pick(peak), now: pick(now), loop })}\n`);
    peak = now;
    delay.reset();
    longestTick = { ms: 0, cpuMs: 0 };
  });
}
