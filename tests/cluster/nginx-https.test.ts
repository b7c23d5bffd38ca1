// deploy/nginx.conf's HTTPS example, uncommented as a person would: it serves HTTP/2, so a browser
// carries its live stream and every request on one connection, where HTTP/1.1 gives it six in all.
// One built server on SQLite behind it; the certificate is made for the test by Debian's openssl.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tools/ports';
import { NGINX_PATH, nginxInstalled, startNginx } from '../../tools/nginx';
import { createWorkspace, root, startServer, type ServerProcess, type Workspace } from '../../tools/server-process';
import { testApi } from '../e2e/api';

const isCI = process.env.CI === 'true';
const withNginx = nginxInstalled();
if (!withNginx && !isCI) {
  console.warn(`The HTTPS test of deploy/nginx.conf skipped: ${NGINX_PATH} not found. Install it with: apt-get install -y nginx`);
}
const describeNginx = withNginx || isCI ? describe : describe.skip;

/** One request over an HTTP/2 session: its status and body. */
function request(
  session: ClientHttp2Session,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':path': path, ...headers });
    let status = 0;
    let body = '';
    stream.on('response', (h) => (status = Number(h[constants.HTTP2_HEADER_STATUS])));
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (body += chunk));
    stream.on('end', () => resolve({ status, body }));
    stream.on('error', reject);
  });
}

describeNginx('deploy/nginx.conf over HTTPS', () => {
  let workspace: Workspace;
  let server: ServerProcess | undefined;
  let nginx: ServerProcess | undefined;
  let tlsPort: number;
  const certificates = mkdtempSync(join(tmpdir(), 'open-auction-tls-'));

  beforeAll(async () => {
    if (!withNginx) throw new Error('nginx is required for this test in CI: apt-get install -y nginx (or set NGINX_PATH)');
    if (!existsSync(join(root, 'dist/server/main.js'))) throw new Error('The built server is missing: run `npm run build` first.');
    const certificate = join(certificates, 'localhost.pem');
    const key = join(certificates, 'localhost.key');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', key, '-out', certificate],
      {
        stdio: 'ignore',
      },
    );
    workspace = await createWorkspace();
    const [httpPort, port] = [await freePort(), await freePort()];
    tlsPort = port;
    server = await startServer(workspace, { env: { TRUST_PROXY: '1', PUBLIC_URL: `https://localhost:${tlsPort}` } });
    const host = new URL(server.baseUrl).host;
    nginx = await startNginx(httpPort, [host, host, host], { port: tlsPort, certificate, key });
  }, 60_000);

  afterAll(async () => {
    await nginx?.stop();
    await server?.stop();
    workspace?.remove();
    rmSync(certificates, { recursive: true, force: true });
  });

  it('serves HTTP/2: a live stream and many requests at once share one connection', async () => {
    const api = testApi(() => server!.baseUrl);
    const viewer = await api.user('Hugo Http');
    const auth = { authorization: `Bearer ${viewer.token}` };
    // ALPN: the client offers only h2, so the handshake fails unless nginx speaks HTTP/2.
    const session = connect(`https://localhost:${tlsPort}`, { rejectUnauthorized: false });
    try {
      await new Promise<void>((resolve, reject) => {
        session.once('connect', () => resolve());
        session.once('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');

      // The live stream stays open on the connection while twelve requests (twice HTTP/1.1's six) pass beside it.
      const stream = session.request({ ':path': '/trpc/live.events', accept: 'text/event-stream', ...auth });
      const opened = await new Promise<number>((resolve) =>
        stream.once('response', (h) => resolve(Number(h[constants.HTTP2_HEADER_STATUS]))),
      );
      expect(opened).toBe(200);
      const answers = await Promise.all(Array.from({ length: 12 }, () => request(session, '/api/user', auth)));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ user: { name: 'Hugo Http' } });
      // Seen from the server: HTTPS through the one proxy in front (HSTS on the answer).
      const health = await new Promise<Record<string, unknown>>((resolve) => {
        const probe = session.request({ ':path': '/healthz' });
        probe.on('response', (h) => resolve(h));
        probe.resume();
      });
      expect(health['strict-transport-security']).toMatch(/max-age=/);
      stream.close();
    } finally {
      session.close();
    }
  });
});
