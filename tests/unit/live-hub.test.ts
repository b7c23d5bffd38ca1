// The tabs of one browser sharing one live stream (src/client/lib/live/live-hub.ts), here with the
// browser's lock manager and channel played in memory: a real browser cannot be made to deliver a
// lock late on purpose, and that timing is what the second test is about. The end-to-end file
// tests/e2e/live-tabs.test.ts runs the same hub in Chromium.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LiveHub,
  type BroadcastChannelLike,
  type Connect,
  type LockManagerLike,
  type StreamHandlers,
  type StreamInput,
} from '../../src/client/lib/live/live-hub';

/** One browser: its lock manager and its channel, shared by the tabs made with tab(). */
class Browser {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();
  private readonly members = new Map<string, { deliver(message: unknown): void }>();
  /** How long the lock manager takes to hear of a request for a lock of this name. */
  lockDelayMs: (name: string) => number = () => 0;
  readonly streams: Array<{ input: StreamInput; handlers: StreamHandlers; closed: boolean }> = [];
  /** The newest bid's id: where a stream opened afresh starts, as the server's does. */
  newestBid = '10';
  /** Whether a stream's first event (the user's notices, carrying where it starts) waits to be sent by the test. */
  holdFirstEvents = false;

  readonly locks: LockManagerLike = {
    request: (name, { signal }, callback) =>
      new Promise((resolve, reject) => {
        const grant = () => {
          if (signal?.aborted) return reject(signal.reason as Error);
          this.held.add(name);
          void callback().then(() => {
            this.held.delete(name);
            this.waiting.get(name)?.shift()?.();
            resolve(undefined);
          });
        };
        setTimeout(() => {
          if (this.held.has(name)) this.waiting.set(name, [...(this.waiting.get(name) ?? []), grant]);
          else grant();
        }, this.lockDelayMs(name));
      }),
    query: () => Promise.resolve({ held: [...this.held.keys()].map((name) => ({ name })) }),
  };

  readonly connect: Connect = (input, handlers) => {
    const stream = { input, handlers, closed: false };
    this.streams.push(stream);
    setTimeout(() => {
      handlers.onStarted();
      if (this.holdFirstEvents) return;
      handlers.onData({ id: input.lastEventId ?? this.newestBid, data: { notices: { unread: 0, newest: null } } });
    }, 0);
    return () => (stream.closed = true);
  };

  tab(): LiveHub {
    const listeners = new Set<(event: MessageEvent) => void>();
    const member = {
      deliver: (data: unknown) => {
        for (const listener of listeners) listener({ data } as MessageEvent);
      },
    };
    const channel: BroadcastChannelLike = {
      postMessage: (message) => {
        for (const other of this.members.values()) if (other !== member) setTimeout(() => other.deliver(message), 0);
      },
      addEventListener: (_type, listener) => listeners.add(listener),
      close: () => this.members.delete(hub.tabId),
    };
    const hub = new LiveHub({
      connect: this.connect,
      maxFollowed: 50,
      stillSignedIn: () => Promise.resolve(true),
      channel,
      locks: this.locks,
    });
    this.members.set(hub.tabId, member);
    return hub;
  }

  /** A tab for each auction, opened one after the other, each following its auction; the first leads. */
  async openTabs(...auctionIds: string[]): Promise<Array<{ hub: LiveHub; stop: () => void }>> {
    const tabs = [];
    for (const auctionId of auctionIds) {
      const hub = this.tab();
      tabs.push({ hub, stop: hub.follow(following(auctionId)) });
      await pass();
    }
    return tabs;
  }

  /** The streams still open. */
  get open() {
    return this.streams.filter((stream) => !stream.closed);
  }

  /** A tab that ends without a word (crashed, killed): its lock is let go, it hears and says nothing more. */
  crash(hub: LiveHub) {
    this.held.delete(`open-auction-live-tab:${hub.tabId}`);
    this.members.delete(hub.tabId);
  }
}

const following = (...auctionIds: string[]) => ({ auctionIds, everyAuction: false });

/** Lets every timer and message of the next `ms` run. */
const pass = (ms = 200) => vi.advanceTimersByTimeAsync(ms);

describe('tabs sharing one live stream', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('one stream follows what every tab shows, and each event reaches every tab', async () => {
    const browser = new Browser();
    const [first, second] = (await browser.openTabs('1', '2')).map((tab) => tab.hub);

    expect(first!.isLeader).toBe(true);
    expect(browser.open).toHaveLength(1);
    expect(browser.open[0]!.input.auctionIds).toEqual(['1', '2']);

    const heard: unknown[] = [];
    second!.listen((data) => heard.push(data));
    browser.open[0]!.handlers.onData({ id: '7', data: { bid: { auctionId: '2' } } });
    await pass();
    expect(heard).toEqual([{ bid: { auctionId: '2' } }]);
  });

  it('a tab whose own lock the browser grants late is still followed', async () => {
    const browser = new Browser();
    const leader = browser.tab();
    leader.follow(following('1'));
    await pass();
    // The second tab's own lock reaches the lock manager after its message reaches the leader.
    const late = browser.tab();
    browser.lockDelayMs = (name) => (name.endsWith(late.tabId) ? 100 : 0);
    late.follow(following('2'));
    await pass(500);

    expect(browser.open).toHaveLength(1);
    expect(browser.open[0]!.input.auctionIds).toEqual(['1', '2']);
  });

  it('a tab that joins before the stream has said where it starts is followed from there, not afresh', async () => {
    const browser = new Browser();
    browser.holdFirstEvents = true;
    const first = browser.tab();
    first.follow(following('1'));
    await pass();
    expect(browser.open[0]!.input.lastEventId).toBeNull();
    // Bids reach the first stream before its first event; a stream opened afresh now would skip them.
    await browser.openTabs('2');
    expect(browser.open.map((stream) => stream.input.auctionIds)).toEqual([['1']]);

    browser.open[0]!.handlers.onData({ id: '50', data: { notices: { unread: 0, newest: null } } });
    await pass();
    expect(browser.open).toHaveLength(1);
    expect(browser.open[0]!.input).toEqual({ auctionIds: ['1', '2'], everyAuction: false, lastEventId: '50' });
  });

  it('what only a tab that vanished showed stops being followed when the stream next opens', async () => {
    const browser = new Browser();
    const [, gone] = await browser.openTabs('1', '2');
    expect(browser.open[0]!.input.auctionIds).toEqual(['1', '2']);

    browser.crash(gone!.hub);
    await browser.openTabs('3');
    expect(browser.open).toHaveLength(1);
    expect(browser.open[0]!.input.auctionIds).toEqual(['1', '3']);
  });

  it('when the leading tab closes, another opens the stream again after the last event the browser saw', async () => {
    const browser = new Browser();
    const [leader, other] = await browser.openTabs('1', '2');
    browser.open[0]!.handlers.onData({ id: '41', data: { bid: { auctionId: '2' } } });
    await pass();

    leader!.stop();
    await pass();
    expect(leader!.hub.isLeader).toBe(false);
    expect(other!.hub.isLeader).toBe(true);
    expect(browser.open).toHaveLength(1);
    expect(browser.open[0]!.input).toEqual({ auctionIds: ['2'], everyAuction: false, lastEventId: '41' });
  });
});
