// deploy/nginx.conf run for a test or the benchmark: Debian's nginx as an ordinary process in a temporary
// prefix (its pid, logs and temporary files), listening on a free port in front of the instances the
// caller started. Only the addresses change; everything else is the configuration a person deploys.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, root, type ServerProcess } from './server-process';

export const NGINX_PATH = process.env.NGINX_PATH || '/usr/sbin/nginx';

export const nginxInstalled = () => existsSync(NGINX_PATH);

const TEMPLATE = join(root, 'deploy/nginx.conf');

/** The template's instances (127.0.0.1:3001, :3002, ...) and listen port, as written in it. */
const TEMPLATE_INSTANCE = /127\.0\.0\.1:300(\d)\b/g;
const TEMPLATE_LISTEN = /^(\s*)listen 8080;$/m;
/** The template's commented HTTPS example: its listen line, and the certificate and key lines. */
const TEMPLATE_HTTPS = /^(\s*)# listen 443 ssl http2;\n\s*# ssl_certificate .*\n\s*# ssl_certificate_key .*$/m;

/** A certificate and its key, in files, for the template's HTTPS example. */
export interface Tls {
  port: number;
  certificate: string;
  key: string;
}

/**
 * The deployed configuration with these addresses: nginx on `port`, the template's Nth instance at
 * `instances[N-1]`; with `tls`, its HTTPS example uncommented as a person would, on `tls.port`.
 */
function nginxConfig(port: number, instances: readonly string[], tls?: Tls): string {
  const template = readFileSync(TEMPLATE, 'utf8');
  const listed = [...template.matchAll(TEMPLATE_INSTANCE)].length;
  if (listed !== instances.length) throw new Error(`deploy/nginx.conf lists ${listed} instances, ${instances.length} were started`);
  if (!TEMPLATE_LISTEN.test(template)) throw new Error('deploy/nginx.conf no longer has `listen 8080;`');
  if (tls && !TEMPLATE_HTTPS.test(template)) throw new Error('deploy/nginx.conf no longer has its commented HTTPS example');
  const config = template
    .replace(TEMPLATE_INSTANCE, (_, n: string) => instances[Number(n) - 1]!)
    .replace(TEMPLATE_LISTEN, `$1listen 127.0.0.1:${port};`);
  if (!tls) return config;
  return config.replace(
    TEMPLATE_HTTPS,
    (_, indent: string) =>
      `${indent}listen 127.0.0.1:${tls.port} ssl http2;\n${indent}ssl_certificate ${tls.certificate};\n${indent}ssl_certificate_key ${tls.key};`,
  );
}

/**
 * nginx on `port` in front of `instances` (host:port each), once it answers /healthz; `stop` also
 * removes its prefix. The port is chosen first, so that the instances' PUBLIC_URL can name it.
 */
export async function startNginx(port: number, instances: readonly string[], tls?: Tls): Promise<ServerProcess> {
  const prefix = mkdtempSync(join(tmpdir(), 'open-auction-nginx-'));
  // Run as root (CI), nginx's workers drop to `nobody` and must still reach their temporary files.
  chmodSync(prefix, 0o755);
  const config = join(prefix, 'nginx.conf');
  writeFileSync(config, nginxConfig(port, instances, tls));
  try {
    const nginx = await launch({
      label: 'nginx',
      command: NGINX_PATH,
      // In the foreground, so that the test owns the process; errors on stderr, kept with its output.
      args: ['-p', `${prefix}/`, '-c', config, '-e', 'stderr', '-g', 'daemon off; error_log stderr warn;'],
      baseUrl: `http://127.0.0.1:${port}`,
      readyPath: '/healthz',
      timeoutMs: 20_000,
      graceMs: 5_000,
    });
    const stop = nginx.stop.bind(nginx);
    nginx.stop = async (grace) => {
      const status = await stop(grace);
      rmSync(prefix, { recursive: true, force: true });
      return status;
    };
    return nginx;
  } catch (error) {
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
}
