// The turns of whole lists (src/server/rest/whole-lists.ts): a few at once, a short line served first
// come first served, a refusal for whoever waits too long or finds the line full, and the encoding a
// client is sent its list in.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { AppError } from '../../src/server/domain/errors';
import { WholeListGate, wholeListEncoding } from '../../src/server/rest/whole-lists';

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

const limits = { producing: 2, waiting: 2, waitMs: 1_000, stallMs: 10_000 };
const open = () => new AbortController().signal;

/** A request's turn as it stands: taken (with the function that gives it back), refused, or waiting. */
function ask(gate: WholeListGate, signal = open()) {
  const state: { release?: () => void; refused?: unknown } = {};
  gate.enter(signal).then(
    (release) => (state.release = release),
    (error: unknown) => (state.refused = error),
  );
  return state;
}

describe('the turns of whole lists', () => {
  test('a few at once; the next ones wait in line, first come first served; one more than the line is refused at once', async () => {
    const gate = new WholeListGate(limits);
    const [a, b, c, d, e] = Array.from({ length: 5 }, () => ask(gate));
    await vi.advanceTimersByTimeAsync(0);
    expect([a, b, c, d].map((s) => s!.release !== undefined)).toEqual([true, true, false, false]);
    expect(e!.refused).toBeInstanceOf(AppError);
    expect(e!.refused).toMatchObject({ kind: 'unavailable', details: { retryAfterSeconds: 5 } });

    a!.release!();
    // Given back twice, a turn counts once.
    a!.release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(c!.release).toBeDefined();
    expect(d!.release).toBeUndefined();
    b!.release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(d!.release).toBeDefined();
    c!.release!();
    d!.release!();
    // All given back: two at once again.
    const [f, g, h] = Array.from({ length: 3 }, () => ask(gate));
    await vi.advanceTimersByTimeAsync(0);
    expect([f, g, h].map((s) => s!.release !== undefined)).toEqual([true, true, false]);
  });

  test('who waits longer than waitMs is refused, and who leaves the line frees its place', async () => {
    const gate = new WholeListGate(limits);
    ask(gate);
    ask(gate);
    const leaving = new AbortController();
    const left = ask(gate, leaving.signal);
    const patient = ask(gate);
    await vi.advanceTimersByTimeAsync(0);
    leaving.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(left.refused).toBeInstanceOf(AppError);
    // Its place is free: another may join the line.
    const joined = ask(gate);
    await vi.advanceTimersByTimeAsync(0);
    expect(joined.refused).toBeUndefined();
    await vi.advanceTimersByTimeAsync(limits.waitMs);
    expect(patient.refused).toBeInstanceOf(AppError);
    expect(joined.refused).toBeInstanceOf(AppError);
  });
});

describe('the encoding of a whole list', () => {
  test('Brotli or gzip as the client prefers them, Brotli of equals; as it is when it takes neither', () => {
    expect(wholeListEncoding('gzip, deflate, br')).toBe('br');
    expect(wholeListEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(wholeListEncoding('br;q=0, gzip')).toBe('gzip');
    expect(wholeListEncoding('x-gzip')).toBe('gzip');
    expect(wholeListEncoding('*')).toBe('br');
    expect(wholeListEncoding('*;q=0, gzip')).toBe('gzip');
    expect(wholeListEncoding('deflate')).toBe('identity');
    expect(wholeListEncoding('identity')).toBe('identity');
    expect(wholeListEncoding('')).toBe('identity');
    expect(wholeListEncoding(undefined)).toBe('identity');
    expect(wholeListEncoding('BR')).toBe('br');
  });
});
