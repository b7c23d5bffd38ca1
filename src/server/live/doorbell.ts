// The doorbell between server processes that share one PostgreSQL database: a process rings a channel
// (NOTIFY) and every other process listening on it hears the payload (LISTEN). It is only a doorbell:
// a ring can be lost (a listener that is reconnecting hears nothing), so what a ring announces must
// also be readable from the database, and a listener that comes back is told so, to read what it
// missed. The buses built on it (pg-bid-bus.ts, pg-notice-bus.ts) do that.
//
// One process has one doorbell: one dedicated listening connection (LISTEN belongs to a session, so
// it can never be a pooled client, which other queries would share and the pool would recycle), and
// one pooled connection of its own for the rings, so that rings go out while the listener is down.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (in its default configuration). */
const NOTIFY_LIMIT_BYTES = 7999;

/** Where a ring came from: a process skips its own rings, since it already handled them itself. */
const ORIGIN_LENGTH = 16;

/** The longest payload a ring may carry, in bytes (UTF-8): the rest of NOTIFY's limit is the origin. */
export const MAX_RING_BYTES = NOTIFY_LIMIT_BYTES - ORIGIN_LENGTH;

/** Waits before reconnecting the listener, doubling from the first to the last after each failure. */
export const DEFAULT_RETRY_MS = { first: 100, last: 5_000 };

export interface DoorbellListener {
  /** A payload rung on the channel by another process. */
  heard(payload: string): void;
  /**
   * The channel is being listened to, for the first time or again after the connection dropped:
   * rings sent before this were not heard, so read from the database whatever they could have announced.
   */
  listening(): void;
}

export interface Doorbell {
  /**
   * Sends the payload to every other process that listens on the channel. It goes out after this
   * returns, this process's rings in the order they were rung; a failure is logged, not thrown,
   * since the database the listeners read from is the record and the ring only a hint. The payload is
   * well-formed text, as JSON.stringify writes it: a lone surrogate would fail its whole batch.
   */
  ring(channel: string, payload: string): void;
  /**
   * Listens on a channel until the returned function is called. The doorbell's connections live
   * while someone listens: when the last listener stops, they end, and the doorbell is closed. What
   * the function returns resolves once this listener is gone: for the last one, once the rings rung
   * before it have gone out and the connections have ended (a process that exits right after a
   * graceful shutdown would otherwise lose the rings of its last moments).
   */
  listen(channel: string, listener: DoorbellListener): () => Promise<void>;
}

export interface DoorbellOptions {
  connectionString: string;
  /** What the listening session is called in pg_stat_activity: naming the instance helps whoever looks. */
  name?: string;
  retryMs?: { first: number; last: number };
  /** How long the first ring after a quiet moment waits for others to go out with it. */
  gatherMs?: number;
  log?: { warn(details: object, message: string): void };
}

/** See DoorbellOptions.gatherMs: other processes hear of a bid up to this much later, which nobody watching can tell. */
const DEFAULT_GATHER_MS = 20;

/** A connection that does not answer by then is given up (and retried), rather than queuing rings behind it. */
const CONNECT_TIMEOUT_MS = 5_000;

/** A ring on its way out; `retried` once it has gone out on a connection that failed. */
interface Ring {
  channel: string;
  payload: string;
  retried?: boolean;
}

/** Channel names are written into LISTEN as identifiers, so only plain ones are accepted. */
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

const consoleLog = { warn: (details: object, message: string) => console.warn(message, details) };

export function createDoorbell({
  connectionString,
  name = 'auction-doorbell',
  retryMs = DEFAULT_RETRY_MS,
  gatherMs = DEFAULT_GATHER_MS,
  log = consoleLog,
}: DoorbellOptions): Doorbell {
  const origin = randomBytes(ORIGIN_LENGTH / 2).toString('hex');
  const channels = new Map<string, Set<DoorbellListener>>();
  // Rings of one process go out one after another on one connection, so they keep their order.
  const ringer = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  ringer.on('error', (error) => log.warn({ err: error }, 'the doorbell lost its ringing connection; the next ring reconnects'));
  let listener: pg.Client | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let nextRetryMs = retryMs.first;
  let started = false;
  let closed = false;
  let ringerEnded: () => void = () => {};
  const ended = new Promise<void>((resolve) => (ringerEnded = resolve));
  /** Ends the ringing connection, the doorbell's last act: what the last listener's stop waits for. */
  const endRinging = () =>
    void ringer
      .end()
      .catch(() => {})
      .finally(ringerEnded);

  const quoted = (channel: string) => `"${channel}"`;

  // The listening connection's statements go one after another: channels are listened to and let go
  // at any moment, the buses' at once as the app closes, and the driver's queue for a statement sent
  // while another is under way is deprecated (its next major version refuses the statement).
  let listenerTurns: Promise<unknown> = Promise.resolve();
  function onListener(client: pg.Client, statement: string): Promise<void> {
    const turn = listenerTurns.then(() => client.query(statement)).then(() => {});
    listenerTurns = turn.catch(() => {});
    return turn;
  }

  function heard(message: pg.Notification) {
    const payload = message.payload ?? '';
    if (payload.startsWith(origin)) return;
    for (const one of channels.get(message.channel) ?? []) one.heard(payload.slice(ORIGIN_LENGTH));
  }

  function retryLater() {
    if (closed) return;
    retryTimer = setTimeout(() => void connect(), nextRetryMs);
    nextRetryMs = Math.min(nextRetryMs * 2, retryMs.last);
  }

  async function connect() {
    const client = new pg.Client({
      connectionString,
      application_name: name,
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) listener = null;
      if (closed) return;
      log.warn({ err: error }, 'the doorbell stopped listening; reconnecting');
      client.end().catch(() => {});
      retryLater();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', heard);
    let listened: string[];
    try {
      await client.connect();
      if (closed) return void (await client.end());
      listener = client;
      // A new connection's turns start afresh, not behind a statement of the one that dropped.
      listenerTurns = Promise.resolve();
      // Channels added from here on send their own LISTEN (listen() below); one sent twice is harmless.
      listened = [...channels.keys()];
      await onListener(client, listened.map((channel) => `LISTEN ${quoted(channel)}`).join('; '));
    } catch (error) {
      drop(error as Error);
      return;
    }
    nextRetryMs = retryMs.first;
    for (const channel of listened) for (const one of channels.get(channel) ?? []) one.listening();
  }

  // Rings go out in batches, one statement each and one statement at a time: a batch holds the rings
  // rung within gatherMs of its first one, and the next one starts gathering when the one before it is
  // through. Under load a process rings for every bid, and each statement costs it a write and a read
  // on the socket, and every listening process a read: measured on a bid, a ring sent on its own cost
  // about a fifth of the bid's CPU. A batch sent the moment the one before it was through held only the
  // rings of one round trip: a statement for every three bids of the bench; gathered, one for every
  // fifteen or more. (PostgreSQL delivers identical rings of one statement once, which changes
  // nothing for a doorbell: both would announce the same thing.) A batch whose connection dropped
  // under it goes once more, on a new connection, ahead of the rings rung since: a listener that hears
  // a ring twice is told nothing new, while a lost one stays lost for a listener that never
  // reconnected.
  let waiting: Ring[] = [];
  let sending = false;
  let gathering: NodeJS.Timeout | undefined;
  function sendWaiting() {
    gathering = undefined;
    const batch = waiting;
    waiting = [];
    sending = batch.length > 0;
    if (!sending) return;
    ringer
      .query({
        name: 'doorbell-rings',
        // One JSON array rather than two text arrays: the driver escapes an array's elements one by one
        // in JavaScript, each payload's every quote, where JSON.stringify runs at native speed.
        text: 'select pg_notify(r.channel, r.payload) from jsonb_to_recordset($1::jsonb) as r(channel text, payload text)',
        values: [JSON.stringify(batch)],
      })
      .catch((error: unknown) => {
        const retry = batch.filter((ring) => !ring.retried);
        if (retry.length < batch.length) log.warn({ err: error, rings: batch.length - retry.length }, 'ringing the doorbell failed');
        waiting = [...retry.map((ring) => ({ ...ring, retried: true })), ...waiting];
      })
      .finally(afterBatch);
  }

  /** The next batch gathers; once the doorbell is closed, what is left goes at once, then the connection ends. */
  function afterBatch() {
    sending = waiting.length > 0;
    if (!closed) {
      if (sending) gathering = setTimeout(sendWaiting, gatherMs);
    } else if (sending) {
      sendWaiting();
    } else {
      endRinging();
    }
  }

  function close(): Promise<void> {
    closed = true;
    clearTimeout(retryTimer);
    listener?.end().catch(() => {});
    listener = null;
    // Rings still waiting go out rather than never, and the ringing connection ends after the last
    // batch: ended sooner, the pool would drop a statement queued for its idle connection.
    if (gathering) {
      clearTimeout(gathering);
      sendWaiting();
    } else if (!sending) {
      endRinging();
    }
    // A server that stopped answering holds a shutdown no longer than a connection attempt may take.
    let givenUp: NodeJS.Timeout | undefined;
    const giveUp = new Promise<void>((resolve) => (givenUp = setTimeout(resolve, CONNECT_TIMEOUT_MS).unref()));
    return Promise.race([ended, giveUp]).finally(() => clearTimeout(givenUp));
  }

  return {
    ring(channel, payload) {
      if (closed) return;
      if (Buffer.byteLength(payload) > MAX_RING_BYTES) {
        log.warn({ channel, bytes: Buffer.byteLength(payload) }, 'a ring longer than NOTIFY allows was not sent');
        return;
      }
      waiting.push({ channel, payload: origin + payload });
      if (sending) return;
      // The first ring waits a moment for the others rung meanwhile (see sendWaiting).
      sending = true;
      gathering = setTimeout(sendWaiting, gatherMs);
    },

    listen(channel, one) {
      if (closed) throw new Error('The doorbell is closed: its last listener stopped.');
      if (!CHANNEL_NAME.test(channel)) throw new Error(`A doorbell channel is a plain lower-case name, not "${channel}".`);
      let listeners = channels.get(channel);
      if (!listeners) channels.set(channel, (listeners = new Set()));
      listeners.add(one);
      // The first listener opens the connection; later ones join it, or the LISTEN of its next reconnect.
      if (!started) {
        started = true;
        void connect();
      }
      const client = listener;
      if (client) {
        onListener(client, `LISTEN ${quoted(channel)}`)
          .then(() => one.listening())
          // A LISTEN that fails leaves the channel unheard: treat it as a dropped connection and start over.
          .catch((error: unknown) => client.emit('error', error));
      }
      let stopped = false;
      return async () => {
        // Once only: a second call must not take the channel from listeners that came after.
        if (stopped) return;
        stopped = true;
        listeners.delete(one);
        if (listeners.size > 0) return;
        channels.delete(channel);
        if (channels.size === 0) return close();
        if (listener) onListener(listener, `UNLISTEN ${quoted(channel)}`).catch(() => {});
      };
    },
  };
}
