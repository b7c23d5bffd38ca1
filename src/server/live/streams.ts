// The live streams that are open right now, by session: at most a few per session, and each ends
// when its session does (logout, password change, expiry), so a signed-out browser stops receiving.
import type { AppDeps } from '../deps';
import { tooManyRequests } from '../domain/errors';
import { sessionIsActive } from '../services/sessions';

/** Open live streams one session may hold at once; one more is refused with 429. */
export const MAX_STREAMS_PER_SESSION = 20;

/** How often the sessions of open streams are checked for expiry (logout and password change end them at once). */
export const STREAM_SESSION_CHECK_MS = 30_000;

export const tooManyStreams = () =>
  tooManyRequests(`At most ${MAX_STREAMS_PER_SESSION} live updates can be open at once: close a tab or two and reload.`, 5_000);

export interface StreamLease {
  /** Aborts when the stream must end: its session was revoked or expired, or the server is closing. */
  signal: AbortSignal;
  /** Gives the place back; call once, when the stream has ended. */
  release(): void;
}

interface SessionStreams {
  userId: number;
  open: Set<AbortController>;
}

export class LiveStreams {
  private readonly sessions = new Map<string, SessionStreams>();

  /** A place for one more stream of this session, or null when it already holds the most it may. */
  open(session: { sessionId: string; userId: number }): StreamLease | null {
    let entry = this.sessions.get(session.sessionId);
    if (entry && entry.open.size >= MAX_STREAMS_PER_SESSION) return null;
    if (!entry) this.sessions.set(session.sessionId, (entry = { userId: session.userId, open: new Set() }));
    const controller = new AbortController();
    entry.open.add(controller);
    const streams = entry;
    return {
      signal: controller.signal,
      release: () => {
        streams.open.delete(controller);
        if (streams.open.size === 0 && this.sessions.get(session.sessionId) === streams) this.sessions.delete(session.sessionId);
      },
    };
  }

  /** Ends every stream of one session. */
  endSession(sessionId: string): void {
    for (const controller of this.sessions.get(sessionId)?.open ?? []) controller.abort();
  }

  /** Ends the streams of every session of a user but one (a password change keeps the session that made it). */
  endUserSessions(userId: number, exceptSessionId?: string): void {
    for (const [sessionId, entry] of this.sessions) {
      if (entry.userId === userId && sessionId !== exceptSessionId) this.endSession(sessionId);
    }
  }

  /** The sessions that hold streams now: a periodic check ends those that expired. */
  sessionIds(): string[] {
    return [...this.sessions.keys()];
  }

  /** Ends every stream (server shutdown). */
  close(): void {
    for (const sessionId of this.sessions.keys()) this.endSession(sessionId);
  }
}

/** Ends the streams of sessions that expired (or were revoked elsewhere) since they opened. */
export async function endExpiredStreams(deps: AppDeps): Promise<void> {
  for (const sessionId of deps.streams.sessionIds()) {
    if (!(await sessionIsActive(deps, sessionId))) deps.streams.endSession(sessionId);
  }
}
