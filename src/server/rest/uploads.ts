// Multipart uploads through REST: the account's upload place taken before the body is read, and the
// body read as the FormData the procedures take, within the form's limits (plugins/upload-form.ts).
import type { FastifyRequest } from 'fastify';
import { withUploadForm, type FormLimits } from '../plugins/upload-form';
import type { Context } from '../trpc/context';

/**
 * The signed-in caller's upload, holding one of its account's places (services/photo-work.ts), taken
 * before a byte of the body is read; the procedure `call` calls sees the place taken and takes no
 * second one. The form's files on disk are gone before the place is given back.
 */
export async function upload<T>(
  ctx: Context,
  user: { id: number },
  req: FastifyRequest,
  limits: FormLimits,
  call: (form: FormData) => Promise<T>,
): Promise<T> {
  return ctx.deps.photos.uploads.hold(user.id, async () => {
    ctx.uploadPlaceHeld = true;
    try {
      return await withUploadForm(req, ctx.deps.photos.spoolDir, limits, call);
    } finally {
      ctx.uploadPlaceHeld = false;
    }
  });
}
