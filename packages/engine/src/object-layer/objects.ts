/**
 * Object operations: put, get (whole, range, part), head, delete, metadata updates.
 *
 * A PUT writes its data first (write-data.ts, no lock held), then takes the object's exclusive
 * lock to read the current versions by quorum, check the caller's precondition, apply the bucket's
 * versioning rules and commit each drive's updated record in one LMDB transaction per drive. A
 * version replaced by the write (the 'null' version when unversioned or suspended) loses its data
 * only after that commit. Reads take the shared lock while they pick the version, open its
 * first part's shard files and pin its data dir (read-pins.ts): data an overwrite or delete drops
 * while a GET streams it is removed only once that GET is done, so a read is whole.
 */
import { Readable } from 'node:stream';
import { decodeValue, type Drive, type MetaOp } from '../storage/drive.js';
import { PartDecoder, readPartRange } from '../storage/erasure-decode.js';
import { inlineKey, objectKey } from '../storage/meta-keys.js';
import type { ObjectRecord, VersionRecord } from '../storage/records.js';
import { PartGeometry } from '../storage/shard-file.js';
import { FileShardReader, MemoryShardReader, type ShardReader } from '../storage/shard-io.js';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { getBucketRecord } from './buckets.js';
import type { LayerCore } from './core.js';
import { ObjectIsDeleteMarker, ObjectNotFound, VersionNotFound } from './errors.js';
import { keyVersioning } from './key-versioning.js';
import { validateObjectKey } from './names.js';
import { toObjectInfo } from './object-info.js';
import { planReadRange } from './read-range.js';
import { resolveRaw, type Resolution, type ResolvedVersion } from './quorum.js';
import {
  DATA_REMOTE_FIELD,
  type DeleteObjectOptions,
  type DeleteObjectResult,
  type GetObjectOptions,
  type GetObjectResult,
  type ObjectInfo,
  type PutObjectOptions,
  type WritePrecondition,
} from './types.js';
import { writeData, type WrittenData } from './write-data.js';

export function lockName(bucket: string, key: string): string {
  return `${bucket}\0${key}`;
}

/** Every drive's record of the key (null: drive unavailable). Synchronous: one consistent snapshot per drive. */
export function readObjectRecords(
  core: LayerCore,
  bucket: string,
  key: string,
): (ObjectRecord | undefined | null)[] {
  const k = objectKey(bucket, key);
  return core.readAll((d) => d.get(k) as ObjectRecord | undefined);
}

export function resolveObject(core: LayerCore, bucket: string, key: string): Resolution {
  const k = objectKey(bucket, key);
  // Drives normally hold byte-identical records: once one is copied out, each other drive's is
  // compared where lmdb read it and, when equal, shares that copy (one copy and one decode per
  // key, whatever the drive count). A record that differs is copied on its own.
  let copied: Buffer | undefined;
  const raws = core.readAll((d) => {
    if (copied !== undefined) {
      const known = copied;
      const same = d.withBinary(k, (bytes) => bytes.equals(known));
      if (same === undefined) return undefined;
      if (same) return known;
    }
    const raw = d.getBinary(k);
    copied ??= raw;
    return raw;
  });
  const resolution = resolveRaw(raws, core.readQuorum);
  core.requireReadQuorum(resolution.answered);
  return resolution;
}

/** Finds the requested (or latest) version, throwing the S3-shaped error when there is none. */
export function pickVersion(
  resolution: Resolution,
  bucket: string,
  key: string,
  versionId: string | undefined,
): ResolvedVersion {
  if (versionId !== undefined) {
    const found = resolution.versions.find((v) => v.version.id === versionId);
    if (found === undefined)
      throw new VersionNotFound('The specified version does not exist.', { bucket, key });
    if (found.version.deleteMarker === true) {
      const error = new ObjectIsDeleteMarker('The specified method is not allowed against this resource.', {
        bucket,
        key,
      });
      error.versionId = found.version.id;
      error.explicitVersion = true;
      throw error;
    }
    return found;
  }
  const latest = resolution.versions[0];
  if (latest === undefined) throw new ObjectNotFound('The specified key does not exist.', { bucket, key });
  if (latest.version.deleteMarker === true) {
    const error = new ObjectIsDeleteMarker('The specified key does not exist.', { bucket, key });
    error.versionId = latest.version.id;
    throw error;
  }
  return latest;
}

function isLatest(resolution: Resolution, v: ResolvedVersion): boolean {
  return resolution.versions[0] === v;
}

export async function getObjectInfo(
  core: LayerCore,
  bucket: string,
  key: string,
  options?: { versionId?: string },
): Promise<ObjectInfo> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  return core.objectLocks.shared(lockName(bucket, key), () => {
    const resolution = resolveObject(core, bucket, key);
    const v = pickVersion(resolution, bucket, key, options?.versionId);
    return toObjectInfo(bucket, key, v.version, isLatest(resolution, v));
  });
}

/** Insert position keeping a version list newest first. */
function insertVersion(list: VersionRecord[], v: VersionRecord): VersionRecord[] {
  const out = list.slice();
  const at = out.findIndex((x) => x.mtime <= v.mtime);
  if (at < 0) out.push(v);
  else out.splice(at, 0, v);
  return out;
}

/**
 * Decoding and encoding of one key's records across the drives of a commit. The drives normally
 * hold byte-identical records and get the same edit, so a record is decoded once per distinct
 * stored bytes (the drives then share its version objects, which edits never modify: they build
 * new lists and new versions) and each version is JSON-encoded once, not once per drive. The
 * encoding is exactly `encodeValue({ v: 1, versions })`.
 */
class RecordCodec {
  private readonly decoded: { raw: Buffer; record: ObjectRecord }[] = [];
  private readonly versionJson = new Map<VersionRecord, string>();
  private readonly encoded = new Map<string, Buffer>();

  decode(raw: Buffer | undefined): ObjectRecord | undefined {
    if (raw === undefined) return undefined;
    const known = this.decoded.find((d) => d.raw.equals(raw));
    if (known !== undefined) return known.record;
    const record = decodeValue(raw) as ObjectRecord;
    this.decoded.push({ raw, record });
    return record;
  }

  encode(versions: VersionRecord[]): Buffer {
    let text = '{"v":1,"versions":[';
    versions.forEach((v, i) => {
      let json = this.versionJson.get(v);
      if (json === undefined) {
        json = JSON.stringify(v);
        this.versionJson.set(v, json);
      }
      text += i === 0 ? json : `,${json}`;
    });
    text += ']}';
    let bytes = this.encoded.get(text);
    if (bytes === undefined) {
      bytes = Buffer.from(text, 'utf8');
      this.encoded.set(text, bytes);
    }
    return bytes;
  }
}

/** Per-drive metadata change: new record and the data to drop after the commit. */
interface DriveChange {
  ops: MetaOp[];
  previous: ObjectRecord | undefined;
  dropDirs: string[];
}

/**
 * Applies `edit` to each listed drive's own record and commits; drops replaced data afterwards.
 * Must run under the object's exclusive lock.
 */
export async function commitRecords(
  core: LayerCore,
  bucket: string,
  key: string,
  slots: number[],
  edit: (
    versions: VersionRecord[],
    drive: Drive,
    slot: number,
  ) => { versions: VersionRecord[]; extra?: MetaOp[] },
  options: { quorum?: number; onRollback?: (drive: Drive) => MetaOp[] } = {},
): Promise<number[]> {
  const k = objectKey(bucket, key);
  const changes = new Map<number, DriveChange>();
  const records = new RecordCodec();
  const ok = await core.commitEach(
    slots,
    (drive) => {
      const previous = records.decode(drive.getBinary(k));
      const before = previous?.versions ?? [];
      const { versions, extra } = edit(before, drive, drive.slot);
      const kept = new Set(versions.map((v) => v.dataDir).filter((d) => d !== undefined));
      const dropped = before.filter((v) => v.dataDir !== undefined && !kept.has(v.dataDir));
      const ops: MetaOp[] = [];
      ops.push(versions.length > 0 ? { key: k, binary: records.encode(versions) } : { key: k, remove: true });
      for (const v of dropped)
        if (v.inline === true && v.dataDir)
          ops.push({ key: inlineKey(bucket, key, v.dataDir), remove: true });
      if (extra) ops.push(...extra);
      changes.set(drive.slot, {
        ops,
        previous,
        dropDirs: dropped.filter((v) => v.inline !== true && v.dataDir).map((v) => v.dataDir as string),
      });
      return ops;
    },
    {
      ...(options.quorum !== undefined ? { quorum: options.quorum } : {}),
      rollback: (drive) => {
        const change = changes.get(drive.slot);
        const ops: MetaOp[] = [
          change?.previous ? { key: k, value: change.previous } : { key: k, remove: true },
        ];
        if (options.onRollback) ops.push(...options.onRollback(drive));
        return ops;
      },
    },
  );
  // The replaced data is no longer referenced on the drives that committed; a GET still
  // streaming it keeps it until that reader is done (read-pins.ts).
  await Promise.all(
    ok.map(async (slot) => {
      const drive = core.drives[slot];
      const change = changes.get(slot);
      if (!drive || !change) return;
      for (const dir of change.dropDirs)
        await core.readPins.removeWhenFree(bucket, dir, () => drive.remove(drive.dataDir(bucket, dir)));
    }),
  );
  return ok;
}

/** The version record a write creates, without the per-drive fields. */
export function newVersionRecord(
  id: string,
  mtime: number,
  written: WrittenData,
  metadata: PutObjectOptions['metadata'],
  etag: string,
): VersionRecord {
  const v: VersionRecord = {
    id,
    mtime,
    size: written.digests.size,
    etag,
    contentType: metadata?.contentType ?? 'application/octet-stream',
    headers: { ...(metadata?.headers ?? {}) },
    userMetadata: { ...(metadata?.userMetadata ?? {}) },
    storageClass: metadata?.storageClass ?? 'STANDARD',
    internal: { ...(metadata?.internal ?? {}) },
    checksums: { ...written.digests.checksums },
    parts: [{ n: 1, size: written.digests.size, etag }],
    ec: written.ec,
    dataDir: written.dataDir,
  };
  if (metadata?.tagging !== undefined && metadata.tagging !== '') v.tagging = metadata.tagging;
  if (written.inline) v.inline = true;
  return v;
}

/**
 * Which version id a new write of `key` gets: a fresh one where versioning is Enabled for the key,
 * else 'null' (replacing the null version).
 */
export function versionIdForWrite(
  core: LayerCore,
  bucket: string,
  key: string,
  requested: string | undefined,
): string {
  if (requested !== undefined) return requested;
  return keyVersioning(getBucketRecord(core, bucket), key) === 'Enabled' ? randomUUID() : 'null';
}

/** Modification time for a new version: now, kept strictly after the current latest. */
export function nextMtime(resolution: Resolution, requested: Date | undefined): number {
  if (requested !== undefined) return requested.getTime();
  const latest = resolution.versions[0]?.version.mtime ?? 0;
  return Math.max(Date.now(), latest + 1);
}

export async function putObject(
  core: LayerCore,
  bucket: string,
  key: string,
  body: Readable,
  options: PutObjectOptions,
): Promise<ObjectInfo> {
  try {
    getBucketRecord(core, bucket);
    validateObjectKey(bucket, key);
  } catch (error) {
    body.resume();
    throw error;
  }
  const dist = core.distribution(key);
  const written = await writeData(core, { kind: 'object', bucket }, dist, body, options);
  const etag = written.digests.md5.toString('hex');
  try {
    return await commitVersion(
      core,
      bucket,
      key,
      written,
      (id, mtime) => newVersionRecord(id, mtime, written, options.metadata, etag),
      options,
    );
  } catch (error) {
    await written.discard();
    throw error;
  }
}

/** Commits a freshly written version (PUT or CompleteMultipartUpload) under the object lock. */
export async function commitVersion(
  core: LayerCore,
  bucket: string,
  key: string,
  written: WrittenData,
  build: (id: string, mtime: number) => VersionRecord,
  options: {
    versionId?: string;
    lastModified?: Date;
    precondition?: WritePrecondition;
    extraOps?: (drive: Drive) => MetaOp[];
  },
): Promise<ObjectInfo> {
  return core.objectLocks.exclusive(lockName(bucket, key), async () => {
    const resolution = resolveObject(core, bucket, key);
    const id = versionIdForWrite(core, bucket, key, options.versionId);
    if (options.precondition) {
      const latest = resolution.versions[0];
      const replaced = resolution.versions.find((v) => v.version.id === id);
      options.precondition(
        latest && latest.version.deleteMarker !== true
          ? toObjectInfo(bucket, key, latest.version, true)
          : undefined,
        replaced ? toObjectInfo(bucket, key, replaced.version, replaced === latest) : undefined,
      );
    }
    const mtime = nextMtime(resolution, options.lastModified);
    const base = build(id, mtime);
    // One copy for every drive (records carry no per-drive fields): encoded once (RecordCodec).
    const mine: VersionRecord = { ...base };
    await commitRecords(
      core,
      bucket,
      key,
      written.slots,
      (versions, drive, slot) => {
        const extra: MetaOp[] = [];
        const inline = written.inline?.get(slot);
        if (inline !== undefined && base.dataDir)
          extra.push({ key: inlineKey(bucket, key, base.dataDir), binary: inline });
        if (options.extraOps) extra.push(...options.extraOps(drive));
        return {
          versions: insertVersion(
            versions.filter((v) => v.id !== id),
            mine,
          ),
          extra,
        };
      },
      {
        onRollback: () =>
          written.inline && base.dataDir ? [{ key: inlineKey(bucket, key, base.dataDir), remove: true }] : [],
      },
    );
    const after = resolution.versions.filter((v) => v.version.id !== id);
    const latest = after.length === 0 || (after[0]?.version.mtime ?? 0) <= mtime;
    return toObjectInfo(bucket, key, base, latest);
  });
}

/** Shard readers of one part, by shard index, from the drives holding the version. */
function partReaders(
  core: LayerCore,
  bucket: string,
  key: string,
  v: ResolvedVersion,
  partIndex: number,
): (ShardReader | undefined)[] {
  const readers: (ShardReader | undefined)[] = new Array<ShardReader | undefined>(core.n).fill(undefined);
  for (const h of v.holders) {
    const drive = core.drives[h.slot];
    const ec = h.version.ec;
    if (drive === undefined || !drive.ok || ec === undefined || h.version.dataDir === undefined) continue;
    if (h.version.inline === true) {
      // Looked up on first read: a healthy read needs only the data shards' drives.
      const at = inlineKey(bucket, key, h.version.dataDir);
      readers[ec.dist[h.slot] ?? h.slot] = new MemoryShardReader(() => {
        try {
          return drive.getBinary(at);
        } catch (error) {
          core.driveError(drive, error);
          throw error;
        }
      });
    } else {
      readers[ec.dist[h.slot] ?? h.slot] = new FileShardReader(
        join(drive.dataDir(bucket, h.version.dataDir), `part.${partIndex + 1}`),
      );
    }
  }
  return readers;
}

export async function getObject(
  core: LayerCore,
  bucket: string,
  key: string,
  options?: GetObjectOptions,
): Promise<GetObjectResult> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  return core.objectLocks.shared(lockName(bucket, key), async () => {
    const resolution = resolveObject(core, bucket, key);
    const chosen = pickVersion(resolution, bucket, key, options?.versionId);
    const v = chosen.version;
    const info = toObjectInfo(bucket, key, v, isLatest(resolution, chosen));
    // Transitioned: no local bytes to plan a read over (the tiering decorator reads the tier).
    if (v.internal[DATA_REMOTE_FIELD] === 'true') return inMemoryResult(info, Buffer.alloc(0));
    const plan = planReadRange(
      info.size,
      v.multipart === true ? v.parts.map((p) => p.size) : undefined,
      options,
      {
        bucket,
        key,
      },
    );
    if (chosen.holders.length < resolution.answered)
      core.scheduleHeal(bucket, key, 'version missing on some drives');
    const ec = v.ec;
    if (plan.end < plan.start || ec === undefined) return inMemoryResult(info, Buffer.alloc(0));

    // Parts overlapping the range.
    const segments: { index: number; start: number; end: number }[] = [];
    let offset = 0;
    v.parts.forEach((p, index) => {
      const pStart = offset;
      const pEnd = offset + p.size - 1;
      offset += p.size;
      if (p.size === 0 || pEnd < plan.start || pStart > plan.end) return;
      segments.push({
        index,
        start: Math.max(plan.start, pStart) - pStart,
        end: Math.min(plan.end, pEnd) - pStart,
      });
    });
    let reportedBad = false;
    const onBad = (shard: number, reason: string): void => {
      core.log(`${bucket}/${key}: shard ${shard} unreadable (${reason})`);
      if (!reportedBad) core.scheduleHeal(bucket, key, reason);
      reportedBad = true;
    };
    const first = segments[0];
    // Inline data (small objects) is already in memory: decode and verify it here, under the
    // lock, and hand back the bytes themselves; the stream is only made if someone asks for it.
    const firstPart = first ? v.parts[first.index] : undefined;
    const oneInlineBlock =
      first !== undefined && firstPart !== undefined && segments.length === 1 && v.inline === true
        ? new PartGeometry(firstPart.size, ec.blockSize, ec.data, ec.bitrot)
        : undefined;
    if (first !== undefined && oneInlineBlock?.blocks === 1) {
      const block = readInlineBlock(core, bucket, key, chosen, oneInlineBlock);
      if (block !== undefined) return inMemoryResult(info, block.subarray(first.start, first.end + 1));
    }

    // Open the first part's files while holding the lock (see the module comment).
    const firstReaders = first ? partReaders(core, bucket, key, chosen, first.index) : [];
    if (firstReaders.some((r) => r instanceof FileShardReader)) {
      await Promise.all(
        firstReaders.map((r) =>
          r instanceof FileShardReader ? r.preopen().catch(() => undefined) : undefined,
        ),
      );
    }

    if (first !== undefined && oneInlineBlock?.blocks === 1) {
      // A data shard missing or damaged: the decoder reports it and rebuilds from parity.
      const decoder = new PartDecoder(core.rs, oneInlineBlock, firstReaders, core.bitrot, onBad);
      const block = await decoder.readBlock(0);
      return inMemoryResult(info, block.subarray(first.start, first.end + 1));
    }

    // Inline shards that are streamed (several blocks) are fetched now, under the lock: an
    // overwrite committing next removes them with the record. (A missing one stays missing.)
    if (v.inline === true) await Promise.all(firstReaders.map((r) => r?.read(0, 0).catch(() => undefined)));
    // Later parts are opened as the stream reaches them: pin the version's data dir until the
    // stream closes, so an overwrite, delete or heal that drops it meanwhile defers the removal.
    const unpin = [
      ...new Set(chosen.holders.filter((h) => h.version.inline !== true).map((h) => h.version.dataDir)),
    ].flatMap((dir) => (dir === undefined ? [] : [core.readPins.pin(bucket, dir)]));
    // The caller checks every byte itself (see GetObjectOptions.authenticated).
    const skipDataHashes = options?.authenticated?.(info) === true;
    let started = false;
    async function* generate(): AsyncGenerator<Buffer> {
      started = true;
      for (const [i, seg] of segments.entries()) {
        const part = v.parts[seg.index];
        if (part === undefined || ec === undefined) continue;
        const readers = i === 0 ? firstReaders : partReaders(core, bucket, key, chosen, seg.index);
        const geometry = new PartGeometry(part.size, ec.blockSize, ec.data, ec.bitrot);
        const decoder = new PartDecoder(
          core.rs,
          geometry,
          readers,
          core.bitrot,
          onBad,
          core.readBuffers,
          skipDataHashes,
        );
        try {
          yield* readPartRange(decoder, geometry, seg.start, seg.end);
        } finally {
          await decoder.close();
        }
      }
    }
    // Object mode keeps the chunks as generated (each a data shard's bytes, read straight from
    // its file): in byte mode a reader that takes what is buffered gets the chunks joined into
    // one new buffer — a copy of every byte. Two chunks buffered = one block read ahead.
    const stream = Readable.from(generate(), { objectMode: true, highWaterMark: 2 });
    // A stream destroyed before its first read never runs the generator (nor its `finally`): the
    // first part's files, opened above, are closed here instead.
    stream.once('close', () => {
      if (!started) for (const r of firstReaders) void r?.close().catch(() => undefined);
      for (const release of unpin) release();
    });
    return { info, stream, release: (chunk) => core.readBuffers.release(chunk) };
  });
}

/**
 * The single block of an inline part, when every data shard is there and intact: each shard is
 * verified against its bitrot hash where lmdb read it and copied once into the result (no copy
 * per shard, no joining, no promise per shard as through `PartDecoder`). Undefined when any data
 * shard is unavailable, short or damaged — the caller then reads through `PartDecoder`, which
 * reports the shard (heal) and rebuilds the block from parity.
 */
function readInlineBlock(
  core: LayerCore,
  bucket: string,
  key: string,
  v: ResolvedVersion,
  geometry: PartGeometry,
): Buffer | undefined {
  const data = geometry.dataShards;
  const place = geometry.block(0);
  const hashLen = geometry.hash;
  const length = hashLen + place.shardLength;
  const out = Buffer.allocUnsafe(place.blockLength);
  const done: boolean[] = new Array<boolean>(data).fill(false);
  let found = 0;
  let keyDir: string | undefined;
  let at: Buffer | undefined;
  for (const h of v.holders) {
    const version = h.version;
    const ec = version.ec;
    const drive = core.drives[h.slot];
    if (ec === undefined || version.inline !== true || version.dataDir === undefined) continue;
    if (drive === undefined || !drive.ok) continue;
    const index = ec.dist[h.slot] ?? h.slot;
    if (index >= data) continue;
    if (done[index] === true) return undefined;
    if (at === undefined || keyDir !== version.dataDir) {
      keyDir = version.dataDir;
      at = inlineKey(bucket, key, keyDir);
    }
    let intact: boolean | undefined;
    try {
      intact = drive.withBinary(at, (bytes) => {
        if (place.offset + length > bytes.length) return false;
        const shard = bytes.subarray(place.offset + hashLen, place.offset + length);
        const expected = bytes.subarray(place.offset, place.offset + hashLen);
        if (!core.bitrot.hash(geometry.algorithm, shard).equals(expected)) return false;
        const start = index * place.shardLength;
        const n = Math.min(place.shardLength, place.blockLength - start);
        if (n > 0) shard.copy(out, start, 0, n);
        return true;
      });
    } catch {
      return undefined;
    }
    if (intact !== true) return undefined;
    done[index] = true;
    found++;
  }
  return found === data ? out : undefined;
}

/**
 * A read whose bytes are in memory: `body`, and a stream of it made on first use. A class: the
 * getter of an object literal is defined anew, through V8's runtime, for every result — a cost
 * that showed in every small GET. (Its getter is on the prototype, so a spread copy of a result
 * would lose `stream`: decorators copy the fields by name.)
 */
class InMemoryResult implements GetObjectResult {
  #stream: Readable | undefined;

  constructor(
    public info: ObjectInfo,
    public body: Buffer,
  ) {}

  get stream(): Readable {
    this.#stream ??= Readable.from([this.body], { objectMode: false });
    return this.#stream;
  }
}

function inMemoryResult(info: ObjectInfo, body: Buffer): GetObjectResult {
  return new InMemoryResult(info, body);
}

export async function deleteObject(
  core: LayerCore,
  bucket: string,
  key: string,
  options?: DeleteObjectOptions,
): Promise<DeleteObjectResult> {
  const bucketRecord = getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  return core.objectLocks.exclusive(lockName(bucket, key), async () => {
    const resolution = resolveObject(core, bucket, key);
    const versioning = keyVersioning(bucketRecord, key);
    if (options?.precondition !== undefined) {
      const current =
        options.versionId !== undefined
          ? resolution.versions.find((v) => v.version.id === options.versionId)
          : resolution.versions[0];
      options.precondition(
        current !== undefined
          ? toObjectInfo(bucket, key, current.version, isLatest(resolution, current))
          : undefined,
      );
    }
    const removeVersion = async (target: ResolvedVersion): Promise<DeleteObjectResult> => {
      options?.guard?.(toObjectInfo(bucket, key, target.version, isLatest(resolution, target)));
      await commitRecords(
        core,
        bucket,
        key,
        core.allSlots(),
        (versions) => ({
          versions: versions.filter((v) => v.id !== target.version.id),
        }),
        { quorum: core.writeQuorum },
      );
      return { versionId: target.version.id, deleteMarker: target.version.deleteMarker === true };
    };

    if (options?.versionId !== undefined) {
      const target = resolution.versions.find((v) => v.version.id === options.versionId);
      // Deleting a version that does not exist succeeds (S3 answers 204).
      if (target === undefined) return { versionId: options.versionId, deleteMarker: false, noop: true };
      return removeVersion(target);
    }
    if (versioning === 'Unversioned') {
      const target = resolution.versions.find((v) => v.version.id === 'null');
      if (target === undefined) return { deleteMarker: false, noop: true };
      await removeVersion(target);
      return { deleteMarker: false };
    }
    // Enabled or Suspended: add a delete marker ('null' one when suspended, replacing the null version).
    const id = options?.marker?.versionId ?? (versioning === 'Enabled' ? randomUUID() : 'null');
    if (id === 'null') {
      const prior = resolution.versions.find((v) => v.version.id === 'null');
      if (prior) options?.guard?.(toObjectInfo(bucket, key, prior.version, isLatest(resolution, prior)));
    }
    const mtime =
      options?.marker !== undefined ? options.marker.time.getTime() : nextMtime(resolution, undefined);
    const marker: VersionRecord = {
      id,
      mtime,
      deleteMarker: true,
      size: 0,
      etag: '',
      contentType: '',
      headers: {},
      userMetadata: {},
      storageClass: 'STANDARD',
      internal: { ...options?.marker?.internal },
      checksums: {},
      parts: [],
    };
    await commitRecords(core, bucket, key, core.allSlots(), (versions) => ({
      versions: insertVersion(
        versions.filter((v) => v.id !== id),
        marker,
      ),
    }));
    return { versionId: id, deleteMarker: true };
  });
}

export async function updateObjectMetadata(
  core: LayerCore,
  bucket: string,
  key: string,
  versionId: string | undefined,
  update: (info: ObjectInfo) => void,
): Promise<ObjectInfo> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  return core.objectLocks.exclusive(lockName(bucket, key), async () => {
    const resolution = resolveObject(core, bucket, key);
    const target = pickVersion(resolution, bucket, key, versionId);
    const info = toObjectInfo(bucket, key, target.version, isLatest(resolution, target));
    update(info);
    const metaTime = Math.max(Date.now(), (target.version.metaTime ?? 0) + 1);
    const patch = (v: VersionRecord): VersionRecord => {
      const out: VersionRecord = {
        ...v,
        metaTime,
        contentType: info.contentType,
        headers: { ...info.headers },
        userMetadata: { ...info.userMetadata },
        storageClass: info.storageClass,
        internal: { ...info.internal },
        checksums: { ...info.checksums },
      };
      if (info.tagging !== undefined && info.tagging !== '') out.tagging = info.tagging;
      else delete out.tagging;
      return out;
    };
    const holders = target.holders.map((h) => h.slot);
    await commitRecords(
      core,
      bucket,
      key,
      holders,
      (versions) => ({
        versions: versions.map((v) => (v.id === target.version.id ? patch(v) : v)),
      }),
      { quorum: Math.min(core.writeQuorum, holders.length) },
    );
    return toObjectInfo(bucket, key, patch(target.version), isLatest(resolution, target));
  });
}
