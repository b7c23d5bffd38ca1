// Ports for the servers and browsers that tests and scripts start on loopback.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * The first port the system hands out on its own, to outgoing connections and to `listen(0)`
 * (Linux's ip_local_port_range; 32768 where it cannot be read).
 */
function firstEphemeralPort(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

/** Whether nothing listens on the loopback port now (found by listening on it, released at once). */
function listenable(port: number): Promise<number | null> {
  return new Promise((resolvePort) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolvePort(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A loopback port nothing listens on now. It is chosen below the system's own range: a port the
 * system picked would be free again once released, and an outgoing connection (a database client, a
 * fetch) could be given it before the server it is for starts listening (EADDRINUSE). Ours are drawn
 * at random from the 10,000 below that range, so two of them rarely meet; the system picks only when
 * none of a few draws is free.
 */
export async function freePort(): Promise<number> {
  const below = firstEphemeralPort();
  const low = Math.max(1024, below - 10_000);
  for (let draw = 0; draw < 20 && below > low; draw++) {
    const port = await listenable(low + Math.floor(Math.random() * (below - low)));
    if (port !== null) return port;
  }
  const port = await listenable(0);
  if (port === null) throw new Error('no free loopback port');
  return port;
}
