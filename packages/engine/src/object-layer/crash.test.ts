/**
 * Crash safety: a writer process killed with SIGKILL at an arbitrary moment leaves every
 * acknowledged write intact and nothing partial visible; interrupted writes are swept at startup.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openObjectLayer } from './index.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

/** Deterministic content for write number i (the child script below has the same function). */
function content(i: number): Buffer {
  const sizes = [0, 10, 100_000, 131_073, 1_500_000, 3_000_000];
  const size = sizes[i % sizes.length] ?? 0;
  const out = Buffer.alloc(size);
  for (let j = 0; j + 4 <= size; j += 4096) out.writeUInt32LE((i * 2654435761 + j) >>> 0, j);
  return out;
}

describe('crash safety', () => {
  it('keeps acknowledged writes and shows nothing partial after kill -9', async () => {
    const root = await mkdtemp(join(tmpdir(), 'coffer-crash-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const drives = [1, 2, 3, 4].map((i) => join(root, `d${i}`));
    const setup = await openObjectLayer({ drives });
    await setup.layer.makeBucket('crash');
    await setup.layer.close();

    const indexUrl = pathToFileURL(fileURLToPath(new URL('./index.ts', import.meta.url))).href;
    const child = join(root, 'writer.mts');
    await writeFile(
      child,
      `import { Readable } from 'node:stream';
import { openObjectLayer } from ${JSON.stringify(indexUrl)};
function content(i) {
  const sizes = [0, 10, 100_000, 131_073, 1_500_000, 3_000_000];
  const size = sizes[i % sizes.length] ?? 0;
  const out = Buffer.alloc(size);
  for (let j = 0; j + 4 <= size; j += 4096) out.writeUInt32LE((i * 2654435761 + j) >>> 0, j);
  return out;
}
const { layer } = await openObjectLayer({ drives: ${JSON.stringify(drives)} });
let i = 0;
const writers = [0, 1, 2].map(async (w) => {
  for (;;) {
    const n = i++;
    const data = content(n);
    await layer.putObject('crash', 'k' + (n % 7), Readable.from([data]), { size: data.length });
    process.stdout.write('ACK ' + n + '\\n');
  }
});
await Promise.all(writers);
`,
    );
    const proc = spawn(process.execPath, ['--import', 'tsx', child], {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (d: Buffer) => (out += d.toString()));
    // Kill once enough writes are acknowledged that some are certainly in flight.
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if ((out.match(/ACK/g) ?? []).length >= 25) {
          clearInterval(timer);
          proc.kill('SIGKILL');
          resolve();
        }
      }, 5);
      proc.on('exit', (code, signal) => {
        clearInterval(timer);
        if (signal !== 'SIGKILL') reject(new Error(`writer exited early: ${code}`));
      });
    });
    await new Promise((r) => proc.once('close', r));

    const acked = out
      .split('\n')
      .filter((l) => l.startsWith('ACK '))
      .map((l) => Number(l.slice(4)));
    expect(acked.length).toBeGreaterThanOrEqual(25);
    const { layer } = await openObjectLayer({ drives });
    cleanups.push(() => layer.close());
    for (const d of drives) expect(await readdir(join(d, '.coffer.sys', 'tmp'))).toEqual([]);
    // The latest acknowledged write of each key must be readable, intact, or replaced by a
    // later (possibly unacknowledged) complete write of the same key.
    const listed = await layer.listObjects('crash', { maxKeys: 100 });
    for (const o of listed.objects) {
      const body = await readAll((await layer.getObject('crash', o.key)).stream);
      const n = Number(o.key.slice(1));
      const candidates = new Set<string>();
      for (let i = n; i < Math.max(...acked) + 10; i += 7) candidates.add(sha(content(i)));
      expect(candidates.has(sha(body)), `${o.key} holds a complete write`).toBe(true);
      expect(body.length).toBe(o.size);
    }
    const ackedKeys = new Set(acked.map((n) => `k${n % 7}`));
    for (const k of ackedKeys)
      expect(
        listed.objects.some((o) => o.key === k),
        k,
      ).toBe(true);
  }, 60_000);

  it('sweeps an interrupted write and never lists uncommitted data', async () => {
    const root = await mkdtemp(join(tmpdir(), 'coffer-crash-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const drives = [1, 2].map((i) => join(root, `d${i}`));
    const first = await openObjectLayer({ drives });
    await first.layer.makeBucket('crash');
    await first.layer.close();
    // What a process killed between writing shards and committing metadata leaves behind.
    for (const d of drives) {
      await mkdir(join(d, '.coffer.sys', 'tmp', 'f00d'), { recursive: true });
      await writeFile(join(d, '.coffer.sys', 'tmp', 'f00d', 'part.1'), Buffer.alloc(1000, 1));
      await mkdir(join(d, '.coffer.sys', 'data', 'crash', 'orphan'), { recursive: true });
      await writeFile(join(d, '.coffer.sys', 'data', 'crash', 'orphan', 'part.1'), Buffer.alloc(1000, 1));
    }
    const { layer } = await openObjectLayer({ drives });
    cleanups.push(() => layer.close());
    for (const d of drives) expect(await readdir(join(d, '.coffer.sys', 'tmp'))).toEqual([]);
    expect((await layer.listObjects('crash', { maxKeys: 10 })).objects).toEqual([]);
    expect((await layer.listObjectVersions('crash', { maxKeys: 10 })).versions).toEqual([]);
  });
});
