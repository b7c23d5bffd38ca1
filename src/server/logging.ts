// How the server logs. Production: pino's JSON lines, for whatever collects them. Development: readable
// lines. In both, only what someone acts on: a line per request that failed, none for those that went
// well (at debug level they are back). A line per request costs a bid a measurable share of its time,
// and the access log of a site belongs to the proxy in front of it; the dev client fetches hundreds of
// modules per page, and a line for each would bury the warnings, the errors and the demo accounts.
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Settings } from './env';

type LoggerOptions = Pick<FastifyServerOptions, 'logger' | 'logController'>;

export async function loggerOptions(level: Settings['LOG_LEVEL'], dev: boolean): Promise<LoggerOptions> {
  if (!dev) return { logger: { level }, logController: new FailedRequestLog('info') };
  // A devDependency, so loaded only here: production never needs it installed.
  const { default: pretty } = await import('pino-pretty');
  return {
    // In this thread and synchronous, not a worker transport: the lines keep their order with the
    // console output around them (the demo accounts come last).
    logger: { level, stream: pretty({ sync: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId' }) },
    logController: new FailedRequestLog('warn'),
  };
}

/**
 * One line per request that failed: an error for 5xx, `clientErrors` for 4xx (a warning in
 * development, where it is the developer's own mistake; info in production, where it is anyone's).
 * Requests that went well are logged only at debug.
 */
class FailedRequestLog extends LogController {
  constructor(private readonly clientErrors: 'warn' | 'info') {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    if (!error && status < 400 && reply.log.level !== 'debug' && reply.log.level !== 'trace') return;
    const line = `${request.method} ${request.url} → ${status} (${Math.round(reply.elapsedTime)} ms)`;
    if (error || status >= 500) reply.log.error({ err: error ?? undefined }, line);
    else if (status >= 400) reply.log[this.clientErrors](line);
    else reply.log.debug(line);
  }
}
