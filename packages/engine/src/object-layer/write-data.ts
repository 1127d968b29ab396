/**
 * Writes a body's data, erasure coded, to the drives — the part of a PUT (object or multipart
 * part) that happens before any lock is taken and before anything is visible.
 *
 * Small objects (≤ 128 KiB, single PUT) stay in memory and become inline shard bytes that the
 * commit stores in each drive's index. Larger bodies stream block by block into
 * `tmp/<uuid>/part.1` on every online drive, are fsynced, pass `verify`, and are then installed
 * with one directory rename each (data/<bucket>/<dataDir> or multipart/<uploadId>/<dataDir>).
 * Only the metadata commit that follows makes them visible; if anything fails first, the temp or
 * installed directories are removed again and nothing is left behind (a crash leaves only tmp/
 * leftovers, swept at startup, or unreferenced data dirs).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { shardViews } from '../storage/block-pool.js';
import { BlockReader } from '../storage/block-reader.js';
import { BodyDigester, checksumAccumulator } from '../storage/digester.js';
import { ErasureEncoder } from '../storage/erasure-encode.js';
import type { ErasureLayout } from '../storage/records.js';
import { BLOCK_SIZE, DEFAULT_BITROT } from '../storage/shard-file.js';
import { FileShardWriter, MemoryShardWriter, type ShardWriter } from '../storage/shard-io.js';
import type { LayerCore } from './core.js';
import { EntityTooLarge } from '../common/errors.js';
import { InsufficientWriteQuorum } from './errors.js';
import type { ChecksumAlgorithm, Checksums, ComputedDigests, WriteBodyOptions } from './types.js';

export const INLINE_LIMIT = 128 * 1024;
/** S3's limit for one PUT (and one part). */
export const MAX_PUT_SIZE = 5 * 1024 * 1024 * 1024;

export interface WrittenData {
  digests: ComputedDigests;
  /** Fresh per write: data directory name or inline-key suffix. */
  dataDir: string;
  /** Layout shared by all drives (`index` is filled per drive at commit). */
  ec: ErasureLayout;
  /** Inline shard bytes per drive slot, when the data is inline. */
  inline?: Map<number, Buffer>;
  /** Drive slots holding the data. */
  slots: number[];
  /** Removes installed data (commit failed). */
  discard(): Promise<void>;
}

export type WriteTarget = { kind: 'object'; bucket: string } | { kind: 'part'; uploadId: string };

export async function writeData(
  core: LayerCore,
  target: WriteTarget,
  dist: number[],
  body: Readable,
  options: WriteBodyOptions,
): Promise<WrittenData> {
  if (options.size > MAX_PUT_SIZE) {
    body.resume();
    throw new EntityTooLarge('Your proposed upload exceeds the maximum allowed object size.');
  }
  core.requireWriteQuorumOnline();
  const reader = new BlockReader(body, BLOCK_SIZE, options.size, options.release);
  const ec: ErasureLayout = {
    data: core.dataShards,
    parity: core.parityShards,
    blockSize: BLOCK_SIZE,
    dist,
    bitrot: DEFAULT_BITROT,
  };
  const dataDir = randomUUID();
  const pool = core.blocks;
  const block = pool.acquire();
  let length: number;
  try {
    length = await reader.fill(block, BLOCK_SIZE);
  } catch (error) {
    pool.release(block);
    await reader.cancel();
    throw error;
  }
  if (length <= INLINE_LIMIT && reader.ended && target.kind === 'object') {
    const data = Buffer.from(block.subarray(0, length));
    pool.release(block);
    const digester = new BodyDigester(options);
    digester.update(data);
    return writeInline(core, data, digester, options, ec, dataDir, dist);
  }

  // Streaming path: one temp dir per online drive.
  const tmpDirs = new Map<number, string>();
  const writers: (ShardWriter | undefined)[] = new Array<ShardWriter | undefined>(core.n).fill(undefined);
  await Promise.all(
    core.drives.map(async (drive, slot) => {
      if (!drive.ok) return;
      try {
        const tmp = await drive.makeTmpDir();
        tmpDirs.set(slot, tmp);
        writers[dist[slot] ?? slot] = await FileShardWriter.create(join(tmp, 'part.1'));
      } catch (error) {
        core.driveError(drive, error);
      }
    }),
  );
  const removeTmp = async (): Promise<void> => {
    await Promise.all([...tmpDirs].map(([slot, dir]) => core.drives[slot]?.remove(dir)));
  };
  const algorithms = new Set(options.checksumAlgorithms ?? []);
  // MD5, SHA-256, SHA-1 and CRC-32 run on the digest worker; the two others here.
  const wanted = {
    md5: options.skipMd5 !== true,
    sha256: options.computeSha256 === true || algorithms.has('SHA256'),
    sha1: algorithms.has('SHA1'),
    crc32: algorithms.has('CRC32'),
  };
  const session = core.digests.start(wanted);
  // An encrypted body's digests are its plaintext's, taken above this layer: then the worker has
  // nothing to hash, and a message per block would only wake it (and preempt this thread).
  const toWorker = wanted.md5 || wanted.sha256 || wanted.sha1 || wanted.crc32;
  const local = new Map<ChecksumAlgorithm, ReturnType<typeof checksumAccumulator>>();
  for (const a of ['CRC32C', 'CRC64NVME'] as const)
    if (algorithms.has(a)) local.set(a, checksumAccumulator(a));
  const hashing: Promise<void>[] = [];
  let encoder: ErasureEncoder | undefined;
  let current: Buffer | undefined = block;
  try {
    encoder = new ErasureEncoder(core.rs, writers, core.writeQuorum, ec.bitrot, core.bitrot);
    while (length > 0 && current !== undefined) {
      const buffer: Buffer = current;
      for (const acc of local.values()) acc.update(buffer.subarray(0, length));
      const hashed = toWorker ? session.update(buffer, 0, length) : Promise.resolve();
      hashing.push(hashed);
      let written!: () => void;
      const writesDone = new Promise<void>((resolve) => (written = resolve));
      // The buffer goes back to the pool once both the worker and the drives are done with it
      // (until here a failure releases it below: arena slots are not garbage collected).
      void Promise.all([hashed, writesDone]).then(() => pool.release(buffer));
      current = undefined;
      await encoder.writeShards(shardViews(buffer, length, ec.data, ec.parity), written);
      // Back-pressure from the digest worker: at most a few blocks ahead of it.
      while (session.outstanding > 8) await hashing.shift();
      if (length < BLOCK_SIZE) break;
      current = pool.acquire();
      length = await reader.fill(current, BLOCK_SIZE);
    }
    if (current !== undefined) pool.release(current);
    current = undefined;
    await encoder.finish();
    const fromWorker = await session.finish();
    const checksums: Checksums = {};
    for (const a of algorithms) {
      if (a === 'SHA256' && fromWorker.sha256) checksums.SHA256 = fromWorker.sha256.toString('base64');
      else if (a === 'SHA1' && fromWorker.sha1) checksums.SHA1 = fromWorker.sha1.toString('base64');
      else if (a === 'CRC32' && fromWorker.crc32 !== undefined) {
        const out = Buffer.allocUnsafe(4);
        out.writeUInt32BE(fromWorker.crc32 >>> 0, 0);
        checksums.CRC32 = out.toString('base64');
      } else {
        const acc = local.get(a);
        if (acc) checksums[a] = (await acc.digest()).toString('base64');
      }
    }
    const digests: ComputedDigests = { md5: fromWorker.md5, size: reader.total, checksums };
    if (options.computeSha256 === true && fromWorker.sha256) digests.sha256 = fromWorker.sha256;
    await options.verify?.(digests);
    // Install: one rename per drive that still holds a good shard file.
    const failures = encoder.failures;
    const installed: number[] = [];
    await Promise.all(
      [...tmpDirs].map(async ([slot, tmp]) => {
        const drive = core.drives[slot];
        if (drive === undefined || failures[dist[slot] ?? slot] !== undefined) return;
        const dest =
          target.kind === 'object'
            ? drive.dataDir(target.bucket, dataDir)
            : drive.uploadDir(target.uploadId, dataDir);
        try {
          await drive.install(tmp, dest);
          installed.push(slot);
        } catch (error) {
          core.driveError(drive, error);
        }
      }),
    );
    const discard = async (): Promise<void> => {
      await Promise.all(
        installed.map((slot) => {
          const drive = core.drives[slot];
          if (drive === undefined) return undefined;
          return drive.remove(
            target.kind === 'object'
              ? drive.dataDir(target.bucket, dataDir)
              : drive.uploadDir(target.uploadId, dataDir),
          );
        }),
      );
    };
    if (installed.length < core.writeQuorum) {
      await discard();
      throw new InsufficientWriteQuorum(
        `only ${installed.length} of ${core.n} drives stored the data (need ${core.writeQuorum})`,
      );
    }
    await removeTmp();
    installed.sort((a, b) => a - b);
    return { digests, dataDir, ec, slots: installed, discard };
  } catch (error) {
    session.abort();
    if (current !== undefined) pool.release(current);
    await reader.cancel();
    await encoder?.abort();
    if (!encoder) await Promise.all(writers.map((w) => w?.abort()));
    await removeTmp();
    throw error;
  }
}

async function writeInline(
  core: LayerCore,
  data: Buffer,
  digester: BodyDigester,
  options: WriteBodyOptions,
  ec: ErasureLayout,
  dataDir: string,
  dist: number[],
): Promise<WrittenData> {
  const writers = core.drives.map(() => new MemoryShardWriter());
  const encoder = new ErasureEncoder(core.rs, writers, 1, ec.bitrot, core.bitrot);
  if (data.length > 0) await encoder.writeBlock(data);
  await encoder.finish();
  const digests = await digester.finish();
  await options.verify?.(digests);
  const inline = new Map<number, Buffer>();
  const slots: number[] = [];
  core.drives.forEach((drive, slot) => {
    if (!drive.ok) return;
    inline.set(slot, (writers[dist[slot] ?? slot] as MemoryShardWriter).bytes());
    slots.push(slot);
  });
  return { digests, dataDir, ec, inline, slots, discard: () => Promise.resolve() };
}
