// How the server logs. Production: pino's JSON lines, one per request, for whatever collects them.
// Development: readable lines, and only what a developer acts on: the dev client fetches hundreds of
// modules per page, and a line for each would bury the warnings, the errors and the demo accounts.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Settings } from './env';

type LoggerOptions = Pick<FastifyServerOptions, 'logger' | 'logController'>;

export async function loggerOptions(level: Settings['LOG_LEVEL'], dev: boolean): Promise<LoggerOptions> {
  if (!dev) return { logger: { level } };
  // A devDependency, so loaded only here: production never needs it installed.
  const { default: pretty } = await import('pino-pretty');
  return {
    // In this thread and synchronous, not a worker transport: the lines keep their order with the
    // console output around them (the demo accounts come last).
    logger: { level, stream: pretty({ sync: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' }) },
    logController: new DevLogController(),
  };
}

/** One line per request that failed (a warning for 4xx, an error for 5xx); those that went well only at debug. */
class DevLogController extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = `${request.method} ${request.url} → ${reply.statusCode} (${Math.round(reply.elapsedTime)} ms)`;
    if (error || reply.statusCode >= 500) reply.log.error({ err: error ?? undefined }, line);
    else if (reply.statusCode >= 400) reply.log.warn(line);
    else reply.log.debug(line);
  }
}
