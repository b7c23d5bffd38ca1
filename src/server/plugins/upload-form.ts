// A multipart upload read part by part, through either door: its text fields kept (a few kilobytes
// each at most), each file streamed to a file of its own on disk and handed on as a File that reads
// from there. A create with eight 5 MB photos then holds kilobytes while its body arrives, and one photo
// at a time while it is checked and decoded (services/auctions.ts), never its whole body; the files
// are removed when the request ends, whatever its answer.
import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { PHOTOS_MAX, TOO_MANY_PHOTOS } from '../../shared/listing';
import { ONE_AVATAR_PHOTO, PHOTO_MAX_BYTES, UPLOAD_TOO_LARGE } from '../../shared/photos';
import { AppError, badRequest, invalid, tooLarge } from '../domain/errors';
import { photoTooLarge } from '../services/photos';

export interface FormLimits {
  /** Text fields the form may have. */
  fields: number;
  /** Files the form may have. */
  files: number;
  /** The refusal of one file more. */
  tooManyFiles: () => AppError;
}

/** The create form: its text fields and 1 to 8 photos; a 9th is refused where a person looks for it, at the photos. */
export const AUCTION_FORM: FormLimits = {
  fields: 20,
  files: PHOTOS_MAX,
  tooManyFiles: () => invalid([{ path: 'itemPhoto', message: TOO_MANY_PHOTOS }]),
};

/** The avatar form: the photo as `avatar`, and room for a few fields a client may add (ignored). */
export const AVATAR_FORM: FormLimits = { fields: 5, files: 1, tooManyFiles: () => tooLarge(ONE_AVATAR_PHOTO) };

/**
 * The longest text field read. Far above any field's own rule (a description of 5,000 characters is at
 * most 15 kB of UTF-8), so that the field's schema still says what is wrong with a long one; past it,
 * the form is refused rather than held in memory.
 */
export const FIELD_MAX_BYTES = 64 * 1024;

/**
 * The body of one request as FormData. Reading stops at the first part past a limit; whatever of the
 * body is left is then read and thrown away after the answer (plugins/body.ts), so the connection
 * carries its next request at once. `dispose` removes the files, and must follow every `read`.
 */
export class UploadForm {
  private readonly paths: string[] = [];
  private folderMade = false;

  constructor(
    private readonly req: FastifyRequest,
    private readonly spoolDir: string,
    private readonly limits: FormLimits,
  ) {}

  async read(): Promise<FormData> {
    const { limits } = this;
    const form = new FormData();
    let fields = 0;
    try {
      // The fields are counted here, one past the limit read: at the parser's own limit, a file that
      // follows is cut short before the limit is reported, and the form would read as malformed (400).
      const parts = this.req.parts({
        limits: { fileSize: PHOTO_MAX_BYTES, files: limits.files, fields: limits.fields + 1, fieldSize: FIELD_MAX_BYTES },
      });
      let cutOff = false;
      for await (const part of parts) {
        if (part.type === 'file') {
          const file = await this.spool(part);
          if (file) form.append(part.fieldname, file);
          else cutOff = true;
          continue;
        }
        fields += 1;
        if (fields > limits.fields) throw tooManyFields(limits);
        // The parser cuts a longer field short and says so: refused, not read on as a shorter value.
        if (part.valueTruncated) throw tooLarge(UPLOAD_TOO_LARGE);
        form.append(part.fieldname, String(part.value));
      }
      // The parser ends its parts quietly when the client goes away: a form cut off is no form, and
      // must not become an auction with fewer photos than were sent.
      const { raw } = this.req;
      if (cutOff || (raw.destroyed && !raw.complete)) throw badRequest(UNREADABLE);
    } catch (error) {
      await this.dispose();
      throw refusalOf(error, limits);
    }
    return form;
  }

  /** Removes the files of the form; the Files handed out can no longer be read. */
  async dispose(): Promise<void> {
    await Promise.all(this.paths.splice(0).map((path) => rm(path, { force: true })));
  }

  /**
   * The file part written to disk as it arrives, and a File that reads it from there; null when the
   * parser dropped the part (its error comes next from the parts, or the client went away).
   */
  private async spool(part: MultipartFile): Promise<File | null> {
    if (!this.folderMade) {
      // The uploads wait here with their metadata (a GPS position, say) not yet stripped: this
      // server's alone to read, not every user's of a shared temporary folder.
      await mkdir(this.spoolDir, { recursive: true, mode: 0o700 });
      this.folderMade = true;
    }
    // A dropped part is destroyed without ending; had the parser read it to its end before, a pipe
    // would wait for that end forever.
    const { file } = part;
    if (file.destroyed) return null;
    const path = join(this.spoolDir, randomUUID());
    this.paths.push(path);
    // At the size limit the parser would go on reading the part to its end, throwing it away: the
    // refusal is answered at once instead, and the rest of the body is thrown away after it.
    const stop = new AbortController();
    let tooLong = false;
    file.once('limit', () => {
      tooLong = true;
      stop.abort();
    });
    file.once('close', () => {
      if (!file.readableEnded) stop.abort();
    });
    try {
      await pipeline(file, createWriteStream(path, { flags: 'wx', mode: 0o600 }), { signal: stop.signal });
    } catch (error) {
      if (tooLong) throw photoTooLarge();
      if (stop.signal.aborted) return null;
      throw error;
    }
    return new File([await openAsBlob(path)], part.filename, { type: part.mimetype });
  }
}

/** Reads the form, runs `work` on it, and removes its files once the work is done, or refused. */
export async function withUploadForm<T>(
  req: FastifyRequest,
  spoolDir: string,
  limits: FormLimits,
  work: (form: FormData) => Promise<T>,
): Promise<T> {
  const upload = new UploadForm(req, spoolDir, limits);
  try {
    return await work(await upload.read());
  } finally {
    await upload.dispose();
  }
}

const UNREADABLE = 'The form data could not be read.';
const tooManyFields = (limits: FormLimits) => tooLarge(`Too many form fields: at most ${limits.fields} are read.`);

/** What the parser threw, as the refusal a person reads. */
function refusalOf(error: unknown, limits: FormLimits): unknown {
  // Ours, or the disk's (full, say): the latter is the server's failure, not the client's.
  if (error instanceof AppError || (error as { syscall?: unknown }).syscall !== undefined) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (code === 'FST_FILES_LIMIT') return limits.tooManyFiles();
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') return tooManyFields(limits);
  // The parser's other 4xx as they are; anything else it throws means a body that is not
  // well-formed multipart (cut short, closed early), which is bad input, not a 500.
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return error;
  return badRequest(UNREADABLE);
}
