// /trpc: the routers over HTTP (trpc/http.ts), with what is particular to this door: the body types
// it takes, the live streams' places, and the Retry-After of a refusal.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { NOT_SIGNED_IN_MESSAGE, TRPC_MAX_BATCH_SIZE } from '../../shared/constants';
import type { AppDeps } from '../deps';
import { AppError, unauthorized } from '../domain/errors';
import { errorBody } from '../rest/errors';
import { createRequestContext } from '../trpc/context';
import { retryAfterOf, toTRPCError, unavailableOr } from '../trpc/errors';
import { discardRestOfBody, hasBody, mediaType } from './body';
import { trpcHttp, type TrpcHttpOptions } from '../trpc/http';
import { appRouter } from '../trpc/router';
import { AUCTION_FORM, AVATAR_FORM, UploadForm, type FormLimits } from './upload-form';

/** The procedures that take an upload, and their forms' limits: the same as through REST. */
const UPLOAD_FORMS: Record<string, FormLimits> = { 'auction.create': AUCTION_FORM, 'user.setAvatar': AVATAR_FORM };

export interface TrpcOptions {
  deps: AppDeps;
  /** false answers every request through tRPC's resolveResponse (a test compares the two paths). */
  shortPath?: boolean;
}

export default async function trpc(app: FastifyInstance, { deps, shortPath }: TrpcOptions) {
  // JSON, and multipart for the photo upload. Refusing the other simple form types means a cross-site
  // HTML form cannot even deliver a body to a procedure (the Origin check is the first wall).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.method !== 'POST' || !hasBody(req)) return done();
    const type = mediaType(req);
    if (type === 'application/json' || type === 'multipart/form-data') return done();
    reply.code(415).send(errorBody('Content-Type must be application/json or multipart/form-data.'));
  });

  // An upload refused before its body was read to the end (too large, signed out, no place for it):
  // the rest is thrown away after the answer, so the connection can carry its next request.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (mediaType(req) === 'multipart/form-data') discardRestOfBody(req, reply);
    done(null, payload);
  });

  // @fastify/multipart's parser leaves a multipart body unread until the procedure asks for its input;
  // then it is read part by part, the files to disk (upload-form.ts), within the limits of the
  // procedure's form. A procedure that takes no upload has it refused unread (415).
  await app.register(multipart);
  await app.register(trpcHttp, {
    router: appRouter,
    createContext: (req, reply) => createRequestContext(deps, req, reply),
    multipartForm(req, path) {
      const limits = Object.hasOwn(UPLOAD_FORMS, path) ? UPLOAD_FORMS[path] : undefined;
      return limits && new UploadForm(req, deps.photos.spoolDir, limits);
    },
    shortPath,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    async openStream(ctx) {
      // Every stream needs a session: signed out is a 401, as on the REST stream, not an error event in a 200.
      if (!ctx.user) throw toTRPCError(unauthorized(NOT_SIGNED_IN_MESSAGE));
      try {
        return await deps.streams.open({ sessionId: ctx.user.sessionId, userId: ctx.user.id, address: ctx.client.ip });
      } catch (error) {
        throw error instanceof AppError ? toTRPCError(error) : unavailableOr(error);
      }
    },
    errorHeaders(errors): Record<string, string> {
      const seconds = errors.map(retryAfterOf).find((s) => s !== undefined);
      return seconds === undefined ? {} : { 'retry-after': String(seconds) };
    },
    onError(error, path) {
      if (error.code === 'INTERNAL_SERVER_ERROR') app.log.error({ err: error, path }, 'tRPC procedure failed');
    },
  } satisfies TrpcHttpOptions);
}
