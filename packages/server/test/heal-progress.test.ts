/**
 * The Heal page's upstream against the real engine (4 drives, 2 data + 2 parity; the engine's own
 * drive check slowed to an hour so that this heal, not the self-healing, does the work): with one
 * drive emptied, the heal of a bucket reports every object Yellow before and Green after, counts
 * objects scanned, healed and bytes as uploaded, and ends once the sequence is finished; force stop
 * ends at once; a bucket that does not exist fails with the server's error.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AdminApiError, createAdminClient, type AdminClient } from '@coffer/admin-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healProgress, type HealProgressMessage } from '../src/routes/heal/heal-progress.js';
import { startEngine, type EngineHandle } from './helpers/engine-process.js';
import { s3Client } from './helpers/s3-client.js';

let engine: EngineHandle;
let admin: AdminClient;

beforeAll(async () => {
  engine = await startEngine({ drives: 4, env: { COFFER_DRIVE_CHECK_INTERVAL: '3600' } });
  admin = createAdminClient({
    endpoint: engine.url,
    accessKey: engine.accessKey,
    secretKey: engine.secretKey,
  });
});
afterAll(async () => {
  await engine?.stop();
});

async function collect(iterable: AsyncIterable<HealProgressMessage>): Promise<HealProgressMessage[]> {
  const out: HealProgressMessage[] = [];
  for await (const m of iterable) out.push(m);
  return out;
}

const request = { prefix: '', recursive: true, forceStart: false, forceStop: false };

describe('heal progress', () => {
  it('heals a bucket after a drive was emptied: Yellow before, Green after', async () => {
    const s3 = s3Client(engine.url, engine);
    await s3.makeBucket('healme');
    const sizes = [10, 300 * 1024, 2 * 1024 * 1024];
    for (const [i, size] of sizes.entries()) {
      await s3.putObject('healme', `obj-${i}`, Readable.from([randomBytes(size)]), size);
    }
    const drive = path.join(engine.dataDir, 'drive2');
    for (const name of await readdir(drive))
      await rm(path.join(drive, name), { recursive: true, force: true });

    const controller = new AbortController();
    const messages = await collect(
      healProgress(admin, { ...request, bucket: 'healme' }, controller.signal, { pollMs: 100 }),
    );
    expect(messages.length).toBeGreaterThan(0);
    const last = messages.at(-1)!;
    expect(last.objectsScanned).toBe(3);
    expect(last.objectsHealed).toBe(3);
    expect(last.bytesScanned).toBe(sizes.reduce((a, b) => a + b, 0));
    // The bucket item and the three objects.
    expect(last.itemsScanned).toBe(4);
    expect(last.healthAfterCols).toEqual({ Green: 4, Yellow: 0, Red: 0, Grey: 0 });
    expect(last.healthBeforeCols.Yellow).toBe(3);
    expect(last.healDuration).toBeGreaterThanOrEqual(0);

    // Healed: a second heal sees every item Green before too.
    const again = await collect(
      healProgress(admin, { ...request, bucket: 'healme' }, controller.signal, { pollMs: 100 }),
    );
    expect(again.at(-1)!.healthBeforeCols).toEqual({ Green: 4, Yellow: 0, Red: 0, Grey: 0 });
    expect(again.at(-1)!.objectsHealed).toBe(0);
  });

  it('force stop ends at once; an unknown bucket fails with the server error', async () => {
    const signal = new AbortController().signal;
    expect(
      await collect(healProgress(admin, { ...request, bucket: 'healme', forceStop: true }, signal)),
    ).toEqual([]);
    const error = await collect(healProgress(admin, { ...request, bucket: 'no-such-bucket' }, signal)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AdminApiError);
    expect((error as AdminApiError).code).toBe('NoSuchBucket');
  });
});
