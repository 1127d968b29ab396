/**
 * Bucket sizes fresh right after the console's own uploads and deletes (issue 8 item 7), against
 * the real engine: its usage report comes from a scanner that runs about once a minute, so these
 * figures can only be right at once because the console counts the buckets it just changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { ConsoleClient, removeDir, startConsole, type RunningConsole } from './helpers/console.js';

let engine: EngineHandle;
let consoleApp: RunningConsole;
let client: ConsoleClient;

interface BucketList {
  buckets: { name: string; size?: number; objects?: number }[];
}

const PLAIN = 'fresh-plain';
const VERSIONED = 'fresh-versioned';

beforeAll(async () => {
  engine = await startEngine({ drives: 4 });
  consoleApp = await startConsole(engine.url);
  client = new ConsoleClient(consoleApp.url);
  await client.login(engine.accessKey, engine.secretKey);
  for (const [name, versioning] of [
    [PLAIN, false],
    [VERSIONED, true],
  ] as const) {
    expect((await client.json('POST', '/api/v1/buckets', { json: { name, versioning } })).status).toBe(201);
  }
});

afterAll(async () => {
  await consoleApp?.close();
  await removeDir(consoleApp?.dataDir ?? '');
  await engine?.stop();
});

async function upload(bucket: string, files: { name: string; bytes: number }[]): Promise<void> {
  const fd = new FormData();
  for (const f of files) fd.append('file', new Blob([new Uint8Array(f.bytes).fill(7)]), f.name);
  const { status } = await client.json('POST', `/api/v1/buckets/${bucket}/objects/upload?prefix=`, {
    body: fd,
  });
  expect(status).toBe(200);
}

async function usageOf(bucket: string): Promise<{ size?: number; objects?: number }> {
  const { status, body } = await client.json<BucketList>('GET', '/api/v1/buckets');
  expect(status).toBe(200);
  const entry = body.buckets.find((b) => b.name === bucket);
  expect(entry).toBeDefined();
  return { size: entry?.size, objects: entry?.objects };
}

describe('bucket size after the console changes a bucket', () => {
  it('shows the new size at once after an upload, and after deletes', async () => {
    // A list before any change fills the usage cache with the engine's (scanned) report.
    await client.json('GET', '/api/v1/buckets');
    await upload(PLAIN, [
      { name: 'a.bin', bytes: 1000 },
      { name: 'b.bin', bytes: 2345 },
    ]);
    expect(await usageOf(PLAIN)).toEqual({ size: 3345, objects: 2 });

    await upload(PLAIN, [{ name: 'c.bin', bytes: 10 }]);
    expect(await usageOf(PLAIN)).toEqual({ size: 3355, objects: 3 });

    const one = await client.json('DELETE', `/api/v1/buckets/${PLAIN}/objects?path=b.bin`);
    expect(one.status).toBe(200);
    expect(await usageOf(PLAIN)).toEqual({ size: 1010, objects: 2 });

    const many = await client.json('POST', `/api/v1/buckets/${PLAIN}/delete-objects`, {
      json: [
        { path: 'a.bin', versionID: '', recursive: false },
        { path: 'c.bin', versionID: '', recursive: false },
      ],
    });
    expect(many.status).toBe(200);
    expect(await usageOf(PLAIN)).toEqual({ size: 0, objects: 0 });
  });

  it('counts a versioned bucket as the scanner does: every version, delete markers excluded', async () => {
    await upload(VERSIONED, [{ name: 'doc.txt', bytes: 100 }]);
    await upload(VERSIONED, [{ name: 'doc.txt', bytes: 40 }]);
    expect(await usageOf(VERSIONED)).toEqual({ size: 140, objects: 1 });

    // Deleting the latest version leaves a delete marker: the versions keep their bytes.
    expect((await client.json('DELETE', `/api/v1/buckets/${VERSIONED}/objects?path=doc.txt`)).status).toBe(
      200,
    );
    expect(await usageOf(VERSIONED)).toEqual({ size: 140, objects: 0 });
  });
});
