// A real nginx (Debian's package, /usr/sbin/nginx) in front of app instances, as an operator runs
// it: round-robin, the live stream unbuffered with a long read timeout, X-Forwarded-For passed on
// (docs/operating.md, "HTTPS behind a reverse proxy"). Its files live in a temp folder; it runs in the foreground as a
// child of the test. Two additions for tests only: each answer says which instance served it
// (X-Upstream), and the client's address is taken from the X-Forwarded-For the test sends (as
// from a load balancer in front of nginx), so one test can be many visitors.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './child-server.ts';

export const nginxBinary = process.env.NGINX_BINARY ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  port: number;
  process: ChildProcess;
  /** nginx's error log so far. */
  errors(): string;
  stop(): Promise<void>;
}

function config(dir: string, port: number, upstreams: readonly number[]): string {
  const proxied = `
      proxy_pass http://inscricoes;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      add_header X-Upstream $upstream_addr always;`;
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  # A bulk confirmation's body (up to 5,000 ids) stays in memory: nginx's workers run as another
  # user, who cannot write to this test's private temporary folder.
  client_body_buffer_size 512k;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream inscricoes {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
  server {
    listen 127.0.0.1:${port};
    location / {${proxied}
    }
    location ~ ^/api/(admin|door)/events$ {${proxied}
      proxy_buffering off;
      proxy_read_timeout 1h;
    }
  }
}
`;
}

/** Starts nginx on `port` (default: a free one) in front of the instances on these ports. */
export async function startNginx(
  upstreams: readonly number[],
  { port }: { port?: number } = {},
): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'inscricoes-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  const listenPort = port ?? (await freePort());
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, listenPort, upstreams));
  const child = spawn(nginxBinary, ['-p', dir, '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errors = () => {
    try {
      return output + readFileSync(join(dir, 'error.log'), 'utf8');
    } catch {
      return output;
    }
  };
  const url = `http://127.0.0.1:${listenPort}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${errors()}`);
    try {
      await fetch(`${url}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`nginx not listening: ${errors()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    port: listenPort,
    process: child,
    errors,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
