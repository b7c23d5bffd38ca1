// One live connection per browser, shared by its tabs (docs/rules/live-updates.md#one-connection-per-browser).
//
// A browser opens at most six HTTP/1.1 connections to a site. Each open tab used to hold two live
// streams (the bell's notices, the page's bids), so three tabs took them all and a bid then waited
// for a connection that never came free. Now one tab, the leader, holds a single stream for the whole
// browser, following the union of what every tab shows, and hands each event to the others:
// - the Web Locks API chooses the leader: every tab that needs live updates asks for one lock; the
//   tab holding it leads until it closes (or stops needing updates), and the lock then passes to the
//   next tab, which opens the stream again, resuming after the last event;
// - a BroadcastChannel carries each tab's interests to the leader and the events back to every tab;
// - each tab also holds a lock of its own, so the leader can tell which tabs are gone (a crashed tab
//   says no goodbye) and stop following what only they showed. A tab tells the leader what it follows
//   only once that lock is held: the lock and the channel travel apart in the browser, and a leader
//   that looked for the lock of a tab it had just heard from could find none yet and forget the tab;
// - where either API is missing, each tab is its own leader, with a stream of its own.
// The stream is opened again whenever the union changes (a tab opens another auction), after the
// last event it delivered, so nothing is skipped in between.

/** What one tab (or the whole browser) follows: these auctions by name, and maybe every auction. */
export interface Following {
  auctionIds: readonly string[];
  everyAuction: boolean;
}

/** What the server's stream is opened with. */
export interface StreamInput {
  auctionIds: string[];
  everyAuction: boolean;
  lastEventId: string | null;
}

export interface StreamHandlers {
  onStarted(): void;
  /** An event, with the id a reconnecting stream resumes after (none for an untracked event). */
  onData(event: { id?: string; data: unknown }): void;
  /** The stream gave up: refused (signed out, too many streams) or cut for good. */
  onError(): void;
  /** The server ended the stream for good (its session ended). */
  onComplete(): void;
}

/** Opens the server's stream; the returned function closes it. */
export type Connect = (input: StreamInput, handlers: StreamHandlers) => () => void;

export interface LiveHubOptions {
  connect: Connect;
  /** Auctions one stream follows by name at most; past it, the stream follows every auction. */
  maxFollowed: number;
  /**
   * Asked when the stream was refused: false when the session has ended (and the app then signs this
   * tab out), true to try again later. A browser does not tell why an EventSource was refused.
   */
  stillSignedIn(): Promise<boolean>;
  /** For tests: the browser APIs, when not the global ones. */
  channel?: BroadcastChannelLike | null;
  locks?: LockManagerLike | null;
}

export interface BroadcastChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal }, callback: () => Promise<void>): Promise<unknown>;
  query(): Promise<{ held?: Array<{ name?: string }> }>;
}

type Message =
  | { type: 'interest'; tabId: string; following: Following }
  | { type: 'bye'; tabId: string }
  | { type: 'hello' }
  | { type: 'event'; id?: string; data: unknown };

const CHANNEL = 'open-auction-live';
const LEADER_LOCK = 'open-auction-live-leader';
const TAB_LOCK = 'open-auction-live-tab:';
/** A burst of changes (a page that mounts several followers) opens one stream, not several. */
const REOPEN_AFTER_MS = 30;
const RETRY_MS = { first: 2_000, last: 60_000 };

function union(followings: Iterable<Following>, max: number): Following {
  const ids = new Set<string>();
  let everyAuction = false;
  for (const following of followings) {
    for (const id of following.auctionIds) ids.add(id);
    everyAuction ||= following.everyAuction;
  }
  // Past the most a stream takes by name, every auction: the tabs still get each bid of theirs.
  if (ids.size > max) return { auctionIds: [], everyAuction: true };
  return { auctionIds: [...ids].sort(), everyAuction };
}

const keyOf = (following: Following) => `${following.everyAuction ? '*' : ''}${following.auctionIds.join(',')}`;

export class LiveHub {
  readonly tabId = crypto.randomUUID();
  private readonly channel: BroadcastChannelLike | null;
  private readonly locks: LockManagerLike | null;
  /** What this tab's views follow, one entry per view. */
  private readonly follows = new Map<number, Following>();
  private nextFollowId = 0;
  /** Views that show the user's notices (the bell). */
  private noticeViews = 0;
  private readonly listeners = new Set<(data: unknown) => void>();
  private readonly noticeListeners = new Set<() => void>();

  /** Set while this tab takes part: it has views that need live updates. */
  private taking: { stop: AbortController; release: () => void } | null = null;
  /** Whether this tab's own lock is held: until then the leader could take it for a closed tab. */
  private present = false;
  private leading = false;
  /** The leader's record of what the other tabs follow. */
  private readonly peers = new Map<string, Following>();
  private stream: { key: string; close: () => void } | null = null;
  private lastEventId: string | null = null;
  /** The newest notices event: what the bell shows, and what the leader hands again to tabs that join. */
  private lastNotices: unknown = null;
  private reopenTimer: ReturnType<typeof setTimeout> | null = null;
  /** Set when the stream must open again but the open one has not yet said where it starts. */
  private reopenAfterFirstEvent = false;
  private retryMs = 0;

  constructor(private readonly options: LiveHubOptions) {
    const shared = options.channel !== undefined || options.locks !== undefined;
    this.channel = shared ? (options.channel ?? null) : typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    this.locks = shared ? (options.locks ?? null) : (globalThis.navigator?.locks ?? null);
    this.channel?.addEventListener('message', (event) => this.received(event.data as Message));
  }

  /** Follows these auctions while the returned function is not called. */
  follow(following: Following): () => void {
    const id = this.nextFollowId++;
    this.follows.set(id, following);
    this.changed();
    return () => {
      this.follows.delete(id);
      this.changed();
    };
  }

  /** Receives the user's notices while the returned function is not called. */
  watchNotices(): () => void {
    this.noticeViews += 1;
    this.changed();
    return () => {
      this.noticeViews -= 1;
      this.changed();
    };
  }

  /** Every event this tab receives: bids, reloads and notices. */
  listen(listener: (data: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The newest notices event this tab received, or null before the first (for useSyncExternalStore). */
  readonly notices = {
    get: (): unknown => this.lastNotices,
    subscribe: (listener: () => void) => {
      this.noticeListeners.add(listener);
      return () => this.noticeListeners.delete(listener);
    },
    /** Shows a change this tab made itself (notices marked read) before the stream confirms it. */
    replace: (data: unknown) => {
      this.lastNotices = data;
      for (const listener of this.noticeListeners) listener();
    },
  };

  /** Forgets where the stream stood (someone signed in or out): the next stream starts afresh. */
  reset(): void {
    this.lastEventId = null;
    this.lastNotices = null;
    if (this.stream) {
      this.stream.close();
      this.stream = null;
      this.scheduleReopen();
    }
  }

  /** Whether this tab holds the browser's stream (tests and the curious). */
  get isLeader(): boolean {
    return this.leading;
  }

  private get ownFollowing(): Following {
    return union(this.follows.values(), this.options.maxFollowed);
  }

  /** This tab's needs changed: take part or stop, and tell the leader. */
  private changed() {
    const needed = this.follows.size > 0 || this.noticeViews > 0;
    if (needed && !this.taking) this.join();
    else if (!needed && this.taking) this.leave();
    if (!needed) return;
    if (this.leading) this.scheduleReopen();
    else this.tellInterest();
  }

  private tellInterest() {
    if (this.present) this.post({ type: 'interest', tabId: this.tabId, following: this.ownFollowing });
  }

  private join() {
    const stop = new AbortController();
    const held = new Promise<void>((resolve) => (this.taking = { stop, release: resolve }));
    if (!this.channel || !this.locks) {
      // Nobody to share with: this tab's own stream.
      this.lead();
      return;
    }
    this.locks
      .request(TAB_LOCK + this.tabId, { signal: stop.signal }, () => {
        if (this.taking?.stop !== stop) return Promise.resolve();
        this.present = true;
        if (!this.leading) this.tellInterest();
        return held;
      })
      .catch(() => {});
    this.locks
      .request(LEADER_LOCK, { signal: stop.signal }, async () => {
        if (!this.taking || this.taking.stop !== stop) return;
        this.lead();
        await held;
      })
      .catch(() => {});
  }

  private leave() {
    const taking = this.taking!;
    this.taking = null;
    this.present = false;
    taking.stop.abort();
    taking.release();
    if (this.leading) {
      this.leading = false;
      this.peers.clear();
      this.closeStream();
    } else {
      this.post({ type: 'bye', tabId: this.tabId });
    }
  }

  private lead() {
    this.leading = true;
    this.peers.clear();
    // The tabs say again what they follow; the stream opens once they have (or at once, alone).
    this.post({ type: 'hello' });
    this.scheduleReopen();
  }

  private received(message: Message) {
    switch (message.type) {
      case 'interest':
        if (!this.leading) return;
        if (!this.peers.has(message.tabId) && this.lastNotices !== null) this.post({ type: 'event', data: this.lastNotices });
        this.peers.set(message.tabId, message.following);
        this.scheduleReopen();
        return;
      case 'bye':
        if (this.leading && this.peers.delete(message.tabId)) this.scheduleReopen();
        return;
      case 'hello':
        if (this.taking && !this.leading) this.tellInterest();
        return;
      case 'event':
        if (this.leading) return;
        // Kept by every tab: the one that leads next resumes after the last event the browser saw.
        if (message.id) this.lastEventId = message.id;
        this.deliver(message.data);
        return;
    }
  }

  private deliver(data: unknown) {
    if (typeof data === 'object' && data !== null && 'notices' in data) this.notices.replace(data);
    for (const listener of this.listeners) listener(data);
  }

  private post(message: Message) {
    this.channel?.postMessage(message);
  }

  private scheduleReopen(delayMs = REOPEN_AFTER_MS) {
    if (this.reopenTimer !== null) clearTimeout(this.reopenTimer);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      void this.reopen();
    }, delayMs);
  }

  /** Tabs whose own lock is no longer held are gone: what only they showed is no longer followed. */
  private async dropGoneTabs() {
    if (!this.locks || this.peers.size === 0) return;
    const held = new Set((await this.locks.query()).held?.map((lock) => lock.name) ?? []);
    for (const tabId of this.peers.keys()) if (!held.has(TAB_LOCK + tabId)) this.peers.delete(tabId);
  }

  private async reopen() {
    if (!this.leading) return;
    await this.dropGoneTabs();
    if (!this.leading) return;
    const following = union([this.ownFollowing, ...this.peers.values()], this.options.maxFollowed);
    const key = keyOf(following);
    if (this.stream?.key === key) return;
    // The new stream opens before the old one closes, resuming after the last event: nothing falls between.
    // A stream opened afresh says where it starts with its first event; one opened before that would
    // start afresh too, after whatever the first delivered meanwhile, which no tab would then see.
    const previous = this.stream;
    this.reopenAfterFirstEvent = previous !== null && this.lastEventId === null;
    if (this.reopenAfterFirstEvent) return;
    this.stream = { key, close: this.open(following, key) };
    previous?.close();
  }

  private open(following: Following, key: string): () => void {
    const current = () => this.stream?.key === key;
    return this.options.connect(
      { auctionIds: [...following.auctionIds], everyAuction: following.everyAuction, lastEventId: this.lastEventId },
      {
        onStarted: () => {
          if (current()) this.retryMs = 0;
        },
        onData: ({ id, data }) => {
          if (!current()) return;
          if (id) this.lastEventId = id;
          this.deliver(data);
          this.post({ type: 'event', id, data });
          if (id && this.reopenAfterFirstEvent) {
            this.reopenAfterFirstEvent = false;
            this.scheduleReopen(0);
          }
        },
        onError: () => {
          if (!current()) return;
          this.stream = null;
          // Refused while still signed in (too many streams) or cut: again later, each time a little later.
          this.retryMs = Math.min(RETRY_MS.last, this.retryMs === 0 ? RETRY_MS.first : this.retryMs * 2);
          const retryMs = this.retryMs;
          void this.options.stillSignedIn().then(
            (signedIn) => signedIn && this.scheduleReopen(retryMs),
            () => this.scheduleReopen(retryMs),
          );
        },
        onComplete: () => {
          // Ended for good by the server (the session ended): the next request finds out, and says so.
          if (current()) this.stream = null;
        },
      },
    );
  }

  private closeStream() {
    if (this.reopenTimer !== null) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    this.stream?.close();
    this.stream = null;
  }

  /** Stops everything (tests). */
  close(): void {
    if (this.taking) this.leave();
    this.closeStream();
    this.channel?.close();
    this.follows.clear();
    this.noticeViews = 0;
  }
}
