// Server-Sent Events read over real HTTP, as a browser's EventSource reads them: each event's id,
// name and data (parsed as JSON), kept in arrival order while the test goes on; whether the server
// has ended the stream; and the JSON body of a refusal (a 4xx is not a stream).
import { expect } from 'vitest';

export interface SseEvent {
  /** The event's `id:` field, when it had one. */
  id?: string;
  /** The event's `event:` field, when it had one (unnamed events are the default "message"). */
  event?: string;
  data: unknown;
}

export interface SseStream {
  status: number;
  headers: Headers;
  /** The JSON body of an answer that is not an event stream (a refusal), else undefined. */
  body: unknown;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The last reconnection time the server asked for (a `retry:` line), in milliseconds, if any. */
  readonly retry: number | undefined;
  /** The unnamed events only (what EventSource's onmessage sees). */
  messages(): SseEvent[];
  /** Whether the server ended the stream (or the test closed it). */
  ended(): boolean;
  /** Waits until at least `count` unnamed events have arrived; returns them all. */
  waitForMessages(count: number, timeout?: number): Promise<SseEvent[]>;
  /** Waits until the stream has ended. */
  waitForEnd(timeout?: number): Promise<void>;
  /** Leaves: aborts the request. */
  close(): void;
}

/** One block of an event stream (the lines before a blank line), or null for a comment or a retry alone. */
function parseBlock(block: string): SseEvent | null {
  let id: string | undefined;
  let event: string | undefined;
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = value;
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return null;
  const text = data.join('\n');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { ...(id === undefined ? {} : { id }), ...(event === undefined ? {} : { event }), data: parsed };
}

/** Opens `url` as an event stream (GET, `accept: text/event-stream`) and reads it in the background. */
export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const leave = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: leave.signal });
  const events: SseEvent[] = [];
  let retry: number | undefined;
  let ended = false;
  let body: unknown;
  const isStream = res.ok && (res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const reading = (async () => {
    try {
      if (!isStream) {
        const text = await res.text();
        try {
          body = JSON.parse(text);
        } catch {
          body = text;
        }
        return;
      }
      let buffer = '';
      for await (const chunk of res.body!.pipeThrough(new TextDecoderStream()) as unknown as AsyncIterable<string>) {
        buffer += chunk;
        for (let cut = buffer.search(/\r?\n\r?\n/); cut >= 0; cut = buffer.search(/\r?\n\r?\n/)) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
          const asked = /^retry: ?(\d+)$/m.exec(block)?.[1];
          if (asked !== undefined) retry = Number(asked);
          const event = parseBlock(block);
          if (event) events.push(event);
        }
      }
    } catch {
      // Aborted by the test, or the connection dropped.
    } finally {
      ended = true;
    }
  })();
  if (!isStream) await reading;
  const messages = () => events.filter((e) => e.event === undefined);
  return {
    status: res.status,
    headers: res.headers,
    get body() {
      return body;
    },
    events,
    get retry() {
      return retry;
    },
    messages,
    ended: () => ended,
    async waitForMessages(count, timeout = 5_000) {
      await expect.poll(() => messages().length, { timeout }).toBeGreaterThanOrEqual(count);
      return messages();
    },
    async waitForEnd(timeout = 5_000) {
      await expect.poll(() => ended, { timeout }).toBe(true);
    },
    close: () => leave.abort(),
  };
}
