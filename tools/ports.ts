// Ports for the servers and browsers that tests and scripts start on loopback.
import { createServer } from 'node:net';

/** A loopback port nothing listens on now (the system's choice, released at once). */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}
