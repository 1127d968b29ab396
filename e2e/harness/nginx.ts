/**
 * Debian's nginx as a reverse proxy in front of the console, under a sub-path, as an operator would
 * put it (packages/server/README.md "Behind a reverse proxy"): `location <subPath>/` passed through
 * unchanged, HTTP/1.1 with the Upgrade/Connection headers for the live sockets, Host and
 * X-Forwarded-* for the console's same-origin check and cookies. A child process with its own
 * prefix directory (configuration, logs, temp files), `master_process off` so it is one process we
 * own. nginx comes from `scripts/system-deps.mjs` (need `nginx`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths.js';
import { freePort } from './stack.js';

export interface Nginx {
  /** The proxy's URL of the sub-path, e.g. `http://127.0.0.1:PORT/coffer`. */
  url: string;
  /** The access log so far (one line per request: method, path, status). */
  accessLog(): Promise<string>;
  /**
   * Waits until the access log has a line matching `pattern` (nginx writes a request's line when
   * it ends — a WebSocket's when both sides have closed) and answers that line.
   */
  waitForLogLine(pattern: RegExp): Promise<string>;
  stop(): Promise<void>;
}

interface SystemDeps {
  ensureSystemDeps(options: { needs: string[] }): Promise<Record<string, { where?: string }>>;
}

/** The nginx program, installed through apt when missing (root) — never a silent skip. */
async function nginxProgram(): Promise<string> {
  const deps = (await import(pathToFileURL(join(ROOT, 'scripts/system-deps.mjs')).href)) as SystemDeps;
  const found = await deps.ensureSystemDeps({ needs: ['nginx'] });
  return found.nginx?.where ?? '/usr/sbin/nginx';
}

function configuration(dir: string, port: number, subPath: string, upstream: string): string {
  return `daemon off;
master_process off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 0;
    location ${subPath}/ {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_read_timeout 1h;
      proxy_buffering off;
      proxy_request_buffering off;
    }
  }
}
`;
}

/** Starts nginx on a free loopback port, proxying `subPath/` to the console at `upstream` (an origin). */
export async function startNginx(subPath: string, upstream: string): Promise<Nginx> {
  const program = await nginxProgram();
  const dir = await mkdtemp(join(tmpdir(), 'coffer-nginx-'));
  await mkdir(join(dir, 'tmp'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  await writeFile(conf, configuration(dir, port, subPath, upstream));
  const child: ChildProcess = spawn(program, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
  const url = `http://127.0.0.1:${port}${subPath}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      throw new Error(`nginx did not start: ${output.join('')}${log}`);
    }
    const answered = await fetch(`${url}/api/v1/login`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (answered) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const accessLog = () => readFile(join(dir, 'access.log'), 'utf8');
  return {
    url,
    accessLog,
    async waitForLogLine(pattern) {
      const until = Date.now() + 30_000;
      for (;;) {
        const line = (await accessLog()).split('\n').find((l) => pattern.test(l));
        if (line !== undefined) return line;
        if (Date.now() > until)
          throw new Error(`nginx never logged ${String(pattern)}:\n${await accessLog()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
