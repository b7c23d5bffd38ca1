// Session events between the shell (which owns the session) and the data layer (which caches data).
type SessionEvent = 'unauthorized' | 'userChanged';

const listeners: Record<SessionEvent, Set<() => void>> = { unauthorized: new Set(), userChanged: new Set() };

/**
 * 'unauthorized': a call answered 401, so the session ended elsewhere (expired, revoked).
 * 'userChanged': someone signed in or out; nothing cached for the last user may be shown.
 */
export function onSessionEvent(event: SessionEvent, listener: () => void): () => void {
  listeners[event].add(listener);
  return () => listeners[event].delete(listener);
}

export function emitSessionEvent(event: SessionEvent): void {
  for (const listener of listeners[event]) listener();
}
