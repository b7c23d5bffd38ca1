// The live streams that are open right now. Each holds a place counted three ways: per session (here,
// in memory), and per account and per client address over every instance on the database (a row of
// live_streams, db/store.ts LiveStreamStore), so that neither many sessions of one account nor many
// accounts of one address can hold the server's memory and sockets. Each ends when its session does
// (logout, password change, expiry), so a signed-out browser stops receiving.
import { randomUUID } from 'node:crypto';
import type { LiveStreamStore } from '../db/store';
import { tooManyRequests, type AppError } from '../domain/errors';
import { processSessionEnds, type SessionEnds } from './session-ends';

/** Open live streams one session may hold at once; one more is refused with 429. */
export const MAX_STREAMS_PER_SESSION = 20;

/**
 * The caps over sessions (settings LIVE_STREAMS_PER_ACCOUNT and LIVE_STREAMS_PER_ADDRESS). A browser
 * needs one stream however many tabs it has open (its tabs share it), so the account's default (40)
 * leaves room for many devices and for clients that open one per auction; the address's (100) for a
 * household or an office behind one address.
 */
export interface StreamCaps {
  perAccount: number;
  perAddress: number;
}

/** How often the sessions of open streams are checked for expiry, and their places renewed. */
export const STREAM_SESSION_CHECK_MS = 30_000;
/** A place not renewed for this long (its instance died) no longer counts. */
export const STREAM_PLACE_TTL_MS = 3 * STREAM_SESSION_CHECK_MS;

/** Streams told to reconnect after this many milliseconds when the server shuts down (a restart takes about as long). */
export const RECONNECT_AFTER_SHUTDOWN_MS = 1_000;

export const tooManyStreams = (): AppError =>
  tooManyRequests(`At most ${MAX_STREAMS_PER_SESSION} live updates can be open at once: close a tab or two and reload.`, 5_000);

const refusals = {
  'user-full': (caps: StreamCaps) =>
    tooManyRequests(
      `Your account has ${caps.perAccount} live updates open in other browsers or devices: close some, or sign out there, and reload.`,
      30_000,
    ),
  'address-full': () => tooManyRequests('Too many live updates are open from your network just now. Please try again in a minute.', 60_000),
};

/** Why a stream's signal aborted: the server is closing (its client should come back soon), or its session ended. */
export type StreamEnd = 'server-closing' | 'session-ended';

export interface StreamLease {
  /** Aborts when the stream must end, with a StreamEnd as its reason. */
  signal: AbortSignal;
  /** Gives the place back; call once, when the stream has ended. */
  release(): void;
}

interface OpenStream {
  controller: AbortController;
  placeId: string;
}

interface SessionStreams {
  userId: number;
  open: Set<OpenStream>;
}

export class LiveStreams {
  private readonly sessions = new Map<string, SessionStreams>();
  /** Set at shutdown, when close() gives every place back itself. */
  private closing = false;
  private readonly stopHearing: () => Promise<void>;

  constructor(
    private readonly places: LiveStreamStore,
    private readonly caps: StreamCaps,
    private readonly now: () => number,
    /** How instances on one database tell each other of an account signed out everywhere. */
    private readonly ends: SessionEnds = processSessionEnds,
    private readonly log: { warn(details: object, message: string): void } = { warn: () => {} },
  ) {
    this.stopHearing = ends.listen((userId) => this.endUserSessions(userId));
  }

  /** A place for one more stream of this session, or the 429 that says which cap it met. */
  async open(session: { sessionId: string; userId: number; address: string }): Promise<StreamLease> {
    let entry = this.sessions.get(session.sessionId);
    if (entry && entry.open.size >= MAX_STREAMS_PER_SESSION) throw tooManyStreams();
    if (!entry) this.sessions.set(session.sessionId, (entry = { userId: session.userId, open: new Set() }));
    // Counted in the session before the database is asked, so that streams opened at once cannot all pass.
    const stream: OpenStream = { controller: new AbortController(), placeId: randomUUID() };
    const streams = entry;
    streams.open.add(stream);
    const forget = () => {
      streams.open.delete(stream);
      if (streams.open.size === 0 && this.sessions.get(session.sessionId) === streams) this.sessions.delete(session.sessionId);
    };
    const now = this.now();
    let refusal;
    try {
      refusal = await this.places.acquire(
        { id: stream.placeId, userId: session.userId, address: session.address, expiresAt: new Date(now + STREAM_PLACE_TTL_MS) },
        new Date(now),
        { perUser: this.caps.perAccount, perAddress: this.caps.perAddress },
      );
    } catch (error) {
      forget();
      throw error;
    }
    if (refusal) {
      forget();
      throw refusals[refusal](this.caps);
    }
    let released = false;
    return {
      signal: stream.controller.signal,
      release: () => {
        if (released) return;
        released = true;
        forget();
        if (this.closing) return;
        this.places
          .release(stream.placeId)
          .catch((error: unknown) => this.log.warn({ err: error }, 'giving back a live stream place failed'));
      },
    };
  }

  /** Ends every stream of one session. */
  endSession(sessionId: string): void {
    for (const { controller } of this.sessions.get(sessionId)?.open ?? []) controller.abort('session-ended' satisfies StreamEnd);
  }

  /** Ends the streams of every session of a user but one (a password change keeps the session that made it). */
  endUserSessions(userId: number, exceptSessionId?: string): void {
    for (const [sessionId, entry] of this.sessions) {
      if (entry.userId === userId && sessionId !== exceptSessionId) this.endSession(sessionId);
    }
  }

  /** Ends every stream of the user, in this instance and in every other on the database (a suspension). */
  endUserEverywhere(userId: number): void {
    this.endUserSessions(userId);
    this.ends.announce(userId);
  }

  /** The sessions that hold streams now: a periodic check ends those that expired. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Keeps the places of the open streams counted for another STREAM_PLACE_TTL_MS. */
  async renew(): Promise<void> {
    const ids = [...this.sessions.values()].flatMap((entry) => [...entry.open].map((stream) => stream.placeId));
    await this.places.renew(ids, new Date(this.now() + STREAM_PLACE_TTL_MS));
  }

  /**
   * Ends every stream (server shutdown): their clients are told to come back shortly, and their places
   * are given back here, while the database is still open.
   */
  async close(): Promise<void> {
    this.closing = true;
    const stoppedHearing = this.stopHearing();
    const open = [...this.sessions.values()].flatMap((entry) => [...entry.open]);
    for (const { controller } of open) controller.abort('server-closing' satisfies StreamEnd);
    await Promise.allSettled([stoppedHearing, ...open.map(({ placeId }) => this.places.release(placeId))]);
  }
}
