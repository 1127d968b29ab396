/**
 * Healing: bring every drive back to the quorum state of each object.
 *
 * `healObject` (under the object's exclusive lock) compares each drive's copy of every valid
 * version (quorum.ts) with the version itself: metadata present with the same signature, and data
 * present — inline bytes or shard files of the expected size, and with `deep` every block's hash
 * verified. Drives whose copy is missing or corrupt get their shards rebuilt: the part is decoded
 * from the healthy drives block by block, the missing shards re-encoded and written to a temp dir
 * (or kept in memory for inline data), installed by rename, then the drive's record is rewritten.
 * Dangling versions (held by too few drives to ever reach read quorum) are removed when asked.
 *
 * `healAll` formats fresh or wiped drives into their slot, restores bucket records and system
 * files from quorum, then heals every object of every bucket, and finally removes garbage: data
 * and upload directories no record references (older than an hour, so in-flight writes that have
 * installed their data but not yet committed are never touched). It can be narrowed to one bucket
 * and key prefix (MinIO's heal sequences), and reports one item per drive format ('metadata'),
 * bucket and object version with each drive's state before and after. While it refills
 * (re)formatted drives, `core.healProgress` counts what it did (background heal status).
 */
import { join } from 'node:path';
import { readdir, stat } from 'node:fs/promises';
import { decodeValue, type Drive, type MetaOp } from '../storage/drive.js';
import { PartDecoder } from '../storage/erasure-decode.js';
import {
  afterPrefix,
  bucketRange,
  inlineKey,
  objectKey,
  objectPrefix,
  systemKey,
  uploadPrefix,
} from '../storage/meta-keys.js';
import type {
  BucketRecord,
  ObjectRecord,
  SystemRecord,
  UploadRecord,
  VersionRecord,
} from '../storage/records.js';
import { PartGeometry, type BitrotHasher } from '../storage/shard-file.js';
import {
  FileShardReader,
  FileShardWriter,
  MemoryShardReader,
  MemoryShardWriter,
  type ShardReader,
  type ShardWriter,
} from '../storage/shard-io.js';
import { getBucketRecord } from './buckets.js';
import type { LayerCore } from './core.js';
import { MergedCursor } from './merged-cursor.js';
import { lockName, readObjectRecords } from './objects.js';
import { resolveVersions, type ResolvedVersion } from './quorum.js';
import type { DriveState, HealAllOptions, HealOptions, HealResultItem } from './types.js';

const GARBAGE_MIN_AGE_MS = 60 * 60 * 1000;

export function isDriveHealing(core: LayerCore, slot: number): boolean {
  return core.healingDrives.has(slot);
}

/** Checks one drive's data of a version: 'ok', 'missing' or 'corrupt'. */
async function checkData(
  core: LayerCore,
  drive: Drive,
  bucket: string,
  key: string,
  v: VersionRecord,
  deep: boolean,
): Promise<DriveState> {
  const ec = v.ec;
  if (v.deleteMarker === true || ec === undefined || v.dataDir === undefined) return 'ok';
  if (v.inline === true) {
    const bytes = drive.getBinary(inlineKey(bucket, key, v.dataDir));
    if (bytes === undefined) return 'missing';
    const geometry = new PartGeometry(v.size, ec.blockSize, ec.data, ec.bitrot);
    if (bytes.length !== geometry.fileSize) return 'corrupt';
    return (await verifyShard(core.bitrot, geometry, new MemoryShardReader(bytes))) ? 'ok' : 'corrupt';
  }
  for (const [i, part] of v.parts.entries()) {
    const path = join(drive.dataDir(bucket, v.dataDir), `part.${i + 1}`);
    const geometry = new PartGeometry(part.size, ec.blockSize, ec.data, ec.bitrot);
    const size = await drive.fileSize(path);
    if (size === undefined) return 'missing';
    if (size !== geometry.fileSize) return 'corrupt';
    if (deep) {
      const reader = new FileShardReader(path);
      try {
        if (!(await verifyShard(core.bitrot, geometry, reader))) return 'corrupt';
      } finally {
        await reader.close();
      }
    }
  }
  return 'ok';
}

/** Reads every block of one shard and checks its hash. */
async function verifyShard(
  hasher: BitrotHasher,
  geometry: PartGeometry,
  reader: ShardReader,
): Promise<boolean> {
  try {
    for (let j = 0; j < geometry.blocks; j++) {
      const place = geometry.block(j);
      const raw = await reader.read(place.offset, geometry.hash + place.shardLength);
      if (
        !hasher.hash(geometry.algorithm, raw.subarray(geometry.hash)).equals(raw.subarray(0, geometry.hash))
      )
        return false;
    }
    return true;
  } catch {
    return false;
  }
}

/** The drive's copy of a version (records carry no per-drive field). */
function copyFor(v: VersionRecord): VersionRecord {
  return { ...v };
}

/**
 * Rebuilds the shards of `targets` (drive slots) for one version from the healthy holders.
 * Returns, per target slot that succeeded, the inline bytes (inline versions) or true (files
 * installed in the version's data dir).
 */
async function rebuildData(
  core: LayerCore,
  bucket: string,
  key: string,
  rv: ResolvedVersion,
  healthy: number[],
  targets: number[],
): Promise<Map<number, Buffer | true>> {
  const v = rv.version;
  const ec = v.ec;
  const done = new Map<number, Buffer | true>();
  if (ec === undefined || v.dataDir === undefined) return done;
  const dataDir = v.dataDir;
  const tmpDirs = new Map<number, string>();
  const memory = new Map<number, MemoryShardWriter>();
  try {
    for (const slot of targets) {
      const d = core.drives[slot];
      if (d === undefined || !d.ok) continue;
      if (v.inline === true) memory.set(slot, new MemoryShardWriter());
      else tmpDirs.set(slot, await d.makeTmpDir());
    }
    const live = [...(v.inline === true ? memory.keys() : tmpDirs.keys())];
    for (const [i, part] of v.parts.entries()) {
      const geometry = new PartGeometry(part.size, ec.blockSize, ec.data, ec.bitrot);
      const readers: (ShardReader | undefined)[] = new Array<ShardReader | undefined>(core.n).fill(undefined);
      for (const slot of healthy) {
        const d = core.drives[slot];
        if (d === undefined || !d.ok) continue;
        const index = ec.dist[slot] ?? slot;
        if (v.inline === true) {
          const bytes = d.getBinary(inlineKey(bucket, key, dataDir));
          if (bytes) readers[index] = new MemoryShardReader(bytes);
        } else readers[index] = new FileShardReader(join(d.dataDir(bucket, dataDir), `part.${i + 1}`));
      }
      const writers = new Map<number, ShardWriter>();
      for (const slot of live) {
        const tmp = tmpDirs.get(slot);
        const w =
          v.inline === true
            ? memory.get(slot)
            : tmp
              ? await FileShardWriter.create(join(tmp, `part.${i + 1}`))
              : undefined;
        if (w) writers.set(slot, w);
      }
      const decoder = new PartDecoder(core.rs, geometry, readers, core.bitrot);
      try {
        for (let j = 0; j < geometry.blocks; j++) {
          const shards = await decoder.readBlockShards(j, true);
          await Promise.all(
            [...writers].map(async ([slot, w]) => {
              const shard = shards[ec.dist[slot] ?? slot];
              if (shard === undefined) throw new Error('shard not rebuilt');
              await w.write(core.bitrot.hash(ec.bitrot, shard), shard);
            }),
          );
        }
        for (const w of writers.values()) await w.finish();
      } catch (error) {
        for (const w of writers.values()) await w.abort();
        throw error;
      } finally {
        await decoder.close();
      }
    }
    for (const slot of live) {
      const d = core.drives[slot];
      if (d === undefined) continue;
      if (v.inline === true) {
        const w = memory.get(slot);
        if (w) done.set(slot, w.bytes());
        continue;
      }
      const tmp = tmpDirs.get(slot);
      if (tmp === undefined) continue;
      try {
        await d.install(tmp, d.dataDir(bucket, dataDir));
        tmpDirs.delete(slot);
        done.set(slot, true);
      } catch (error) {
        core.driveError(d, error);
      }
    }
  } finally {
    await Promise.all([...tmpDirs].map(([slot, dir]) => core.drives[slot]?.remove(dir)));
  }
  return done;
}

export async function healObject(
  core: LayerCore,
  bucket: string,
  key: string,
  options: HealOptions,
): Promise<HealResultItem[]> {
  getBucketRecord(core, bucket);
  return core.objectLocks.exclusive(lockName(bucket, key), async () => {
    const records = readObjectRecords(core, bucket, key);
    const resolution = resolveVersions(records, core.readQuorum);
    core.requireReadQuorum(resolution.answered);
    const items: HealResultItem[] = [];
    /** Per slot: versions to (re)write into its record, and inline bytes to store. */
    const writes = new Map<number, { versions: VersionRecord[]; inline: MetaOp[] }>();
    const addWrite = (slot: number, v: VersionRecord, inline?: Buffer): void => {
      const entry = writes.get(slot) ?? { versions: [], inline: [] };
      entry.versions.push(copyFor(v));
      if (inline !== undefined && v.dataDir)
        entry.inline.push({ key: inlineKey(bucket, key, v.dataDir), binary: inline });
      writes.set(slot, entry);
    };

    for (const rv of resolution.versions) {
      const v = rv.version;
      const before: DriveState[] = [];
      const holderSlots = new Set(rv.holders.map((h) => h.slot));
      const metaMissing: number[] = [];
      const dataBad: number[] = [];
      for (const [slot, drive] of core.drives.entries()) {
        if (!drive.ok || records[slot] === null) {
          before.push(drive.state === 'ok' ? 'offline' : drive.state);
          continue;
        }
        let state: DriveState;
        try {
          state = await checkData(core, drive, bucket, key, v, options.deep === true);
        } catch (error) {
          core.driveError(drive, error);
          state = 'corrupt';
        }
        if (!holderSlots.has(slot)) {
          metaMissing.push(slot);
          if (state !== 'ok') dataBad.push(slot);
          before.push('missing');
        } else {
          if (state !== 'ok') dataBad.push(slot);
          before.push(state);
        }
      }
      const after = before.slice();
      const healthy = rv.holders.map((h) => h.slot).filter((s) => !dataBad.includes(s));
      if (options.dryRun === true) {
        items.push({ type: 'object', bucket, key, versionId: v.id, before, after, objectSize: v.size });
        continue;
      }
      if (dataBad.length > 0) {
        const rebuilt = await rebuildData(core, bucket, key, rv, healthy, dataBad);
        for (const [slot, result] of rebuilt) {
          addWrite(slot, v, result === true ? undefined : result);
          after[slot] = 'ok';
        }
      }
      for (const slot of metaMissing) {
        if (dataBad.includes(slot)) continue;
        addWrite(slot, v);
        after[slot] = 'ok';
      }
      items.push({ type: 'object', bucket, key, versionId: v.id, before, after, objectSize: v.size });
    }

    // Dangling versions: on too few drives to ever reach quorum.
    const unanswered = core.n - resolution.answered;
    const remove = new Map<number, Set<string>>();
    if (options.removeDangling === true && options.dryRun !== true) {
      for (const d of resolution.dangling) {
        if (d.holders.length + unanswered >= core.readQuorum) continue;
        for (const h of d.holders) {
          const set = remove.get(h.slot) ?? new Set<string>();
          set.add(d.signature);
          remove.set(h.slot, set);
        }
        const before = core.drives.map((drive, slot) =>
          !drive.ok ? drive.state : d.holders.some((h) => h.slot === slot) ? 'ok' : 'missing',
        ) as DriveState[];
        items.push({
          type: 'object',
          bucket,
          key,
          versionId: d.version.id,
          before,
          after: before.map((s) => (s === 'ok' ? 'missing' : s)),
          objectSize: d.version.size,
        });
      }
    }

    const slots = new Set([...writes.keys(), ...remove.keys()]);
    const k = objectKey(bucket, key);
    await Promise.all(
      [...slots].map(async (slot) => {
        const drive = core.drives[slot];
        if (drive === undefined || !drive.ok) return;
        try {
          const current = (drive.get(k) as ObjectRecord | undefined)?.versions ?? [];
          const w = writes.get(slot);
          const gone = remove.get(slot) ?? new Set<string>();
          const replacedIds = new Set((w?.versions ?? []).map((v) => v.id));
          let versions = current.filter((v) => !replacedIds.has(v.id) && !gone.has(signatureOf(v)));
          for (const v of w?.versions ?? []) versions = insertByTime(versions, v);
          const ops: MetaOp[] = [
            versions.length > 0
              ? { key: k, value: { v: 1, versions } satisfies ObjectRecord }
              : { key: k, remove: true },
          ];
          ops.push(...(w?.inline ?? []));
          // Data of removed stale or dangling copies that nothing on this drive references any more.
          const keep = new Set(versions.map((v) => v.dataDir));
          const dropped = current.filter((v) => v.dataDir !== undefined && !keep.has(v.dataDir));
          for (const v of dropped)
            if (v.inline === true && v.dataDir)
              ops.push({ key: inlineKey(bucket, key, v.dataDir), remove: true });
          await drive.commit(ops);
          for (const v of dropped) {
            const dir = v.dataDir;
            // A GET may still stream this copy (read-pins.ts).
            if (v.inline !== true && dir)
              await core.readPins.removeWhenFree(bucket, dir, () => drive.remove(drive.dataDir(bucket, dir)));
          }
        } catch (error) {
          core.driveError(drive, error);
        }
      }),
    );
    return items;
  });
}

function signatureOf(v: VersionRecord): string {
  return `${v.id}|${v.mtime}|${v.deleteMarker === true ? 1 : 0}|${v.dataDir ?? ''}|${v.metaTime ?? 0}|${v.etag}`;
}

function insertByTime(list: VersionRecord[], v: VersionRecord): VersionRecord[] {
  const out = list.slice();
  const at = out.findIndex((x) => x.mtime < v.mtime);
  if (at < 0) out.push(v);
  else out.splice(at, 0, v);
  return out;
}

/** A drive's state as a heal item shows it: a missing format is a 'missing' drive (as MinIO shows it). */
function itemState(state: DriveState): DriveState {
  return state === 'unformatted' ? 'missing' : state;
}

/**
 * Formats drives that are fresh, wiped or whose format is damaged, into their slot; the 'metadata'
 * item (MinIO's disk-format heal) tells each drive's format before and after.
 */
async function formatDrives(core: LayerCore, dryRun: boolean): Promise<HealResultItem> {
  const before: DriveState[] = [];
  const after: DriveState[] = [];
  for (const drive of core.drives) {
    const state = await drive.check();
    before.push(itemState(state));
    if (dryRun || (state !== 'unformatted' && state !== 'corrupt')) {
      after.push(itemState(state));
      continue;
    }
    try {
      await drive.format({ ...core.formatTemplate, driveId: drive.driveId });
      core.log(`drive ${drive.endpoint} formatted into slot ${drive.slot + 1}; healing it`);
      core.healingDrives.add(drive.slot);
      after.push('ok');
    } catch (error) {
      core.log(
        `drive ${drive.endpoint} could not be formatted: ${error instanceof Error ? error.message : String(error)}`,
      );
      after.push(itemState(drive.state));
    }
  }
  return { type: 'metadata', bucket: '', key: '', before, after, objectSize: 0 };
}

/** One record chosen from quorum, with each drive's copy before the heal. */
interface ChosenRecord {
  value: unknown;
  before: DriveState[];
  after: DriveState[];
}

/** Copies quorum bucket records and system files to the drives that lack them. */
async function healIndexRecords(
  core: LayerCore,
  start: Buffer,
  end: Buffer,
  pick: (values: unknown[]) => unknown,
  same: (a: unknown, b: unknown) => boolean,
  dryRun: boolean,
): Promise<ChosenRecord[]> {
  const cursor = new MergedCursor(core, start, end);
  const fixes = new Map<number, MetaOp[]>();
  const chosen: ChosenRecord[] = [];
  try {
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const values = e.values.map((v) => (v ? decodeValue(v) : v));
      const present = values.filter((v) => v !== null && v !== undefined);
      if (present.length < core.readQuorum) continue;
      const best = pick(present);
      if (best === undefined) continue;
      const before = values.map((v, slot): DriveState => {
        if (v === null) return itemState(core.drives[slot]?.state ?? 'offline');
        return v !== undefined && same(v, best) ? 'ok' : 'missing';
      });
      chosen.push({ value: best, before, after: before.map((b) => (b === 'missing' && !dryRun ? 'ok' : b)) });
      values.forEach((v, slot) => {
        if (v === null || (v !== undefined && same(v, best))) return;
        const list = fixes.get(slot) ?? [];
        list.push({ key: e.key, value: best });
        fixes.set(slot, list);
      });
    }
  } finally {
    cursor.close();
  }
  if (dryRun) return chosen;
  await Promise.all(
    [...fixes].map(async ([slot, ops]) => {
      const d = core.drives[slot];
      if (d === undefined || !d.ok) return;
      try {
        await d.commit(ops);
      } catch (error) {
        core.driveError(d, error);
        for (const c of chosen)
          if (c.after[slot] === 'ok' && c.before[slot] !== 'ok') c.after[slot] = 'offline';
      }
    }),
  );
  return chosen;
}

/** Keys of a bucket in order, a batch at a time (the index is not held open across heals). */
function keyBatch(
  core: LayerCore,
  bucket: string,
  prefix: string,
  after: Buffer | undefined,
  limit: number,
): Buffer[] {
  const start = objectPrefix(bucket);
  const first = Buffer.concat([start, Buffer.from(prefix, 'utf8')]);
  const cursor = new MergedCursor(
    core,
    after ? Buffer.concat([after, Buffer.from([0])]) : first,
    prefix === '' ? afterPrefix(start) : afterPrefix(first),
  );
  const out: Buffer[] = [];
  try {
    for (let e = cursor.next(); e !== undefined && out.length < limit; e = cursor.next()) out.push(e.key);
  } finally {
    cursor.close();
  }
  return out;
}

/** Counts a heal item into the progress of the drives being refilled. */
function recordProgress(core: LayerCore, item: HealResultItem, failed: boolean): void {
  const p = core.healProgress;
  if (p === undefined) return;
  p.lastUpdate = new Date();
  p.itemsScanned++;
  p.bucket = item.bucket;
  p.object = item.key;
  if (failed) {
    p.itemsFailed++;
    p.bytesFailed += item.objectSize;
    return;
  }
  const healed = [...core.healingDrives].some(
    (slot) => item.before[slot] !== 'ok' && item.after[slot] === 'ok',
  );
  if (!healed) return;
  p.itemsHealed++;
  if (item.type === 'bucket') p.healedBuckets.push(item.bucket);
  else p.bytesDone += item.objectSize;
}

export async function healAll(core: LayerCore, options: HealAllOptions): Promise<void> {
  const signal = options.signal;
  const dryRun = options.dryRun === true;
  const emit = async (item: HealResultItem, failed = false): Promise<void> => {
    recordProgress(core, item, failed);
    await options.onItem?.(item);
  };
  const formatItem = await formatDrives(core, dryRun);
  // The walk that refills (re)formatted drives owns their marks and progress; a heal running beside
  // it (an admin heal sequence) leaves them alone.
  const owner = !dryRun && core.healingDrives.size > 0 && core.healProgress === undefined;
  if (owner) {
    const now = new Date();
    core.healProgress = {
      started: now,
      lastUpdate: now,
      itemsScanned: 0,
      itemsHealed: 0,
      itemsFailed: 0,
      bytesDone: 0,
      bytesFailed: 0,
      bucket: '',
      object: '',
      healedBuckets: [],
    };
  }
  try {
    if (options.bucket === undefined) await emit(formatItem);
    const { start, end } = bucketRange();
    const chosenBuckets = await healIndexRecords(
      core,
      start,
      end,
      (values) => (values as BucketRecord[]).reduce((a, b) => (b.updated > a.updated ? b : a)),
      (a, b) => (a as BucketRecord).updated === (b as BucketRecord).updated,
      dryRun,
    );
    const bucketRecords = chosenBuckets
      .map((c) => ({ record: c.value as BucketRecord, chosen: c }))
      .filter((b) => options.bucket === undefined || b.record.name === options.bucket);
    for (const { record: b, chosen } of bucketRecords) {
      if (!dryRun) {
        await Promise.all(
          core.drives.map((d) =>
            d.ok ? d.mkdirs(join(d.paths.data, b.name)).catch(() => undefined) : undefined,
          ),
        );
      }
      await emit({
        type: 'bucket',
        bucket: b.name,
        key: '',
        before: chosen.before,
        after: chosen.after,
        objectSize: 0,
      });
    }
    if (options.bucket === undefined) {
      const sys = systemKey('');
      await healIndexRecords(
        core,
        sys,
        afterPrefix(sys),
        (values) => {
          const groups = new Map<string, { r: SystemRecord; n: number }>();
          for (const r of values as SystemRecord[]) {
            const id = `${r.mtime}:${r.data}`;
            const g = groups.get(id);
            if (g) g.n++;
            else groups.set(id, { r, n: 1 });
          }
          let best: SystemRecord | undefined;
          for (const g of groups.values())
            if (g.n >= core.readQuorum && (!best || g.r.mtime > best.mtime)) best = g.r;
          return best;
        },
        (a, b) => (a as SystemRecord).mtime === (b as SystemRecord).mtime,
        dryRun,
      );
    }

    const prefix = options.prefix ?? '';
    for (const { record: b } of bucketRecords) {
      if (options.recursive === false) {
        if (prefix !== '') await healOneKey(core, b.name, prefix, options, emit);
        continue;
      }
      const prefixLength = objectPrefix(b.name).length;
      let after: Buffer | undefined;
      for (;;) {
        signal?.throwIfAborted();
        const batch = keyBatch(core, b.name, prefix, after, 500);
        if (batch.length === 0) break;
        for (const k of batch) {
          signal?.throwIfAborted();
          await healOneKey(core, b.name, k.subarray(prefixLength).toString('utf8'), options, emit);
        }
        after = batch[batch.length - 1];
      }
      if (!dryRun && prefix === '') await collectGarbage(core, b.name, signal);
    }
  } finally {
    if (owner || (!dryRun && core.healProgress === undefined)) {
      core.healingDrives.clear();
      core.healProgress = undefined;
    }
  }
}

/** Heals one key, reporting its items; a failure is logged and reported as one failed item. */
async function healOneKey(
  core: LayerCore,
  bucket: string,
  key: string,
  options: HealOptions,
  emit: (item: HealResultItem, failed?: boolean) => Promise<void>,
): Promise<void> {
  let items: HealResultItem[];
  try {
    items = await healObject(core, bucket, key, options);
  } catch (error) {
    core.log(`heal of ${bucket}/${key} failed: ${error instanceof Error ? error.message : String(error)}`);
    const states = core.drives.map((d) => itemState(d.state));
    await emit({ type: 'object', bucket, key, before: states, after: states, objectSize: 0 }, true);
    return;
  }
  for (const item of items) await emit(item);
}

/** Removes data dirs of a bucket and upload dirs that no record on the drive references. */
async function collectGarbage(
  core: LayerCore,
  bucket: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const now = Date.now();
  for (const drive of core.drives) {
    if (!drive.ok) continue;
    signal?.throwIfAborted();
    try {
      const referenced = new Set<string>();
      const prefix = objectPrefix(bucket);
      for (let it = drive.range(prefix, afterPrefix(prefix)), e = it.next(); e.done !== true; e = it.next()) {
        for (const v of (decodeValue(e.value.value) as ObjectRecord).versions)
          if (v.dataDir) referenced.add(v.dataDir);
      }
      const dir = join(drive.paths.data, bucket);
      let entries: string[] = [];
      try {
        entries = await readdir(dir);
      } catch {
        continue;
      }
      for (const name of entries) {
        if (referenced.has(name) || core.readPins.isPinned(bucket, name)) continue;
        const s = await stat(join(dir, name)).catch(() => undefined);
        if (s && now - s.mtimeMs > GARBAGE_MIN_AGE_MS) await drive.remove(join(dir, name));
      }
      const up = uploadPrefix(bucket);
      const uploads: UploadRecord[] = [];
      // Read the records first: the index is not held open across the awaits below.
      for (let it = drive.range(up, afterPrefix(up)), e = it.next(); e.done !== true; e = it.next()) {
        uploads.push(decodeValue(e.value.value) as UploadRecord);
      }
      for (const r of uploads) {
        const parts = new Set(r.parts.map((p) => p.dir));
        const udir = drive.uploadDir(r.uploadId);
        const partDirs = await readdir(udir).catch(() => [] as string[]);
        for (const name of partDirs) {
          if (parts.has(name)) continue;
          const s = await stat(join(udir, name)).catch(() => undefined);
          if (s && now - s.mtimeMs > GARBAGE_MIN_AGE_MS) await drive.remove(join(udir, name));
        }
      }
    } catch (error) {
      core.driveError(drive, error);
    }
  }
}
