// The notice bus: one channel per user, changes that come faster than a stream reads folded into one,
// and every subscription ended by its signal or by the bus closing.
import { describe, expect, test } from 'vitest';
import { createNoticeBus } from '../../src/server/live/notice-bus';

const settled = () => new Promise((resolve) => setImmediate(resolve));

/** Whether the pending next() has settled by now. */
async function hasSettled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await settled();
  return done;
}

describe('notice bus', () => {
  test("wakes the streams of the users named, every tab of theirs, and no one else's", async () => {
    const bus = createNoticeBus();
    const annTab1 = bus.subscribe(1)[Symbol.asyncIterator]();
    const annTab2 = bus.subscribe(1)[Symbol.asyncIterator]();
    const ben = bus.subscribe(2)[Symbol.asyncIterator]();
    const [a1, a2, b] = [annTab1.next(), annTab2.next(), ben.next()];
    await settled();
    bus.publish([1, 3]);
    expect(await hasSettled(a1)).toBe(true);
    expect(await hasSettled(a2)).toBe(true);
    expect(await hasSettled(b)).toBe(false);
    await bus.close();
    expect((await b).done).toBe(true);
  });

  test('changes published while a stream is busy fold into one wake-up', async () => {
    const bus = createNoticeBus();
    const stream = bus.subscribe(1)[Symbol.asyncIterator]();
    const first = stream.next();
    await settled();
    bus.publish([1]);
    expect((await first).done).toBe(false);
    // The stream is reading; three more changes meanwhile.
    bus.publish([1]);
    bus.publish([1, 1]);
    expect((await stream.next()).done).toBe(false);
    expect(await hasSettled(stream.next())).toBe(false);
    await bus.close();
  });

  test('ends when its signal aborts, and a new subscription after close ends at once', async () => {
    const bus = createNoticeBus();
    const leave = new AbortController();
    const stream = bus.subscribe(1, leave.signal)[Symbol.asyncIterator]();
    const next = stream.next();
    await settled();
    leave.abort();
    expect((await next).done).toBe(true);
    await bus.close();
    expect((await bus.subscribe(1)[Symbol.asyncIterator]().next()).done).toBe(true);
  });
});
