// The benchmark's window into a server it started: memory-probe.mjs, loaded with --import, reports on
// SIGUSR2 its memory at its highest and now, and the longest its event loop was held since the last
// report. Used by the creates with photos (memory and the loop) and by every row (the loop).
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerProcess } from '../../tools/server-process';

export interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

/** What the server's probe reports: its memory at its highest and now, and its event loop's delay. */
export interface Probe {
  peak: Memory;
  now: Memory;
  /** The event loop's longest delay and its 99th percentile; the longest gap between two turns of a 10 ms timer, and the CPU the process used in it. */
  loop: { maxMs: number; p99Ms: number; longestTick: { ms: number; cpuMs: number } };
}

/**
 * What starts a server with the probe: node's arguments and the settings naming the file it reports
 * to. With `memory` off, the probe watches the event loop alone: its sampler of process.memoryUsage(),
 * a hundred times a second, would add its own CPU to every answer measured.
 */
export function probeOptions(file: string, { memory }: { memory: boolean }) {
  return {
    nodeArgs: ['--import', join(import.meta.dirname, 'memory-probe.mjs')],
    env: { BENCH_MEMORY_FILE: file, BENCH_MEMORY_SAMPLING: memory ? '1' : '0' },
  };
}

/** The server's report since its last one (which starts the measures again from now). */
export async function readProbe(server: ServerProcess, file: string): Promise<Probe> {
  rmSync(file, { force: true });
  server.child.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Probe;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
  throw new Error(`${server.baseUrl} did not report its probe`);
}
