// One keep-alive connection driven by hand (node:net), for tests about what a connection carries after
// an answer: requests written as raw HTTP/1.1, answers read back one at a time, each within a bound.
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export interface RawConnection {
  /** Writes a request: its head (request line and headers, without the blank line) and body. */
  send(head: string[], body?: Buffer): void;
  /** The next answer on the connection; rejects when none is complete within `withinMs` or the connection closes first. */
  answer(withinMs: number): Promise<RawAnswer>;
  /** Whether the server closed the connection (after its answers), within `withinMs`. */
  closedWithin(withinMs: number): Promise<boolean>;
  destroy(): void;
}

export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let closed = false;
  const wakers = new Set<() => void>();
  const wake = () => wakers.forEach((w) => w());
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    wake();
  });
  socket.on('close', () => {
    closed = true;
    wake();
  });
  // Writing a body the server has stopped reading may fail (EPIPE, reset): what it answered is what counts.
  socket.on('error', () => {});

  /** One complete answer at the start of what was received, taken off it; undefined while incomplete. */
  function takeAnswer(): RawAnswer | undefined {
    const end = received.indexOf('\r\n\r\n');
    if (end < 0) return undefined;
    const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length)) throw new Error(`an answer without Content-Length: ${statusLine}`);
    if (received.length < end + 4 + length) return undefined;
    const body = received.subarray(end + 4, end + 4 + length).toString('utf8');
    received = received.subarray(end + 4 + length);
    return { status: Number(statusLine!.split(' ')[1]), headers, body };
  }

  function waitFor<T>(check: () => T | undefined, withinMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(() => reject(new Error(`no ${what} within ${withinMs} ms`))), withinMs);
      const done = (finish: () => void) => {
        clearTimeout(timer);
        wakers.delete(poll);
        finish();
      };
      const poll = () => {
        let found: T | undefined;
        try {
          found = check();
        } catch (error) {
          return done(() => reject(error as Error));
        }
        if (found !== undefined) return done(() => resolve(found));
        if (closed) done(() => reject(new Error(`the connection closed before the ${what}`)));
      };
      wakers.add(poll);
      poll();
    });
  }

  return {
    send(head, body) {
      socket.write([...head, '', ''].join('\r\n'));
      if (body) socket.write(body);
    },
    answer: (withinMs) => waitFor(takeAnswer, withinMs, 'answer'),
    closedWithin: (withinMs) =>
      waitFor(() => (closed ? true : undefined), withinMs, 'close').then(
        () => true,
        () => false,
      ),
    destroy: () => socket.destroy(),
  };
}

/** A form as a browser encodes it: its multipart body and the Content-Type that names its boundary. */
export async function multipartBody(form: FormData): Promise<{ type: string; body: Buffer }> {
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { type: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
}
