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
import { BlockReader } from '../storage/block-reader.js';
import { BodyDigester } from '../storage/digester.js';
import { ErasureEncoder } from '../storage/erasure-encode.js';
import type { ErasureLayout } from '../storage/records.js';
import { BLOCK_SIZE, DEFAULT_BITROT } from '../storage/shard-file.js';
import { FileShardWriter, MemoryShardWriter, type ShardWriter } from '../storage/shard-io.js';
import type { LayerCore } from './core.js';
import { EntityTooLarge, InsufficientWriteQuorum } from './errors.js';
import type { ComputedDigests, WriteBodyOptions } from './types.js';

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
  const reader = new BlockReader(body, BLOCK_SIZE, options.size);
  const digester = new BodyDigester(options);
  const ec: ErasureLayout = {
    data: core.dataShards,
    parity: core.parityShards,
    blockSize: BLOCK_SIZE,
    dist,
    index: 0,
    bitrot: DEFAULT_BITROT,
  };
  const dataDir = randomUUID();
  let first: Buffer | undefined;
  try {
    first = await reader.next();
  } catch (error) {
    await reader.cancel();
    throw error;
  }
  if (first) digester.update(first);
  const small = (first === undefined || first.length <= INLINE_LIMIT) && reader.ended;
  if (small && target.kind === 'object')
    return writeInline(core, first, digester, options, ec, dataDir, dist);

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
  let encoder: ErasureEncoder | undefined;
  try {
    encoder = new ErasureEncoder(core.rs, writers, core.writeQuorum, ec.bitrot);
    let block = first;
    while (block !== undefined) {
      await encoder.writeBlock(block);
      block = await reader.next();
      if (block) digester.update(block);
    }
    await encoder.finish();
    const digests = await digester.finish();
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
    await reader.cancel();
    await encoder?.abort();
    if (!encoder) await Promise.all(writers.map((w) => w?.abort()));
    await removeTmp();
    throw error;
  }
}

async function writeInline(
  core: LayerCore,
  data: Buffer | undefined,
  digester: BodyDigester,
  options: WriteBodyOptions,
  ec: ErasureLayout,
  dataDir: string,
  dist: number[],
): Promise<WrittenData> {
  const writers = core.drives.map(() => new MemoryShardWriter());
  const encoder = new ErasureEncoder(core.rs, writers, 1, ec.bitrot);
  if (data !== undefined && data.length > 0) await encoder.writeBlock(data);
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
