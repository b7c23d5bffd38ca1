// nginx in front of several app instances, for the benchmark's rows through a load balancer: a minimal
// config of its own in a folder of the run (round robin over the instances, kept-alive upstream
// connections, no access log), run in the foreground as a child like any other server.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../tools/ports';
import { launch, type ServerProcess } from '../../tools/server-process';

/** The nginx program: NGINX_PATH, else Debian's place for it; null where there is none. */
export function nginxProgram(): string | null {
  const candidates = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];
  return candidates.find((path): path is string => !!path && existsSync(path)) ?? null;
}

export async function startNginx(program: string, dir: string, upstreams: string[]): Promise<ServerProcess> {
  mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const config = join(dir, 'nginx.conf');
  writeFileSync(
    config,
    `# Written by scripts/bench/nginx.ts for one benchmark run.
# Workers run as the user who started the benchmark, so that they can use this folder even under root.
user ${userInfo().username};
worker_processes auto;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client-body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream app {
${upstreams.map((url) => `    server ${new URL(url).host};`).join('\n')}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  return launch({
    label: 'nginx',
    command: program,
    // -e: the error log from the first moment, before the config names it (the default is not ours to write).
    args: ['-p', dir, '-c', config, '-e', join(dir, 'error.log'), '-g', 'daemon off;'],
    baseUrl: `http://127.0.0.1:${port}`,
    readyPath: '/healthz',
  });
}
