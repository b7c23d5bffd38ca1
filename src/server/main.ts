// Reads the settings, builds the app, listens, and closes gracefully on SIGTERM or SIGINT.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { buildApp } from './app';
import { openShared } from './open-store';
import { DatabaseUnavailableError } from './db/pg/open';
import { DEMO_ACCOUNTS, seedDemoData } from './seed/seed';
import { createDeps } from './deps';
import { loadSettings, SettingsError } from './env';
import { pruneLoginHistory } from './services/login-history';
import { pruneExpiredSessions } from './services/sessions';

async function main() {
  const dev = process.argv.includes('--dev');
  const settings = loadSettings(dev ? { NODE_ENV: 'development', ...process.env } : process.env);
  const deps = createDeps(settings, await openShared(settings));
  await pruneExpiredSessions(deps);
  await pruneLoginHistory(deps);

  // Before the app and its timers start: the demo's past closes and trades are played on their own
  // clocks, and the app's close must not close those auctions first, at today's time.
  const seeded = dev || settings.SEED_DEMO ? await seedDemoData(deps) : null;
  const app = await buildApp(deps, { dev });
  if (deps.mail.delivery === 'terminal') {
    app.log.info('No SMTP_URL: mail (notices, password reset and confirmation links) is printed here instead of sent.');
  }
  if (seeded) app.log.info(`Loaded demo data into an empty database (${seeded.auctions} auctions).`);

  const unused = socketsWithoutRequests(app.server);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then closing`);
    await drainAcceptQueue(app.server);
    // A keep-alive socket whose answer was under way when closing began turns idle only afterwards;
    // close such sockets as they go idle, or the close would wait for the client to drop them. Node
    // does not count as idle a socket that never carried a request (browsers open one ahead, in case),
    // so those are closed here too.
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      for (const socket of unused) socket.destroy();
    }, 50);
    await app.close();
    clearInterval(sweep);
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: settings.PORT, host: settings.HOST });
  // Last, where a developer looks: how to sign in, and where.
  if (dev) printDevWelcome(DEMO_ACCOUNTS, settings.PORT);
}

/**
 * Under load, requests already sent when the signal arrives can still wait in the listen socket's accept
 * queue (Node accepts about one connection per event-loop turn) or unread in a socket's buffer. Closing at
 * once would reset them: the listener's queue is dropped and unread sockets count as idle. So keep serving,
 * with `Connection: close` on every answer, until two loop turns pass without a new connection (the queue
 * is empty and every socket has been read), or `maxMs` at most; app.close() then finishes what is in flight.
 */
async function drainAcceptQueue(server: Server, maxMs = 3000): Promise<void> {
  let accepted = 0;
  const onConnection = () => void (accepted += 1);
  const closeAfterAnswer = (_req: IncomingMessage, res: ServerResponse) => res.setHeader('connection', 'close');
  server.on('connection', onConnection);
  server.prependListener('request', closeAfterAnswer);
  const deadline = Date.now() + maxMs;
  let quietTurns = 0;
  while (quietTurns < 2 && Date.now() < deadline) {
    const before = accepted;
    // setImmediate runs after the next poll phase: by then every socket event pending now was handled.
    await new Promise((done) => setImmediate(done));
    quietTurns = accepted === before ? quietTurns + 1 : 0;
  }
  server.off('connection', onConnection);
}

/**
 * The server's open sockets that have not carried a request (a browser's spare connection). At
 * shutdown, after drainAcceptQueue, every request already sent has been read, so none is lost with them.
 * (A 'request' listener, not a 'data' one: a socket's data listener would take the HTTP parser off
 * its fast path.)
 */
function socketsWithoutRequests(server: Server): ReadonlySet<Socket> {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (req: IncomingMessage) => unused.delete(req.socket));
  return unused;
}

function printDevWelcome(accounts: ReadonlyArray<{ role: string; email: string; password: string }>, port: number) {
  console.log('\n  Demo accounts (unless changed in this database):');
  for (const a of accounts) console.log(`    ${a.role.padEnd(5)}  ${a.email}  /  ${a.password}`);
  console.log(`\n  Open http://localhost:${port}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof SettingsError || error instanceof DatabaseUnavailableError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
