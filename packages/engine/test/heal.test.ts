/**
 * Healing over HTTP, against the engine as a process on 4 drives (2 data + 2 parity):
 *
 * (a) Self-healing: a drive directory emptied while the engine runs is noticed by the drive check
 *     (shortened to 0.2 s here), formatted and refilled in the background — background heal status
 *     and server info show it — with no restart. Proof: every shard file is back, a write made
 *     afterwards lands on it too, and with the two OTHER drives emptied (across a restart) every
 *     object reads back byte-identical, so from the healed drive's data.
 * (b) MinIO's admin heal API: a sequence on a bucket and prefix is started, polled by its token
 *     until finished, and reports each object with each drive's state before and after (a deleted
 *     shard file: 'missing' → 'ok', and the file is back); the refusals (wrong token, unknown
 *     bucket, token with force-start, no admin:Heal) answer MinIO's codes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Client } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminOk, createUser, rootKeys } from './helpers/admin-calls.js';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient as s3, readObject as read } from './helpers/minio-client.js';
import { waitFor } from './helpers/target-events.js';

const KiB = 1024;
const MiB = 1024 * KiB;
const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

let emptied = 0;

/**
 * Empty a drive under the running engine, as a swapped disk is: each entry is first renamed out of
 * the drive (atomic, so the engine never sees a half-deleted tree, and a file it writes meanwhile
 * cannot make the removal fail with ENOTEMPTY), then removed from beside the drive.
 */
async function emptyDir(dir: string): Promise<void> {
  const trash = `${dir}.emptied-${++emptied}`;
  await mkdir(trash);
  for (const name of await readdir(dir)) await rename(path.join(dir, name), path.join(trash, name));
  await rm(trash, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
}

/** Shard files of committed objects on a drive (storage/layout.ts), relative to it. */
async function shardFiles(drive: string): Promise<string[]> {
  const root = path.join(drive, '.coffer.sys', 'data');
  const entries = await readdir(root, { withFileTypes: true, recursive: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /^part\.\d+$/.test(e.name))
    .map((e) => path.relative(drive, path.join(e.parentPath, e.name)))
    .sort();
}

async function put(mc: Client, bucket: string, objects: Map<string, Buffer>, sizes: number[], tag: string) {
  for (const [i, size] of sizes.entries()) {
    const data = randomBytes(size);
    const key = `${tag}/obj-${i}`;
    await mc.putObject(bucket, key, Readable.from([data]), size);
    objects.set(key, data);
  }
}

interface DiskJson {
  endpoint: string;
  state: string;
  healing?: boolean;
  heal_info?: { items_healed: number; bytes_done: number };
}

async function backgroundHeal(
  engine: EngineProcess,
): Promise<{ HealDisks: string[]; sets: { disks: DiskJson[] }[] }> {
  return (await adminOk(engine, rootKeys(engine), 'POST', 'background-heal/status', { region: '' })) as {
    HealDisks: string[];
    sets: { disks: DiskJson[] }[];
  };
}

describe('self-healing of a drive emptied while the engine runs', () => {
  let engine: EngineProcess;
  beforeAll(async () => {
    engine = await startEngine({ drives: 4, args: ['--drive-check-interval', '0.2'] });
  });
  afterAll(async () => {
    await engine?.destroy();
  });

  it('notices, formats and refills the drive without a restart', async () => {
    const mc = s3(engine);
    await mc.makeBucket('selfheal');
    const objects = new Map<string, Buffer>();
    await put(mc, 'selfheal', objects, [0, 100, 200 * KiB, 3 * MiB + 5, 9 * MiB], 'before');
    const wiped = engine.drives[1]!;
    const before = await shardFiles(wiped);
    expect(before.length, 'the large objects have shard files on drive 2').toBeGreaterThanOrEqual(3);
    const startedPid = engine.pid();

    await emptyDir(wiped);
    // Seen as healing (background heal status, server info) or already healed: states, not time.
    const seen = new Set<string>();
    await waitFor(async () => {
      const status = await backgroundHeal(engine);
      const disk = status.sets[0]?.disks[1];
      if (status.HealDisks.includes(wiped)) seen.add('healing');
      if (disk?.heal_info !== undefined) seen.add('heal_info');
      return (
        disk?.state === 'ok' && disk.healing !== true && (await shardFiles(wiped)).length === before.length
      );
    }, 'drive 2 to be healed');
    expect(await shardFiles(wiped)).toEqual(before);
    expect(engine.pid(), 'no restart').toBe(startedPid);
    const info = (await adminOk(engine, rootKeys(engine), 'GET', 'info', { region: '' })) as {
      servers: { drives: DiskJson[] }[];
    };
    expect(info.servers[0]?.drives.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);

    // New writes reach the drive again.
    const fresh = new Map<string, Buffer>();
    await put(mc, 'selfheal', fresh, [2 * MiB], 'after');
    expect((await shardFiles(wiped)).length).toBe(before.length + 1);
    for (const [k, v] of fresh) objects.set(k, v);

    // The proof: only drive 2 (healed) and drive 4 keep their data; everything reads back.
    await engine.stop();
    await emptyDir(engine.drives[0]!);
    await emptyDir(engine.drives[2]!);
    await engine.restart();
    for (const [key, data] of objects)
      expect(sha(await read(s3(engine), 'selfheal', key)), key).toBe(sha(data));
    console.log(
      `self-heal: states observed while healing: ${[...seen].join(', ') || 'none (healed between polls)'}`,
    );
  });
});

interface HealItem {
  type: string;
  bucket: string;
  object: string;
  parityBlocks?: number;
  dataBlocks?: number;
  before: { drives: { state: string; endpoint: string }[] };
  after: { drives: { state: string; endpoint: string }[] };
}
interface HealStatus {
  Summary: string;
  Items: HealItem[] | null;
  Settings: { recursive: boolean };
}

describe('admin heal API', () => {
  let engine: EngineProcess;
  beforeAll(async () => {
    engine = await startEngine({ drives: 4 });
  });
  afterAll(async () => {
    await engine?.destroy();
  });

  /** Starts a sequence and polls it by its token until it ends; resolves with every item. */
  async function healSequence(
    op: string,
    opts: Record<string, unknown>,
  ): Promise<{ items: HealItem[]; status: HealStatus }> {
    const root = rootKeys(engine);
    const start = (await adminOk(engine, root, 'POST', op, { body: opts, region: '' })) as {
      clientToken: string;
    };
    expect(start.clientToken).toMatch(/^[0-9a-f-]{36}$/);
    const items: HealItem[] = [];
    let status: HealStatus | undefined;
    await waitFor(async () => {
      status = (await adminOk(engine, root, 'POST', op, {
        query: { clientToken: start.clientToken },
        body: opts,
        region: '',
      })) as HealStatus;
      items.push(...(status.Items ?? []));
      return status.Summary === 'finished' || status.Summary === 'stopped';
    }, `heal sequence ${op}`);
    return { items, status: status! };
  }

  it('heals a bucket and prefix, reporting each drive before and after', async () => {
    const mc = s3(engine);
    await mc.makeBucket('healapi');
    const objects = new Map<string, Buffer>();
    await put(mc, 'healapi', objects, [50, 3 * MiB], 'dir');
    await put(mc, 'healapi', objects, [10], 'other');
    // dir/obj-1's shard file disappears from drive 3: the format is intact, so only a heal sees it.
    const files = (await shardFiles(engine.drives[2]!)).filter((f) => f.includes('healapi'));
    expect(files.length).toBe(1);
    await rm(path.join(engine.drives[2]!, files[0]!));

    const { items, status } = await healSequence('heal/healapi/dir/', { recursive: true, scanMode: 1 });
    expect(status.Summary).toBe('finished');
    expect(status.Settings.recursive).toBe(true);
    const objectItems = items.filter((i) => i.type === 'object');
    expect(objectItems.map((i) => i.object).sort(), 'only the prefix').toEqual(['dir/obj-0', 'dir/obj-1']);
    for (const item of objectItems) {
      expect(item.parityBlocks).toBe(2);
      expect(item.dataBlocks).toBe(2);
      expect(item.after.drives.map((d) => d.state)).toEqual(['ok', 'ok', 'ok', 'ok']);
      expect(item.before.drives.map((d) => d.endpoint)).toEqual(engine.drives);
    }
    const broken = objectItems.filter((i) => i.before.drives.some((d) => d.state !== 'ok'));
    expect(broken.map((i) => [i.object, i.before.drives.map((d) => d.state)])).toEqual([
      ['dir/obj-1', ['ok', 'ok', 'missing', 'ok']],
    ]);
    expect(await shardFiles(engine.drives[2]!), 'the shard file is back').toContain(files[0]);
    expect(items.some((i) => i.type === 'bucket' && i.bucket === 'healapi')).toBe(true);
    for (const [key, data] of objects) expect(sha(await read(mc, 'healapi', key)), key).toBe(sha(data));
  });

  it("answers MinIO's refusals", async () => {
    const root = rootKeys(engine);
    const unknown = await adminCall(engine, root, 'POST', 'heal/no-such-bucket', { body: {}, region: '' });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ Code: 'NoSuchBucket' });

    const start = (await adminOk(engine, root, 'POST', 'heal/healapi', {
      body: { recursive: true },
      region: '',
    })) as {
      clientToken: string;
    };
    const wrong = await adminCall(engine, root, 'POST', 'heal/healapi', {
      query: { clientToken: '00000000-0000-0000-0000-000000000000' },
      region: '',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toMatchObject({ Code: 'XMinioHealInvalidClientToken' });
    const both = await adminCall(engine, root, 'POST', 'heal/healapi', {
      query: { clientToken: start.clientToken, forceStart: 'true' },
      region: '',
    });
    expect(both.status).toBe(400);
    // Force-stop ends it and names its token; a path without a sequence then reads as finished.
    const stopped = (await adminOk(engine, root, 'POST', 'heal/healapi', {
      query: { forceStop: 'true' },
      body: {},
      region: '',
    })) as { clientToken: string };
    expect(stopped.clientToken).toBe(start.clientToken);
    const after = (await adminOk(engine, root, 'POST', 'heal/healapi', {
      query: { clientToken: start.clientToken },
      region: '',
    })) as HealStatus;
    expect(after.Summary).toBe('finished');

    const user = await createUser(engine, 'healless', 'healless-secret-1', ['readwrite']);
    const denied = await adminCall(engine, user, 'POST', 'heal/healapi', { body: {}, region: '' });
    expect(denied.status).toBe(403);
    const bgDenied = await adminCall(engine, user, 'POST', 'background-heal/status', { region: '' });
    expect(bgDenied.status).toBe(403);
  });
});
