// The benchmark's create with eight photos: on a server of its own (the built app on the first
// database, with memory-probe.mjs loaded), eight JPEGs of 4.9 MB (12 megapixels each) per create, sent
// through REST as a browser sends them. It measures a create alone (three in turn, after one not
// counted), then four at once from four accounts while another process asks /healthz every 20 ms
// (healthz-probe.mjs), and in each the server's memory above its size at rest (the highest RSS, JS
// heap and ArrayBuffers seen) and the longest its event loop was held.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import sharp from 'sharp';
import { freePort } from '../../tools/ports';
import { startServer, type Workspace } from '../../tools/server-process';
import { probeOptions, readProbe, type Memory } from './server-probe';

export const PHOTO_SCENARIO = 'photo-create';
const PHOTOS = 8;
/** /healthz within this while the creates run, as for the whole lists (docs/rules/limits.md). */
export const HEALTHZ_TARGET_MS = 100;

export interface PhotoBench {
  photoBytes: number;
  /** Milliseconds of each create alone. */
  alone: number[];
  /** The highest memory above rest while the creates ran alone, in bytes, and the longest the event loop was held. */
  aloneMemory: Memory;
  aloneLoopMs: number;
  /** Milliseconds of each of the four at once, and of the four together. */
  together: number[];
  togetherMs: number;
  togetherMemory: Memory;
  togetherLoopMs: number;
  /** Milliseconds of each /healthz asked while the four ran. */
  healthz: number[];
  /** The server's memory at rest, before the creates. */
  rest: Memory;
}

/**
 * One 12-megapixel JPEG of 4.9 MB: a gradient with fine noise, which compresses about as a detailed
 * photo does (a plain colour would be a few kilobytes), and decodes in a few hundred milliseconds.
 */
async function photo(): Promise<Buffer> {
  const [width, height, noise] = [4000, 3000, 40];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 12345;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = ((seed >> 16) % noise) - noise / 2;
      const i = (y * width + x) * 3;
      raw[i] = Math.min(255, Math.max(0, (x * 255) / width + n));
      raw[i + 1] = Math.min(255, Math.max(0, (y * 255) / height + n));
      raw[i + 2] = 128 + n;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The create form with the photos, encoded once as a browser would: its body and Content-Type. */
async function createBody(bytes: Buffer): Promise<{ type: string; body: Uint8Array<ArrayBuffer> }> {
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const form = new FormData();
  const fields = { itemName: 'Camera with eight photos', itemDescription: 'Eight photos of 12 megapixels.', itemCategory: 'Electronics' };
  for (const [name, value] of Object.entries({ ...fields, startingPrice: '10', itemStartDate: today, itemEndDate: end }))
    form.append(name, value);
  for (let i = 0; i < PHOTOS; i++) form.append('itemPhoto', new File([new Uint8Array(bytes)], `photo-${i}.jpg`, { type: 'image/jpeg' }));
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, body: new Uint8Array(await request.arrayBuffer()) };
}

export async function benchPhotoCreates(ws: Workspace, tokens: string[], log: (line: string) => void): Promise<PhotoBench> {
  const bytes = await photo();
  const { type, body } = await createBody(bytes);
  const port = await freePort();
  const memoryFile = join(ws.dir, 'photo-memory.json');
  const server = await startServer({ ...ws, port, baseUrl: `http://127.0.0.1:${port}` }, probeOptions(memoryFile, { memory: true }));
  const probe = () => readProbe(server, memoryFile);
  const above = (peak: Memory, rest: Memory): Memory => ({
    rss: peak.rss - rest.rss,
    heapUsed: peak.heapUsed - rest.heapUsed,
    external: peak.external - rest.external,
    arrayBuffers: peak.arrayBuffers - rest.arrayBuffers,
  });
  const create = async (token: string) => {
    const started = performance.now();
    const res = await fetch(`${server.baseUrl}/api/auction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });
    const text = await res.text();
    if (res.status !== 201) throw new Error(`a create with ${PHOTOS} photos answered ${res.status}: ${text.slice(0, 200)}`);
    return performance.now() - started;
  };
  try {
    log(`bench: ${PHOTO_SCENARIO}: ${PHOTOS} photos of ${(bytes.length / 1e6).toFixed(2)} MB per create, on ${server.baseUrl}`);
    await create(tokens[0]!);
    // At rest: after the warm-up create, once its garbage is gone (the sampler's values now).
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rest = (await probe()).now;
    const alone: number[] = [];
    for (let i = 0; i < 3; i++) alone.push(await create(tokens[0]!));
    const aloneProbe = await probe();

    const asking = spawn(process.execPath, [join(import.meta.dirname, 'healthz-probe.mjs'), server.baseUrl], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let printed = '';
    asking.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const asked = new Promise<void>((resolve, reject) =>
      asking.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`healthz-probe exited with ${code}`)))),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = performance.now();
    const each = await Promise.all(tokens.slice(0, 4).map((token) => create(token)));
    const togetherMs = performance.now() - started;
    asking.stdin.end();
    await asked;
    const togetherProbe = await probe();
    return {
      photoBytes: bytes.length,
      alone,
      aloneMemory: above(aloneProbe.peak, rest),
      aloneLoopMs: aloneProbe.loop.maxMs,
      together: each,
      togetherMs,
      togetherMemory: above(togetherProbe.peak, rest),
      togetherLoopMs: togetherProbe.loop.maxMs,
      healthz: JSON.parse(printed) as number[],
      rest,
    };
  } finally {
    await server.stop();
  }
}
