// Writes a live stream to its socket as Server-Sent Events, for both doors (the tRPC subscriptions,
// trpc/http.ts, and GET /api/auction/:id/events). Written here rather than through tRPC's own
// producer so that what every stream of an event shares is done once, and nothing a slow client does
// can hold the others:
// - an event object handed to many streams (a bid, live/bid-bus.ts) is turned into JSON once, the
//   first time a stream writes it, and the text is reused by every other stream;
// - a write never waits: a client that leaves more than MAX_UNSENT_BYTES unread is dropped (its
//   EventSource reconnects with its last event id and catches up from the database), rather than
//   buffered or waited for;
// - at shutdown each stream ends at once with a `retry` hint, so clients come back as soon as the
//   server does, and ending a stream is never logged as a failure (a client going away is normal).
import type { FastifyReply } from 'fastify';
import { ResumeLater } from './bid-bus';
import { RECONNECT_AFTER_SHUTDOWN_MS, type StreamEnd } from './streams';

/** What a stream's socket may hold unsent before its reader counts as gone. */
export const MAX_UNSENT_BYTES = 256 * 1024;

/** A comment line this often keeps proxies and browsers from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;

/** One event: its SSE event name (none for a message), its data, and the id a reconnecting client sends back. */
export interface StreamEvent {
  event?: string;
  data: unknown;
  id?: string;
}

export interface EventStreamOptions {
  /** Ends the stream from our side; its reason (a StreamEnd) says whether the client should come back. */
  signal: AbortSignal;
  /** Written before the first event (tRPC's `connected`, a REST stream's retry time). */
  head: string;
  /** Written when the stream ends for good, so the client stops rather than reconnects (tRPC's `return`). */
  tail?: string;
  /** The events failed: logged by the caller, and told to the client by the frame it returns, if any. */
  onError(error: unknown): string | undefined;
}

/**
 * JSON of event objects that several streams write, made by the first of them. (The tRPC router has
 * no transformer: its data travels as JSON as it is, which lets its streams share this.)
 */
const serialized = new WeakMap<object, string>();

function json(data: unknown): string {
  if (typeof data !== 'object' || data === null) return JSON.stringify(data);
  let text = serialized.get(data);
  if (text === undefined) serialized.set(data, (text = JSON.stringify(data)));
  return text;
}

/** The SSE frame of one event (data holds no line break: JSON escapes them). */
export function frameOf({ event, data, id }: StreamEvent): string {
  return `${event ? `event: ${event}\n` : ''}data: ${json(data)}\n${id === undefined ? '' : `id: ${id}\n`}\n`;
}

const RECONNECT_SOON = `retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n\n`;

/** Takes the reply over and streams the events until they end, the signal aborts, or the client leaves or stops reading. */
export async function sendEventStream(reply: FastifyReply, events: AsyncIterable<StreamEvent>, options: EventStreamOptions): Promise<void> {
  const { signal } = options;
  const res = reply.raw;
  const left = new AbortController();
  const onClose = () => left.abort();
  res.once('close', onClose);
  const ended = AbortSignal.any([signal, left.signal]);
  const iterator = events[Symbol.asyncIterator]();

  // From here on the answer is the stream: Fastify sends nothing more of its own.
  reply.hijack();
  res.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Tells nginx and other buffering proxies to pass each event on at once.
    'x-accel-buffering': 'no',
  });
  res.write(options.head);
  const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
  // What ends the stream decides its last words: none for a client gone or dropped, the tail for an
  // end for good, a retry hint for a client that should come back (shutdown, a subscriber let go).
  let last = '';
  let dropped = false;
  try {
    for (let next = await iterator.next(); !next.done && !ended.aborted; next = await iterator.next()) {
      res.write(frameOf(next.value));
      if (res.writableLength > MAX_UNSENT_BYTES) {
        dropped = true;
        break;
      }
    }
    if (!ended.aborted || (signal.reason as StreamEnd | undefined) === 'session-ended') last = options.tail ?? '';
    else last = RECONNECT_SOON;
  } catch (error) {
    last = error instanceof ResumeLater || ended.aborted ? RECONNECT_SOON : (options.onError(error) ?? '');
  } finally {
    clearInterval(keepAlive);
    res.off('close', onClose);
    await iterator.return?.();
    if (dropped) res.destroy();
    else if (!res.destroyed) res.end(last);
  }
}
