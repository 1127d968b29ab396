/**
 * Serving the built web app: files as they are, index.html for client-side routes (with its
 * <base href> rewritten to the base path, never cached), JSON 404s for unknown API paths.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let webDir: string;
let plain: RunningConsole;
let sub: RunningConsole;

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-web-'));
  await mkdir(path.join(webDir, 'assets'));
  await writeFile(
    path.join(webDir, 'index.html'),
    '<!doctype html><html><head><base href="/"></head><body>app</body></html>',
  );
  await writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  // No storage server is needed to serve files: point at a closed port.
  plain = await startConsole('http://127.0.0.1:9', { webDir });
  sub = await startConsole('http://127.0.0.1:9', { webDir, basePath: '/console' });
});

afterAll(async () => {
  await plain?.close();
  await sub?.close();
  for (const dir of [webDir, plain?.dataDir, sub?.dataDir]) if (dir) await removeDir(dir);
});

describe('web app', () => {
  it('serves files and index.html for client-side routes', async () => {
    const asset = await fetch(`${plain.url}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.log(1)');
    for (const route of ['/', '/buckets', '/object-browser/photos/2024/']) {
      const res = await fetch(`${plain.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<base href="/">');
    }
  });

  it('rewrites the base href under a base path and keeps API 404s as JSON', async () => {
    const res = await fetch(`${sub.url}/console/buckets`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<base href="/console/">');
    expect((await fetch(`${sub.url}/console/assets/app.js`)).status).toBe(200);
    const api = await fetch(`${sub.url}/console/api/v1/nothing-here`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers the backend-unreachable case as storage_unreachable (503)', async () => {
    const res = await fetch(`${plain.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accessKey: 'a', secretKey: 'secret123' }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      code: 'storage_unreachable',
      message: 'The storage server cannot be reached',
    });
  });
});
