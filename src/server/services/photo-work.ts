// How much photo work the server takes on at once. Decoding a photo costs seconds of CPU and tens of
// megabytes for a few kilobytes of upload, so decodes run a bounded number at a time behind a bounded
// queue, and one account has at most a few uploads in progress: however many arrive, the server
// keeps a core and its memory for everyone else, and tells the excess when to come back.
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError, tooManyRequests } from '../domain/errors';

/**
 * Photos decoded at once, in this process. One: a decode takes one of the machine's two cores (sharp
 * runs each image on one thread, PHOTO_THREADS in photos.ts), and the other stays free for requests
 * and the database. Photos are rare next to bids and page reads; they wait for each other instead.
 */
export const DECODE_CONCURRENCY = 1;

/**
 * Photos that may wait for their turn; one more is refused with 503. Each waiting photo holds its
 * bytes (up to 5 MiB), and the last in line waits for every photo before it (a few seconds each at
 * worst), so the line is short.
 */
export const DECODE_QUEUE_MAX = 10;

/** Uploads one account may have in progress at once (its body being read, waiting or decoded); one more is 429. */
export const UPLOADS_PER_ACCOUNT = 2;

/** What a refused upload is told to wait: about the time a full line takes to move on. */
const BUSY_RETRY_MS = 10_000;
/** An upload in progress is done within seconds. */
const UPLOADS_RETRY_MS = 5_000;

export const PHOTOS_BUSY = 'Many photos are being processed right now. Please try again in a few seconds.';
export const TOO_MANY_UPLOADS = `You already have ${UPLOADS_PER_ACCOUNT} photo uploads in progress. Please wait for them to finish, then try again.`;

export interface DecodeStats {
  /** Decodes running now. */
  running: number;
  /** Photos waiting for their turn now. */
  waiting: number;
  /** The most decodes that ever ran at once. */
  peakRunning: number;
  /** Decodes started since the queue was made. */
  started: number;
  /** Photos refused because the line was full. */
  refused: number;
}

/** Runs decodes at most `concurrency` at a time, first come first served, with at most `maxWaiting` in line. */
export class DecodeQueue {
  private readonly line: Array<() => void> = [];
  private readonly counts = { running: 0, peakRunning: 0, started: 0, refused: 0 };

  constructor(
    private readonly concurrency = DECODE_CONCURRENCY,
    private readonly maxWaiting = DECODE_QUEUE_MAX,
  ) {}

  /** Runs `task` when its turn comes; refuses at once (503, with Retry-After) when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.counts.running >= this.concurrency) {
      if (this.line.length >= this.maxWaiting) {
        this.counts.refused += 1;
        throw new AppError('unavailable', PHOTOS_BUSY, { retryAfterSeconds: BUSY_RETRY_MS / 1000 });
      }
      // The place is handed over by the task that finishes (startNext), never given up in between.
      await new Promise<void>((start) => this.line.push(start));
    } else {
      this.counts.running += 1;
    }
    this.counts.started += 1;
    this.counts.peakRunning = Math.max(this.counts.peakRunning, this.counts.running);
    try {
      return await task();
    } finally {
      this.startNext();
    }
  }

  stats(): DecodeStats {
    return { ...this.counts, waiting: this.line.length };
  }

  private startNext(): void {
    const next = this.line.shift();
    if (next) next();
    else this.counts.running -= 1;
  }
}

/** The uploads each account has in progress. */
export class UploadPlaces {
  private readonly inProgress = new Map<number, number>();

  /** Takes a place for one more upload of this account, or refuses (429, with Retry-After); returns its release. */
  take(userId: number): () => void {
    const held = this.inProgress.get(userId) ?? 0;
    if (held >= UPLOADS_PER_ACCOUNT) throw tooManyRequests(TOO_MANY_UPLOADS, UPLOADS_RETRY_MS);
    this.inProgress.set(userId, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.inProgress.get(userId) ?? 1) - 1;
      if (left > 0) this.inProgress.set(userId, left);
      else this.inProgress.delete(userId);
    };
  }

  /** Runs `work` holding one of the account's places. */
  async hold<T>(userId: number, work: () => Promise<T>): Promise<T> {
    const release = this.take(userId);
    try {
      return await work();
    } finally {
      release();
    }
  }
}

/** The photo work of one server process. */
export interface PhotoWork {
  decoding: DecodeQueue;
  uploads: UploadPlaces;
  /**
   * Where the files of an upload wait while its request is served (plugins/upload-form.ts): a folder of
   * this process's own in the system's temporary folder, made at the first upload and removed at close.
   * Not under UPLOAD_DIR: what is there is served to everyone, and an upload is not re-encoded yet (its
   * GPS position, its author); and instances sharing UPLOAD_DIR would see each other's. A file is
   * removed when its request ends, whatever the answer; what a killed process leaves, the system's
   * cleaning of its temporary folder takes (TMPDIR chooses another, on a disk rather than in memory).
   */
  spoolDir: string;
}

export function createPhotoWork(spoolDir = join(tmpdir(), `auction-forms-${process.pid}-${randomUUID().slice(0, 8)}`)): PhotoWork {
  return { decoding: new DecodeQueue(), uploads: new UploadPlaces(), spoolDir };
}
