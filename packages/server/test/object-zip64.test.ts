/**
 * ZIP64 by entry count (issue 9 §5): a folder of 65,536 objects — one more than the classic ZIP
 * format can count — downloaded through the console as one streamed archive, which `unzip -l`
 * reads in full (it needs the ZIP64 end records for that). Kept apart from object-bulk.test.ts:
 * it writes and reads 65,536 objects, so it is the long one.
 */
import { execFile as execFileCb } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Client } from 'minio';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT, startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

const execFile = promisify(execFileCb);

const systemDeps = (await import(pathToFileURL(path.join(REPO_ROOT, 'scripts/system-deps.mjs')).href)) as {
  ensureSystemDeps(options: { needs: string[]; log: (line: string) => void }): Promise<unknown>;
};
await systemDeps.ensureSystemDeps({ needs: ['unzip'], log: () => {} });

const COUNT = 65_536;

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;
let tmp: string;

beforeAll(async () => {
  engine = await startEngine({ drives: 1 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'coffer-zip64-'));
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
  await removeDir(tmp ?? '');
});

it('streams 65,536 entries as a ZIP64 archive that unzip lists completely', async () => {
  const url = new URL(engine.url);
  const s3 = new Client({
    endPoint: url.hostname,
    port: Number(url.port),
    useSSL: false,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
  });
  await s3.makeBucket('zip64');
  let next = 0;
  const writer = async (): Promise<void> => {
    while (next < COUNT) {
      const i = next++;
      await s3.putObject('zip64', `many/${String(i).padStart(5, '0')}`, String(i % 10));
    }
  };
  await Promise.all(Array.from({ length: 64 }, writer));

  const res = await client.request('POST', '/api/v1/buckets/zip64/objects/download-zip', {
    json: { paths: ['many/'] },
  });
  expect(res.status).toBe(200);
  const file = path.join(tmp, 'many.zip');
  // Straight to disk, as a browser saves it.
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(file));

  // The classic end record says 0xFFFF entries: the real count is in the ZIP64 record.
  const handle = await open(file, 'r');
  const { size } = await handle.stat();
  const tail = Buffer.alloc(Math.min(size, 1024));
  await handle.read(tail, 0, tail.length, size - tail.length);
  await handle.close();
  expect(tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x06, 0x06]))).toBeGreaterThanOrEqual(0);

  const { stdout } = await execFile('unzip', ['-l', file], { maxBuffer: 256 * 1024 * 1024 });
  const summary = stdout.trim().split('\n').at(-1) ?? '';
  expect(summary).toMatch(new RegExp(`^\\s*${COUNT}\\s+${COUNT} files$`));
  expect(stdout).toMatch(/\n\s+1\s+\S+\s+\S+\s+many\/65535\n/);
  expect(stdout).not.toContain('ERRORS.txt');
}, 900_000);
