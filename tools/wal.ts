// The frames of a SQLite write-ahead log, read from the file itself (sqlite.org/fileformat.html, "WAL
// file format"): which page each frame holds, and whether it ends a commit. The benchmark counts a
// commit's pages with it (scripts/bench/wal-pages.ts), the tests the commits a group made and who
// started the log over.
import { readFileSync } from 'node:fs';

/** The log's own header, and each frame's before its page. */
const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;

export interface WalFrame {
  /** The database page the frame holds. */
  page: number;
  /** Whether the frame is a commit's last: it then names the database's size in pages, otherwise 0. */
  commit: boolean;
}

export interface WalLog {
  /** How many times the log has started over from its beginning (the header's checkpoint sequence). */
  restarts: number;
  /** The frames of the log as it stands, oldest first; none when it is empty. */
  frames: WalFrame[];
}

/**
 * The log beside the SQLite file at `databasePath`. A log that started over writes its new frames
 * over the old ones, and leaves those past them in the file: a frame belongs to the log as it stands
 * while it carries the header's salts.
 */
export function walLog(databasePath: string): WalLog {
  const log = readFileSync(`${databasePath}-wal`);
  if (log.length < WAL_HEADER_BYTES) return { restarts: 0, frames: [] };
  const pageSize = log.readUInt32BE(8);
  const salts = log.subarray(16, 24);
  const frames: WalFrame[] = [];
  for (let at = WAL_HEADER_BYTES; at + FRAME_HEADER_BYTES <= log.length; at += FRAME_HEADER_BYTES + pageSize) {
    if (!log.subarray(at + 8, at + 16).equals(salts)) break;
    frames.push({ page: log.readUInt32BE(at), commit: log.readUInt32BE(at + 4) !== 0 });
  }
  return { restarts: log.readUInt32BE(12), frames };
}

/** Every frame of the log beside the SQLite file at `databasePath`, oldest first; none when it is empty. */
export const walFrames = (databasePath: string): WalFrame[] => walLog(databasePath).frames;
