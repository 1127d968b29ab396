/**
 * Fault tests of the engine as a process on 4 drives (2 data + 2 parity):
 *
 * (a) `kill -9` during concurrent uploads, at three different moments, restarting on the same
 *     drives each time: every acknowledged object reads back byte-identical, every listed object is
 *     complete and is one of the payloads sent for its key (nothing partial is listed), objects
 *     never acknowledged are absent or complete.
 * (b) Two drives wiped (directories left empty): every object and version reads back
 *     byte-identical; after a heal the wiped drives hold shards and metadata again, proven by then
 *     wiping the OTHER two drives and reading everything back once more.
 * (c) Two drives corrupted (bytes flipped in every shard file; format and index of the same drives
 *     damaged): reads are byte-identical; after a heal, the same proof as (b).
 *
 * The heal is MinIO's admin heal API driven by madmin-go when the engine serves it; otherwise the
 * object layer's `healAll` in-process on the stopped engine's drives (docs/compatibility.md says
 * which was used).
 */
import { createHash, randomBytes } from 'node:crypto';
import { open, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createEngine } from '@coffer/engine';
import type { Client } from 'minio';
import { S3Error, type BucketItem } from 'minio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngine, type EngineProcess } from './helpers/engine-process.js';
import { minioClient, readObject } from './helpers/minio-client.js';
import { buildMadminProbe, runMadminProbe } from './helpers/madmin-probe.js';
import { requireSystemDeps } from './helpers/system-deps.js';

const MiB = 1024 * 1024;

await requireSystemDeps(['go', 'madmin-go']);

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

function listAll(mc: Client, bucket: string): Promise<BucketItem[]> {
  return new Promise((resolve, reject) => {
    const items: BucketItem[] = [];
    const s = mc.listObjectsV2(bucket, '', true);
    s.on('data', (x: BucketItem) => items.push(x));
    s.on('error', reject);
    s.on('end', () => resolve(items));
  });
}

/** Empties a drive directory (`rm -rf drive/* drive/.*`), leaving the directory itself. */
async function wipeDrive(drive: string): Promise<void> {
  for (const name of await readdir(drive)) await rm(path.join(drive, name), { recursive: true, force: true });
}

/** Every regular file under `dir`, recursively (absolute paths). */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const e of entries) if (e.isFile()) out.push(path.join(e.parentPath, e.name));
  return out.sort();
}

/** Shard files of committed objects on a drive (`.coffer.sys/data/<bucket>/<dir>/part.N`, storage/layout.ts). */
async function shardFiles(drive: string): Promise<string[]> {
  return (await filesUnder(path.join(drive, '.coffer.sys', 'data'))).filter((f) =>
    /part\.\d+$/.test(path.basename(f)),
  );
}

/** Flips `count` bytes spread over the file (XOR 0xff): bitrot the engine must detect. */
async function flipBytes(file: string, count: number): Promise<void> {
  const { size } = await stat(file);
  if (size === 0) return;
  const fh = await open(file, 'r+');
  try {
    for (let i = 0; i < count; i++) {
      const pos = Math.floor(((i + 0.5) * size) / count);
      const b = Buffer.alloc(1);
      await fh.read(b, 0, 1, pos);
      b[0] = (b[0] ?? 0) ^ 0xff;
      await fh.write(b, 0, 1, pos);
    }
  } finally {
    await fh.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The heal: admin API through madmin-go when served, else healAll in-process.

let probe: string;
let healMethod: 'admin API (madmin-go Heal)' | 'in-process healAll' | undefined;

async function heal(engine: EngineProcess): Promise<void> {
  const { code, report } = await runMadminProbe(probe, 'heal', engine);
  const errors = (report.errors ?? {}) as Record<string, string>;
  if (code === 0) {
    healMethod = 'admin API (madmin-go Heal)';
    // madmin decoded the background heal state too: the set's four drives.
    const background = report.background as { sets?: { disks?: unknown[] }[] } | undefined;
    expect(background?.sets?.[0]?.disks).toHaveLength(4);
    return;
  }
  // 426 XMinioAdminVersionMismatch = the engine has no heal route (wire doc §1.1, §3.9).
  if (!/XMinioAdminVersionMismatch|NotImplemented/.test(errors.HealStart ?? '')) {
    throw new Error(`madmin heal failed: ${JSON.stringify(report)}`);
  }
  healMethod = 'in-process healAll';
  await engine.stop();
  const inproc = await createEngine({
    address: '127.0.0.1:0',
    drives: engine.drives,
    dataDir: engine.dataDir,
    rootUser: engine.accessKey,
    rootPassword: engine.secretKey,
    log: () => {},
  });
  try {
    const items: unknown[] = [];
    await inproc.objectLayer.healAll({
      deep: true,
      onItem: (i) => {
        items.push(i);
      },
    });
  } finally {
    await inproc.close();
  }
  await engine.restart();
}

// ---------------------------------------------------------------------------------------------
// A data set covering every storage shape: 0-byte, inline-small, multi-MiB, multipart, versions.

interface Stored {
  bucket: string;
  key: string;
  versionId?: string;
  sha: string;
  size: number;
}

async function writeDataSet(mc: Client, tag: string): Promise<Stored[]> {
  const plain = `fault-${tag}-plain`;
  const versioned = `fault-${tag}-ver`;
  await mc.makeBucket(plain);
  await mc.makeBucket(versioned);
  await mc.setBucketVersioning(versioned, { Status: 'Enabled' });
  const stored: Stored[] = [];
  const put = async (bucket: string, key: string, data: Buffer): Promise<void> => {
    const r = await mc.putObject(bucket, key, data);
    stored.push({
      bucket,
      key,
      sha: sha(data),
      size: data.length,
      ...(bucket === versioned ? { versionId: r.versionId ?? '' } : {}),
    });
  };
  await put(plain, 'empty', Buffer.alloc(0));
  await put(plain, 'tiny', randomBytes(100));
  await put(plain, 'small-100k', randomBytes(100 * 1024));
  await put(plain, 'mid', randomBytes(3 * MiB + 7));
  await put(plain, 'big', randomBytes(17 * MiB + 3));
  await put(plain, "dir/it's ünï +%.bin", randomBytes(70_000));

  // Multipart: 5 MiB + 5 MiB + 1 MiB parts.
  const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(MiB + 1)];
  const uploadId = await mc.initiateNewMultipartUpload(plain, 'multipart', {});
  const etags: { part: number; etag: string }[] = [];
  for (const [i, p] of parts.entries()) {
    const res = await mc.makeRequestAsync(
      {
        method: 'PUT',
        bucketName: plain,
        objectName: 'multipart',
        query: `partNumber=${i + 1}&uploadId=${uploadId}`,
      },
      p,
      [200],
    );
    res.resume();
    etags.push({ part: i + 1, etag: String(res.headers.etag ?? '').replace(/"/g, '') });
  }
  await mc.completeMultipartUpload(plain, 'multipart', uploadId, etags);
  const whole = Buffer.concat(parts);
  stored.push({ bucket: plain, key: 'multipart', sha: sha(whole), size: whole.length });

  await put(versioned, 'doc', randomBytes(2000));
  await put(versioned, 'doc', randomBytes(4 * MiB));
  await put(versioned, 'gone', randomBytes(10));
  await mc.removeObject(versioned, 'gone'); // a delete marker on top
  return stored;
}

/** Every stored object and version reads back byte-identical; listings show exactly the live keys. */
async function verifyDataSet(mc: Client, stored: Stored[]): Promise<void> {
  for (const s of stored) {
    const got = await readObject(mc, s.bucket, s.key, s.versionId);
    expect(got.length, `${s.bucket}/${s.key}@${s.versionId ?? ''}`).toBe(s.size);
    expect(sha(got), `${s.bucket}/${s.key}@${s.versionId ?? ''}`).toBe(s.sha);
  }
  for (const bucket of new Set(stored.map((s) => s.bucket))) {
    const live = [
      ...new Set(stored.filter((s) => s.bucket === bucket && s.key !== 'gone').map((s) => s.key)),
    ].sort();
    const listed = (await listAll(mc, bucket)).map((o) => o.name ?? '').sort();
    expect(listed, bucket).toEqual(live);
  }
}

// ---------------------------------------------------------------------------------------------

describe('kill -9 during concurrent uploads', () => {
  let engine: EngineProcess;

  beforeAll(async () => {
    engine = await startEngine({ drives: 4 });
  });
  afterAll(async () => {
    await engine?.destroy();
  });

  it('keeps every acknowledged object and lists nothing partial, at three kill moments', async () => {
    const bucket = 'crash';
    await minioClient(engine).makeBucket(bucket);
    /** Everything ever sent per key: payload hashes by size, and the last acknowledged hash. */
    const sent = new Map<string, { candidates: Map<string, number>; acked?: string }>();
    const moments: { name: string; killAfterAcks?: number; killAfterMs?: number }[] = [
      { name: 'early (150 ms after the first request)', killAfterMs: 150 },
      { name: 'after 7 acknowledgements', killAfterAcks: 7 },
      { name: 'after 15 acknowledgements', killAfterAcks: 15 },
    ];

    for (const [round, moment] of moments.entries()) {
      const mc = minioClient(engine);
      // 20 uploads of 1–8 MiB; 3 overwrite keys of the previous round; every 5th is a multipart
      // upload (a stream without a size: minio-js always uses multipart for those).
      const jobs = Array.from({ length: 20 }, (_, i) => {
        const overwrite = round > 0 && i < 3;
        const key = overwrite ? `r${round - 1}/obj-${i + 10}` : `r${round}/obj-${i}`;
        const data = randomBytes(MiB + Math.floor(Math.random() * 7 * MiB));
        return { key, data, hash: sha(data), multipart: i % 5 === 4 };
      });
      for (const j of jobs) {
        const entry = sent.get(j.key) ?? { candidates: new Map<string, number>() };
        entry.candidates.set(j.hash, j.data.length);
        sent.set(j.key, entry);
      }

      let acks = 0;
      let killed = false;
      let killing: Promise<void> | undefined;
      const pendingAtKill: string[] = [];
      const inFlight = new Set<string>();
      const kill = (): void => {
        if (killed) return;
        killed = true;
        pendingAtKill.push(...inFlight);
        killing = engine.kill9();
      };
      const queue = [...jobs];
      const worker = async (): Promise<void> => {
        for (let j = queue.shift(); j !== undefined && !killed; j = queue.shift()) {
          inFlight.add(j.key);
          try {
            if (j.multipart) await mc.putObject(bucket, j.key, Readable.from([j.data]));
            else await mc.putObject(bucket, j.key, j.data);
            if (!killed) {
              // Acknowledged by the server before the kill: it must survive.
              const entry = sent.get(j.key);
              if (entry) entry.acked = j.hash;
              acks++;
              if (moment.killAfterAcks !== undefined && acks >= moment.killAfterAcks) kill();
            }
          } catch {
            // Cut off by the kill: not acknowledged, may or may not exist.
          } finally {
            inFlight.delete(j.key);
          }
        }
      };
      const timer = moment.killAfterMs !== undefined ? setTimeout(kill, moment.killAfterMs) : undefined;
      // Five uploads at a time, so a kill lands with several in flight and several not started.
      await Promise.all(Array.from({ length: 5 }, worker));
      clearTimeout(timer);
      kill();
      await killing;
      expect(pendingAtKill.length, `${moment.name}: uploads in flight at the kill`).toBeGreaterThan(0);

      await engine.restart();
      const after = minioClient(engine);
      // Every acknowledged object, from this round and all earlier ones, reads back intact.
      for (const [key, entry] of sent) {
        if (entry.acked === undefined) continue;
        const got = await readObject(after, bucket, key);
        expect(sha(got), `${moment.name}: acknowledged ${key}`).toBe(entry.acked);
      }
      // Everything listed is complete and is exactly one of the payloads sent for its key.
      const listed = await listAll(after, bucket);
      for (const item of listed) {
        const key = item.name ?? '';
        const entry = sent.get(key);
        expect(entry, `${moment.name}: listed key ${key} was never sent`).toBeDefined();
        const got = await readObject(after, bucket, key);
        expect(entry?.candidates.get(sha(got)), `${moment.name}: ${key} is not a complete payload`).toBe(
          got.length,
        );
        expect(item.size, `${moment.name}: listed size of ${key}`).toBe(got.length);
      }
      // And every acknowledged key is listed.
      const listedKeys = new Set(listed.map((o) => o.name));
      for (const [key, entry] of sent)
        if (entry.acked !== undefined) expect(listedKeys.has(key), key).toBe(true);
      // Unacknowledged new keys that are absent read as NoSuchKey, not as an error of another kind.
      for (const [key, entry] of sent) {
        if (entry.acked !== undefined || listedKeys.has(key)) continue;
        const err = await readObject(after, bucket, key).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, `${moment.name}: unlisted ${key} must not be readable`).toBeInstanceOf(S3Error);
        expect((err as S3Error).code).toBe('NoSuchKey');
      }
    }
  });
});

describe('two of four drives lost or corrupted', () => {
  let engine: EngineProcess;
  /** Every data set written in this deployment: each proof re-reads all of them. */
  const everything: Stored[] = [];

  beforeAll(async () => {
    probe = await buildMadminProbe();
    engine = await startEngine({ drives: 4 });
  });
  afterAll(async () => {
    await engine?.destroy();
  });

  it('wiped drives: every object reads back, and the heal restores them', async () => {
    const stored = await writeDataSet(minioClient(engine), 'wipe');
    everything.push(...stored);
    const before = await shardFiles(engine.drives[2]!);
    expect(before.length, 'multi-MiB objects have shard files on drive3').toBeGreaterThan(0);

    await engine.stop();
    await wipeDrive(engine.drives[2]!);
    await wipeDrive(engine.drives[3]!);
    await engine.restart();
    await verifyDataSet(minioClient(engine), stored);

    await heal(engine);
    // The wiped drives hold the same number of shard files as before the wipe.
    expect((await shardFiles(engine.drives[2]!)).length).toBe(before.length);
    expect((await shardFiles(engine.drives[3]!)).length).toBe(before.length);

    // The proof: lose the OTHER two drives; everything must come from the healed ones.
    await engine.stop();
    await wipeDrive(engine.drives[0]!);
    await wipeDrive(engine.drives[1]!);
    await engine.restart();
    await verifyDataSet(minioClient(engine), stored);
    // Bring the deployment back to full health for the next test.
    await heal(engine);
  });

  it('corrupted drives: reads are byte-identical, and the heal restores them', async () => {
    const stored = await writeDataSet(minioClient(engine), 'rot');
    everything.push(...stored);
    await engine.stop();
    // Bitrot: bytes flipped in every shard file of drive1 and drive2 …
    const rotten = [...(await shardFiles(engine.drives[0]!)), ...(await shardFiles(engine.drives[1]!))];
    expect(rotten.length).toBeGreaterThan(0);
    for (const f of rotten) await flipBytes(f, 8);
    // … and their metadata damaged too: drive1's format file is garbage, drive2's index is
    // overwritten with random bytes.
    const sys1 = path.join(engine.drives[0]!, '.coffer.sys');
    const sys2 = path.join(engine.drives[1]!, '.coffer.sys');
    await writeFile(path.join(sys1, 'format.json'), '{"not": "a format",');
    const index = (await filesUnder(path.join(sys2, 'meta'))).filter((f) => !f.endsWith('lock.mdb'));
    expect(index.length).toBeGreaterThan(0);
    for (const f of index) {
      const { size } = await stat(f);
      await writeFile(f, randomBytes(size));
    }
    await engine.restart();
    await verifyDataSet(minioClient(engine), stored);

    await heal(engine);
    await engine.stop();
    await wipeDrive(engine.drives[2]!);
    await wipeDrive(engine.drives[3]!);
    await engine.restart();
    await verifyDataSet(minioClient(engine), everything);
  });

  afterAll(() => {
    // Recorded for docs/compatibility.md.
    console.log(`faults: heal performed through ${healMethod ?? 'nothing (not reached)'}`);
  });
});
