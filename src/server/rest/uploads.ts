// Multipart uploads through REST: the account's upload place taken before the body is read, and the
// body rebuilt as the FormData the procedures take, within the form's limits.
import type { FastifyRequest } from 'fastify';
import { badRequest, tooLarge } from '../domain/errors';
import { photoTooLarge } from '../services/photos';
import type { Context } from '../trpc/context';
import { PHOTO_MAX_BYTES } from '../../shared/photos';

export interface FormLimits {
  /** Text fields the form may have. */
  fields: number;
  /** What a person is told when the form carries more than its one file. */
  oneFile: string;
}

/**
 * Runs an upload holding one of its account's places (services/photo-work.ts), taken before a byte of
 * the body is read; the procedure it calls sees the place taken and takes no second one.
 */
export async function holdingUploadPlace<T>(ctx: Context, user: { id: number }, work: () => Promise<T>): Promise<T> {
  return ctx.deps.photos.uploads.hold(user.id, async () => {
    ctx.uploadPlaceHeld = true;
    try {
      return await work();
    } finally {
      ctx.uploadPlaceHeld = false;
    }
  });
}

/**
 * The multipart request as FormData, with at most one file of at most PHOTO_MAX_BYTES. Reading stops
 * at the first part past a limit; whatever of the body is left is then read and thrown away after the
 * answer (plugins/body.ts), so the connection carries its next request at once.
 */
export async function readForm(req: FastifyRequest, limits: FormLimits): Promise<FormData> {
  const form = new FormData();
  const tooManyFields = () => tooLarge(`Too many form fields: at most ${limits.fields} are read.`);
  let fields = 0;
  try {
    // The fields are counted here, one past the limit read: at the parser's own limit, a file that
    // follows is cut short before the limit is reported, and the form would read as malformed (400).
    for await (const part of req.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: limits.fields + 1 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        form.append(part.fieldname, new File([new Uint8Array(bytes)], part.filename, { type: part.mimetype }));
      } else {
        fields += 1;
        if (fields > limits.fields) break;
        form.append(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    if (code === 'FST_FILES_LIMIT') throw tooLarge(limits.oneFile);
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw tooManyFields();
    // The parser's other 4xx as they are; anything else it throws means a body that is not
    // well-formed multipart (cut short, closed early), which is bad input, not a 500.
    const status = (error as { statusCode?: unknown }).statusCode;
    if (typeof status === 'number' && status >= 400 && status < 500) throw error;
    throw badRequest('The form data could not be read.');
  }
  if (fields > limits.fields) throw tooManyFields();
  return form;
}
