/**
 * The console under test: `buildApp` on a real listener (port 0) against an engine process, and a
 * tiny browser-like client — plain `fetch` with a cookie jar holding `token`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/index.js';

export interface RunningConsole {
  app: FastifyInstance;
  url: string;
  dataDir: string;
  close(): Promise<void>;
}

export async function startConsole(
  serverUrl: string,
  options: Partial<AppOptions> & { dataDir?: string } = {},
): Promise<RunningConsole> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'coffer-console-')));
  const app = await buildApp({ ...options, serverUrl, dataDir });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, dataDir, close: () => app.close() };
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export interface RequestOptions {
  json?: unknown;
  body?: RequestInit['body'];
  headers?: Record<string, string>;
}

export class ConsoleClient {
  cookie: string | undefined;

  constructor(public base: string) {}

  async request(method: string, pathAndQuery: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = await fetch(`${this.base}${pathAndQuery}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const setCookie = res.headers.get('set-cookie');
    if (setCookie?.startsWith('token=')) {
      const value = setCookie.slice('token='.length).split(';')[0] ?? '';
      this.cookie = value === '' ? undefined : `token=${value}`;
    }
    return res;
  }

  async json<T = Record<string, unknown>>(
    method: string,
    pathAndQuery: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; body: T }> {
    const res = await this.request(method, pathAndQuery, options);
    const text = await res.text();
    return { status: res.status, body: (text === '' ? null : JSON.parse(text)) as T };
  }

  async login(accessKey: string, secretKey: string): Promise<void> {
    const res = await this.request('POST', '/api/v1/login', { json: { accessKey, secretKey } });
    if (res.status !== 204) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  }
}
