// tRPC over HTTP on Fastify: /trpc/<path>.
//
// Plain JSON queries and mutations, the calls the app makes all day (a bid, an auction page), take a
// short path written here: parse the input, call the procedures, shape the answer as tRPC does.
// Subscriptions are streamed here too, as tRPC's SSE protocol has them, by the live streams' writer
// (live/event-stream.ts: one serialisation per event for every stream, no waiting on slow clients).
// Everything else (photo uploads, streaming batches, anything malformed) goes to tRPC's own
// resolveResponse. Why: resolveResponse works on Fetch Requests and Responses and combines
// AbortSignals for every call; on this machine that is about 200 µs a call against 20 µs for the
// procedure itself (docs/decisions/0001-own-trpc-http-path.md). tests/integration/trpc-http.test.ts
// sends the same requests down both paths and requires the same status, headers and body.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  callTRPCProcedure,
  getTRPCErrorFromUnknown,
  getTRPCErrorShape,
  isTrackedEnvelope,
  transformTRPCResponse,
  TRPCError,
  type AnyTRPCRouter,
  type TRPCProcedureType,
} from '@trpc/server';
import { getHTTPStatusCode, getHTTPStatusCodeFromError, resolveResponse } from '@trpc/server/http';
import { sendEventStream, type StreamEvent } from '../live/event-stream';
import type { StreamLease } from '../live/streams';
import type { Context } from './context';
import type { AppRouter } from './router';

export interface TrpcHttpOptions {
  router: AppRouter;
  createContext: (req: FastifyRequest, reply: FastifyReply) => Promise<Context>;
  /** Extra response headers for the errors of one request (a Retry-After, say). */
  errorHeaders?: (errors: TRPCError[]) => Record<string, string>;
  onError?: (error: TRPCError, path: string | undefined) => void;
  /**
   * The reader of a multipart body (a photo upload) to the procedure at `path`, or undefined when that
   * procedure takes none (its body is then refused unread). The body is read only when the procedure
   * asks for its input, so a signed-out upload is refused before a byte of it is read; the reader is
   * disposed of once the request is answered. The owner registers the multipart parser that leaves the
   * body unread until then (@fastify/multipart's).
   */
  multipartForm: (req: FastifyRequest, path: string) => MultipartForm | undefined;
  /** false sends every request through resolveResponse: for the test that compares the two paths. */
  shortPath?: boolean;
  /** The most calls one batched request may carry; more are refused with 400. */
  maxBatchSize: number;
  /**
   * Called before a subscription starts streaming: returns a lease whose signal ends the stream and
   * which is released when the stream ends, or throws to refuse the stream with its own status
   * (signed out, too many streams).
   */
  openStream: (ctx: Context) => Promise<StreamLease>;
}

/** A multipart body read on demand, and what it leaves (files on disk) removed after the answer. */
export interface MultipartForm {
  read(): Promise<FormData>;
  dispose(): Promise<void>;
}

type Call = { path: string; input: unknown };
type CallResult = { result: { data: unknown } } | { error: ReturnType<typeof getTRPCErrorShape> };

/** The request headers resolveResponse reads: the body's type and the answer format. */
const TRPC_HEADERS = ['content-type', 'accept', 'trpc-accept'] as const;

/** tRPC's SSE protocol: the first event, and the one that ends a stream for good (httpSubscriptionLink stops). */
const SSE_CONNECTED = 'event: connected\ndata: {}\n\n';
const SSE_RETURN = 'event: return\ndata: \n\n';

/** tRPC reads only the path and query of the URL; a fixed origin keeps a hostile Host header out of it. */
const URL_BASE = 'http://trpc.local';

const TRPC_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Headers about one connection, which Fastify and Node set for the answer they actually send. */
const HOP_BY_HOP = new Set(['transfer-encoding', 'connection', 'keep-alive']);

/** Adds to Vary rather than replacing it (CORS may have put Origin there). */
function appendVary(reply: FastifyReply, value: string): void {
  const existing = reply.getHeader('vary');
  reply.header('vary', existing ? `${String(existing)}, ${value}` : value);
}

export function trpcHttp(app: FastifyInstance, options: TrpcHttpOptions, done: () => void): void {
  const { router, createContext, errorHeaders, onError, multipartForm, shortPath = true, maxBatchSize, openStream } = options;
  const config = router._def._config;
  const transformer = config.transformer.input;
  const typeOf = procedureTypes(router);

  // JSON arrives as text (Fastify's body limit applies); a multipart body is left unread by its parser
  // (the owner's), as a stream, so a signed-out upload is refused before a byte of it is read.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, next) => next(null, body));

  // Every method tRPC answers (it refuses the others with 405); TRACE, which a Fetch Request cannot
  // carry, is left to the not-found handler.
  app.route({ method: TRPC_METHODS, url: '/:path', handler: handle });

  async function handle(req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) {
    const plain = shortPath ? plainCalls(req, req.params.path, typeOf, maxBatchSize) : undefined;
    if (plain) return answer(req, reply, plain);
    if (req.method === 'GET' && typeOf(req.params.path) === 'subscription') return subscribe(req, reply, req.params.path);

    const multipart = req.method === 'POST' && isMultipart(req);
    const form = multipart ? multipartForm(req, req.params.path) : undefined;
    let response: Response;
    let text: string | undefined;
    try {
      response = await resolveResponse({
        router,
        req: toFetchRequest(req, multipart, form),
        path: req.params.path,
        error: null,
        maxBatchSize,
        createContext: () => createContext(req, reply),
        responseMeta: ({ errors }) => ({ headers: errorHeaders?.(errors) }),
        onError: ({ error, path }) => onError?.(error, path),
      });
      // A JSON answer is read at once; a stream (a batch streamed as JSON lines, which tRPC marks as
      // chunked) is passed on as it comes. A multipart call is never streamed.
      const streamed = response.headers.has('transfer-encoding') || response.headers.get('content-type') !== 'application/json';
      if (!streamed) text = await response.text();
    } finally {
      // The procedure is done with the form: tRPC answers a multipart call only once it has run.
      await form?.dispose();
    }
    reply.code(response.status);
    for (const [name, value] of response.headers) {
      if (name === 'vary') appendVary(reply, value);
      else if (!HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    return reply.send(text ?? response.body);
  }

  /**
   * A subscription: its place among the streams is taken, and its input checked, before the stream
   * starts, so that a refusal (signed out, too many streams, bad input) gets its own status rather
   * than an error event inside a 200 stream.
   */
  async function subscribe(req: FastifyRequest, reply: FastifyReply, path: string) {
    let ctx: Context;
    let lease: StreamLease;
    try {
      ctx = await createContext(req, reply);
      lease = await openStream(ctx);
    } catch (cause) {
      return refuse(reply, path, getTRPCErrorFromUnknown(cause));
    }
    const left = new AbortController();
    reply.raw.once('close', () => left.abort());
    const signal = AbortSignal.any([lease.signal, left.signal]);
    try {
      let events: unknown;
      try {
        const input = subscriptionInput(req);
        events = await callTRPCProcedure({
          router,
          path,
          type: 'subscription',
          ctx,
          batchIndex: 0,
          signal,
          getRawInput: async () => input,
        });
      } catch (cause) {
        return refuse(reply, path, getTRPCErrorFromUnknown(cause));
      }
      if (!isAsyncIterable(events)) return refuse(reply, path, new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Not a stream.' }));
      await sendEventStream(reply, streamEvents(events), {
        signal: lease.signal,
        head: SSE_CONNECTED,
        tail: SSE_RETURN,
        onError(cause) {
          const error = getTRPCErrorFromUnknown(cause);
          onError?.(error, path);
          const shape = getTRPCErrorShape({ config, error, type: 'subscription', path, input: undefined, ctx });
          return `event: serialized-error\ndata: ${JSON.stringify(shape)}\n\n`;
        },
      });
    } finally {
      lease.release();
    }
  }

  /** The subscription's input from the query, with the id of the last event a reconnecting client saw. */
  function subscriptionInput(req: FastifyRequest): unknown {
    const query = new URL(req.url, URL_BASE).searchParams;
    const text = query.get('input');
    let input: unknown;
    try {
      input = text ? transformer.deserialize(JSON.parse(text)) : undefined;
    } catch {
      throw new TRPCError({ code: 'PARSE_ERROR', message: 'The input is not valid JSON.' });
    }
    const header = req.headers['last-event-id'];
    const lastEventId = (typeof header === 'string' ? header : null) ?? query.get('lastEventId') ?? query.get('Last-Event-Id');
    if (!lastEventId) return input;
    if (input === undefined || input === null) return { lastEventId };
    return typeof input === 'object' && !Array.isArray(input) ? { ...input, lastEventId } : input;
  }

  /** One call's error, answered as resolveResponse answers a failed single call. */
  function refuse(reply: FastifyReply, path: string, error: TRPCError) {
    onError?.(error, path);
    appendVary(reply, 'trpc-accept, accept');
    const body = { error: getTRPCErrorShape({ config, error, type: 'subscription', path, input: undefined, ctx: undefined }) };
    return reply
      .code(getHTTPStatusCodeFromError(error))
      .headers({ ...errorHeaders?.([error]), 'content-type': 'application/json' })
      .send(JSON.stringify(transformTRPCResponse(config, body)));
  }

  /** Calls the procedures and answers as resolveResponse would for the same plain request. */
  async function answer(req: FastifyRequest, reply: FastifyReply, { type, calls, batch }: PlainCalls) {
    // As in resolveResponse, a context that cannot be made fails each call, not the request.
    let ctx: Context | undefined;
    let ctxFailure: { cause: unknown } | null = null;
    try {
      ctx = await createContext(req, reply);
    } catch (cause) {
      ctxFailure = { cause };
    }
    const errors: TRPCError[] = [];
    const results: CallResult[] = [];
    for (const [batchIndex, call] of calls.entries()) {
      const { path } = call;
      let input: unknown;
      try {
        input = call.input === undefined ? undefined : transformer.deserialize(call.input);
        if (ctxFailure) throw ctxFailure.cause;
        const data: unknown = await callTRPCProcedure({
          router,
          path,
          type,
          ctx,
          batchIndex,
          signal: undefined,
          getRawInput: async () => input,
        });
        results.push({ result: { data } });
      } catch (cause) {
        const error = getTRPCErrorFromUnknown(cause);
        errors.push(error);
        onError?.(error, path);
        results.push({ error: getTRPCErrorShape({ config, error, type, path, input, ctx }) });
      }
    }
    appendVary(reply, 'trpc-accept, accept');
    return reply
      .code(getHTTPStatusCode(results))
      .headers({ ...(errors.length > 0 ? errorHeaders?.(errors) : undefined), 'content-type': 'application/json' })
      .send(JSON.stringify(transformTRPCResponse(config, batch ? results : results[0]!)));
  }

  done();
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** A subscription's items as events: a tracked one carries the id a reconnecting client sends back. */
async function* streamEvents(items: AsyncIterable<unknown>): AsyncGenerator<StreamEvent> {
  for await (const item of items) yield isTrackedEnvelope(item) ? { id: item[0], data: item[1] } : { data: item };
}

/** The type of the procedure at a path; own names only, so "constructor" is no procedure. */
export function procedureTypes(router: AnyTRPCRouter): (path: string) => TRPCProcedureType | undefined {
  const procedures = router._def.procedures as Record<string, { _def: { type: TRPCProcedureType } }>;
  return (path) => (Object.hasOwn(procedures, path) ? procedures[path]!._def.type : undefined);
}

/** A request the short path can answer: its procedures' type, each call's input, and whether it was a batch. */
export interface PlainCalls {
  type: 'query' | 'mutation';
  calls: Call[];
  batch: boolean;
}

/**
 * The calls of a request the short path can answer: a GET of queries or a POST of mutations, with
 * JSON input that parses, every path naming a procedure of that type, no streaming asked for.
 * Anything else is undefined, and resolveResponse answers it (with its own errors).
 */
export function plainCalls(
  req: Pick<FastifyRequest, 'method' | 'url' | 'headers' | 'body'>,
  pathParam: string,
  typeOf: (path: string) => TRPCProcedureType | undefined,
  maxBatchSize: number,
): PlainCalls | undefined {
  const type = req.method === 'GET' ? 'query' : req.method === 'POST' ? 'mutation' : undefined;
  if (!type || req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return undefined;
  // A POST's JSON body arrives as text; a GET must not claim a body type tRPC reads otherwise.
  const contentType = req.headers['content-type'];
  if (type === 'mutation' ? typeof req.body !== 'string' : contentType !== undefined && !/^application\/json\b/i.test(contentType))
    return undefined;

  const query = new URL(req.url, URL_BASE).searchParams;
  if (query.has('connectionParams')) return undefined;
  const batch = query.get('batch') === '1';
  const paths = batch ? pathParam.split(',') : [pathParam];
  // An oversized batch is refused by resolveResponse, in its own words.
  if (paths.length > maxBatchSize || !paths.every((path) => typeOf(path) === type)) return undefined;

  let raw: unknown;
  try {
    const text = type === 'query' ? query.get('input') : (req.body as string);
    raw = text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
  if (raw === undefined && type === 'mutation') return undefined;
  if (batch && raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) return undefined;

  const calls = paths.map((path, index) => ({ path, input: batch ? (raw as Record<string, unknown> | undefined)?.[index] : raw }));
  return { type, calls, batch };
}

const isMultipart = (req: FastifyRequest) => req.headers['content-type']?.toLowerCase().startsWith('multipart/form-data') === true;

/** The call as the Fetch Request resolveResponse takes; a multipart body stays unread until the procedure reads its input. */
function toFetchRequest(req: FastifyRequest, multipart: boolean, form: MultipartForm | undefined): Request {
  const headers = new Headers();
  for (const name of TRPC_HEADERS) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const init: RequestInit = { method: req.method, headers };
  if (req.method !== 'GET' && req.method !== 'HEAD' && typeof req.body === 'string') init.body = req.body;
  const request = new Request(URL_BASE + req.url, init);
  if (multipart) {
    // tRPC reads a multipart call's input through formData() alone, once, when the procedure asks for
    // it: handed the form read part by part (its files on disk), it never holds the body in memory. A
    // procedure that takes no upload has its body refused unread.
    const read = form ? () => form.read() : () => Promise.reject(new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: JSON_ONLY }));
    Object.defineProperty(request, 'formData', { value: read });
  }
  return request;
}

/** What a call that takes no upload is told of a multipart body. */
const JSON_ONLY = 'Content-Type must be application/json.';
