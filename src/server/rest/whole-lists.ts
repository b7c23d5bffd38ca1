// The whole lists (GET /api/auction without a limit, /api/api/auction/show, a seller's own in
// /api/auction/myauction and /api/api/user/profile) are the largest answers the server gives: every
// auction, megabytes of JSON. However many clients ask, and whether or not they read, only a few are
// produced at once, each only as fast as its client reads it; the others wait their turn in a short
// queue or are told to come back (docs/decisions/0014-whole-lists-take-turns.md).
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { busy } from '../domain/errors';

export interface WholeListLimits {
  /** Whole lists produced at once. */
  producing: number;
  /** Requests that may wait for a turn; one more is refused at once. */
  waiting: number;
  /** How long a request may wait for its turn before it is refused. */
  waitMs: number;
  /** A list whose client takes nothing for this long is cut off, and its turn goes to the next. */
  stallMs: number;
}

/**
 * A few at once: the event loop is one, so more at once would not answer sooner, only hold more
 * memory and delay every other request longer. The queue holds what a few seconds of turns clear.
 */
export const WHOLE_LIST_LIMITS: WholeListLimits = { producing: 4, waiting: 32, waitMs: 15_000, stallMs: 10_000 };

/** How soon a refused client is asked to try again. */
const RETRY_AFTER_MS = 5_000;

export const tooManyWholeLists = () =>
  busy(
    'Too many people are reading the whole list at this moment. Please try again in a few seconds, or ask for a page at a time with limit.',
    RETRY_AFTER_MS,
  );

interface Waiter {
  take(): void;
  refuse(): void;
}

/** The turns of whole lists: at most `producing` at once, at most `waiting` in line, first come first served. */
export class WholeListGate {
  private producing = 0;
  private readonly line: Waiter[] = [];

  constructor(readonly limits: WholeListLimits = WHOLE_LIST_LIMITS) {}

  /**
   * Waits for a turn and resolves with the function that gives it back (call it once). Refused
   * (503) when the line is full or the turn does not come in time; `signal` (the client leaving)
   * leaves the line.
   */
  async enter(signal: AbortSignal): Promise<() => void> {
    if (this.producing < this.limits.producing) {
      this.producing += 1;
      return this.leave();
    }
    if (this.line.length >= this.limits.waiting) throw tooManyWholeLists();
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        take: () => {
          done();
          resolve(this.leave());
        },
        refuse: () => {
          done();
          reject(tooManyWholeLists());
        },
      };
      const timer = setTimeout(() => this.drop(waiter), this.limits.waitMs);
      const onAbort = () => this.drop(waiter);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.line.push(waiter);
    });
  }

  /** Takes a waiter out of the line, refused. */
  private drop(waiter: Waiter): void {
    const at = this.line.indexOf(waiter);
    if (at < 0) return;
    this.line.splice(at, 1);
    waiter.refuse();
  }

  /** The function that ends a turn: it goes to the first in line, or is freed. */
  private leave(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.line.shift();
      if (next) next.take();
      else this.producing -= 1;
    };
  }
}

/** A whole list to send: its pages in order, written as one JSON array between `head` and `tail`. */
export class WholeList {
  constructor(
    readonly pages: AsyncIterable<readonly unknown[]>,
    readonly wrap: { head: string; tail: string } = { head: '', tail: '' },
  ) {}
}

/**
 * Items written as one JSON text: one stringify for a slice of them, its brackets dropped (V8 writes
 * an array of like objects faster than the same objects one call each), and few enough that the text
 * stays under V8's large-object size (128 kB; 50 auctions take about 32 kB), above which turning it
 * into bytes for the socket costs several times as much.
 */
const ITEMS_PER_CHUNK = 50;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The encodings of a whole list, by the client's preference (q), Brotli first of equals; identity when it takes neither. */
export function wholeListEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q.set(name === 'x-gzip' ? 'gzip' : name, weight === undefined ? 1 : Number(weight));
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/**
 * Sends a whole list once its turn comes. The first page is read before anything is sent, so that a
 * refused request still gets its own status. Then each chunk is produced only when the socket has
 * taken the one before (back-pressure through the stream, the compression and the socket), with a
 * turn of the event loop after each: a list of any length neither holds the event loop nor sits in
 * memory beyond a page of items and a chunk of text. The list is compressed here rather than by
 * @fastify/compress, whose stream keeps compressing whatever the socket takes (its output is pushed
 * on without waiting), so a client that did not read had its whole list held in memory.
 */
export async function sendWholeList(gate: WholeListGate, req: FastifyRequest, reply: FastifyReply, list: WholeList): Promise<FastifyReply> {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  const release = await gate.enter(gone.signal);

  // Progress: chunks the stream asked for, and bytes the socket took. A client that takes nothing for
  // stallMs loses its turn: its connection is closed.
  let pulled = 0;
  let seen = -1;
  let lastProgress = Date.now();
  const watch = setInterval(
    () => {
      const now = pulled + (reply.raw.socket?.bytesWritten ?? 0);
      if (now !== seen) {
        seen = now;
        lastProgress = Date.now();
      } else if (Date.now() - lastProgress >= gate.limits.stallMs) {
        req.log.info('a whole list was cut off: its client took nothing for %d ms', gate.limits.stallMs);
        reply.raw.destroy();
      }
    },
    Math.min(1_000, gate.limits.stallMs / 4),
  );
  watch.unref();
  const finished = () => {
    clearInterval(watch);
    release();
  };
  // After the last byte, or when the client leaves or is cut off.
  reply.raw.once('close', finished);
  if (gone.signal.aborted) finished();

  const reader = list.pages[Symbol.asyncIterator]();
  let page: IteratorResult<readonly unknown[]>;
  try {
    page = await reader.next();
  } catch (error) {
    finished();
    throw error;
  }
  async function* chunks() {
    try {
      yield `${list.wrap.head}[`;
      let separator = '';
      while (!page.done) {
        const items = page.value;
        for (let at = 0; at < items.length; at += ITEMS_PER_CHUNK) {
          pulled += 1;
          yield separator + JSON.stringify(items.slice(at, at + ITEMS_PER_CHUNK)).slice(1, -1);
          separator = ',';
          await nextTurn();
        }
        page = await reader.next();
      }
      yield `]${list.wrap.tail}`;
    } finally {
      // A client that leaves mid-list ends the reading too.
      await reader.return?.();
    }
  }
  const source = Readable.from(chunks(), { objectMode: false });
  const encoding = wholeListEncoding(req.headers['accept-encoding']);
  let body: Readable = source;
  if (encoding !== 'identity') {
    // As @fastify/compress does for other answers (plugins/compression.ts): a low Brotli level.
    const compress = encoding === 'br' ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip();
    // Fastify destroys `compress` when the client leaves; pipeline then destroys the source, ending the reading.
    pipeline(source, compress).catch(() => {});
    body = compress;
    reply.header('content-encoding', encoding);
  }
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');

  return reply.type('application/json; charset=utf-8').send(body);
}
