// Password hashing with scrypt (memory-hard, salted per user). Format: scrypt$N$r$p$salt$hash, base64url.
//
// Each hash takes tens of milliseconds of a CPU core, so hashing runs through one queue: a few at a
// time, taking turns between client addresses. A flood of logins from one address then waits behind
// itself, and anyone else's login waits for at most the hashes already running.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const KEY_LENGTH = 64;
const PARAMS = { N: 16384, r: 8, p: 1 } as const;

/** Hashes computed at once: the machine's two cores, with room for the rest of the server. */
export const HASHING_CONCURRENCY = 2;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Runs tasks at most `concurrency` at a time. Waiting tasks are grouped by key (a client address)
 * and served round-robin, one per key in turn, so no key can hold the others back.
 */
export class FairQueue {
  private readonly waiting = new Map<string, Array<() => void>>();
  private running = 0;

  constructor(private readonly concurrency: number) {}

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      await new Promise<void>((start) => {
        const queue = this.waiting.get(key);
        if (queue) queue.push(start);
        else this.waiting.set(key, [start]);
      });
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.startNext();
    }
  }

  /** Hands the finished task's place to the next key in turn (the place is never given up in between). */
  private startNext(): void {
    const next = this.waiting.entries().next();
    if (next.done) {
      this.running -= 1;
      return;
    }
    const [key, queue] = next.value;
    const start = queue.shift()!;
    // The key goes to the back of the line: re-inserting a Map key moves it to the end of the order.
    this.waiting.delete(key);
    if (queue.length > 0) this.waiting.set(key, queue);
    start();
  }
}

export interface PasswordHasher {
  hash(password: string, clientKey: string): Promise<string>;
  verify(password: string, stored: string, clientKey: string): Promise<boolean>;
  /** Spends the time a real check would, so an unknown email answers as slowly as a wrong password. */
  burn(password: string, clientKey: string): Promise<void>;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [algorithm, n, r, p, salt, hash] = stored.split('$');
  if (algorithm !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** The server's hasher: every hash of a request goes through one fair queue. */
export function createPasswordHasher(concurrency = HASHING_CONCURRENCY): PasswordHasher {
  const queue = new FairQueue(concurrency);
  return {
    hash: (password, clientKey) => queue.run(clientKey, () => hashPassword(password)),
    verify: (password, stored, clientKey) => queue.run(clientKey, () => verifyPassword(password, stored)),
    async burn(password, clientKey) {
      dummyHash ??= hashPassword('not-a-real-password');
      const stored = await dummyHash;
      await queue.run(clientKey, () => verifyPassword(password, stored));
    },
  };
}
