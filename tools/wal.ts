// The frames of a SQLite write-ahead log, read from the file itself (sqlite.org/fileformat.html, "WAL
// file format"): which page each frame holds, and whether it ends a commit. The benchmark counts a
// commit's pages with it (scripts/bench/wal-pages.ts), the tests the commits a group made.
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

/** Every frame of the log beside the SQLite file at `databasePath`, oldest first; none when it is empty. */
export function walFrames(databasePath: string): WalFrame[] {
  const log = readFileSync(`${databasePath}-wal`);
  if (log.length < WAL_HEADER_BYTES) return [];
  const pageSize = log.readUInt32BE(8);
  const frames: WalFrame[] = [];
  for (let at = WAL_HEADER_BYTES; at + FRAME_HEADER_BYTES <= log.length; at += FRAME_HEADER_BYTES + pageSize)
    frames.push({ page: log.readUInt32BE(at), commit: log.readUInt32BE(at + 4) !== 0 });
  return frames;
}
