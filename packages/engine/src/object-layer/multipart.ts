/**
 * Multipart uploads. An upload is a record on every drive (key 'u' bucket 0 key 0 uploadId) with
 * its metadata, erasure layout and parts; each part is erasure coded like an object (write-data.ts)
 * into `multipart/<uploadId>/<partDir>/part.1`, installed by rename, then listed in the record under
 * the upload's lock. Completing hard-links the chosen parts' shard files into a temp dir as
 * `part.1…part.N`, installs it as the object's data dir and commits the object version together
 * with the removal of the upload record — no data is copied, and a crash at any point leaves either
 * the intact upload or the completed object.
 *
 * Upload ids start with the initiation time (hex ms), so the index lists the uploads of one key in
 * initiation order, as S3 does.
 */
import { createHash, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { decodeValue, type MetaOp } from '../storage/drive.js';
import { afterPrefix, splitUploadKey, uploadKey, uploadPrefix } from '../storage/meta-keys.js';
import type { UploadPartRecord, UploadRecord, VersionRecord } from '../storage/records.js';
import { BLOCK_SIZE, DEFAULT_BITROT } from '../storage/shard-file.js';
import { defaultChecksumType, multipartChecksum } from '../storage/multipart-checksums.js';
import { getBucketRecord } from './buckets.js';
import type { LayerCore } from './core.js';
import { InvalidArgument, MalformedXML } from '../common/errors.js';
import { EntityTooSmall, InvalidPart, InvalidPartOrder, InvalidUploadId } from './errors.js';
import { compareKeys } from './listing.js';
import { MergedCursor } from './merged-cursor.js';
import { validateObjectKey } from './names.js';
import { toUploadInfo } from './object-info.js';
import { commitVersion } from './objects.js';
import type {
  ChecksumAlgorithm,
  ChecksumType,
  Checksums,
  CompletePart,
  ListMultipartUploadsOptions,
  ListMultipartUploadsResult,
  ListPartsResult,
  MultipartUploadInfo,
  ObjectInfo,
  ObjectMetadataInput,
  ObjectPartInfo,
  WriteBodyOptions,
  WritePrecondition,
} from './types.js';
import { writeData, type WrittenData } from './write-data.js';
import { COMPLETED_UPLOAD_FIELD } from './types.js';

/** S3: every part but the last must be at least 5 MiB. */
export const MIN_PART_SIZE = 5 * 1024 * 1024;
export const MAX_PART_NUMBER = 10000;

function newUploadId(): string {
  return Date.now().toString(16).padStart(12, '0') + randomUUID().replaceAll('-', '');
}

interface ResolvedUpload {
  record: UploadRecord;
  /** Parts agreed by read quorum, by part number. */
  parts: Map<number, UploadPartRecord>;
  /** Slots holding the upload record. */
  slots: number[];
}

function resolveUploadValues(
  core: LayerCore,
  values: (unknown | undefined | null)[],
): ResolvedUpload | undefined {
  const slots: number[] = [];
  let record: UploadRecord | undefined;
  const partCounts = new Map<string, { part: UploadPartRecord; count: number }>();
  values.forEach((v, slot) => {
    if (v === null || v === undefined) return;
    const r = v as UploadRecord;
    slots.push(slot);
    record ??= r;
    for (const p of r.parts) {
      const id = `${p.n}|${p.dir}`;
      const e = partCounts.get(id);
      if (e) e.count++;
      else partCounts.set(id, { part: p, count: 1 });
    }
  });
  if (record === undefined || slots.length < core.readQuorum) return undefined;
  const parts = new Map<number, UploadPartRecord>();
  for (const { part, count } of partCounts.values()) {
    if (count < core.readQuorum) continue;
    const prior = parts.get(part.n);
    if (prior === undefined || part.mtime > prior.mtime) parts.set(part.n, part);
  }
  return { record, parts, slots };
}

function readUpload(core: LayerCore, bucket: string, key: string, uploadId: string): ResolvedUpload {
  const k = uploadKey(bucket, key, uploadId);
  const values = core.readAll((d) => d.get(k));
  core.requireReadQuorum(values.filter((v) => v !== null).length);
  const resolved = resolveUploadValues(core, values);
  if (resolved === undefined) {
    throw new InvalidUploadId(
      'The specified multipart upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
      { bucket, key },
    );
  }
  return resolved;
}

export async function newMultipartUpload(
  core: LayerCore,
  bucket: string,
  key: string,
  options: {
    metadata?: ObjectMetadataInput;
    checksumAlgorithm?: ChecksumAlgorithm;
    checksumType?: ChecksumType;
  },
): Promise<string> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  core.requireWriteQuorumOnline();
  const uploadId = newUploadId();
  const dist = core.distribution(key);
  const base: UploadRecord = {
    v: 1,
    uploadId,
    key,
    initiated: Date.now(),
    metadata: structuredClone(options.metadata ?? {}),
    ec: {
      data: core.dataShards,
      parity: core.parityShards,
      blockSize: BLOCK_SIZE,
      dist,
      bitrot: DEFAULT_BITROT,
    },
    parts: [],
  };
  if (options.checksumAlgorithm !== undefined) base.checksumAlgorithm = options.checksumAlgorithm;
  if (options.checksumType !== undefined) base.checksumType = options.checksumType;
  await Promise.all(
    core.drives.map((d) => (d.ok ? d.mkdirs(d.uploadDir(uploadId)).catch(() => undefined) : undefined)),
  );
  const k = uploadKey(bucket, key, uploadId);
  await core.commitEach(core.allSlots(), () => [{ key: k, value: base }], {
    rollback: () => [{ key: k, remove: true }],
  });
  return uploadId;
}

function uploadLockName(bucket: string, uploadId: string): string {
  return `${bucket}\0${uploadId}`;
}

export async function putObjectPart(
  core: LayerCore,
  bucket: string,
  key: string,
  uploadId: string,
  partNumber: number,
  body: Readable,
  options: WriteBodyOptions & { actualSize?: () => number; plainChecksums?: () => Checksums },
): Promise<ObjectPartInfo> {
  let upload: ResolvedUpload;
  try {
    getBucketRecord(core, bucket);
    validateObjectKey(bucket, key);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PART_NUMBER) {
      throw new InvalidArgument(
        `Part number must be an integer between 1 and ${MAX_PART_NUMBER}, inclusive`,
        { bucket, key },
      );
    }
    upload = readUpload(core, bucket, key, uploadId);
  } catch (error) {
    body.resume();
    throw error;
  }
  const written = await writeData(core, { kind: 'part', uploadId }, upload.record.ec.dist, body, options);
  const etag = written.digests.md5.toString('hex');
  const part: UploadPartRecord = {
    n: partNumber,
    size: written.digests.size,
    etag,
    mtime: Date.now(),
    dir: written.dataDir,
  };
  const checksums = options.plainChecksums?.() ?? written.digests.checksums;
  if (Object.keys(checksums).length > 0) part.checksums = { ...checksums };
  if (options.actualSize !== undefined) part.actual = options.actualSize();
  const k = uploadKey(bucket, key, uploadId);
  try {
    await core.uploadLocks.exclusive(uploadLockName(bucket, uploadId), async () => {
      readUpload(core, bucket, key, uploadId);
      const replaced = new Map<number, string[]>();
      const previous = new Map<number, UploadRecord>();
      const ok = await core.commitEach(
        written.slots,
        (d) => {
          const r = d.get(k) as UploadRecord | undefined;
          if (r === undefined) return undefined;
          previous.set(d.slot, r);
          replaced.set(
            d.slot,
            r.parts.filter((p) => p.n === partNumber).map((p) => p.dir),
          );
          const parts = r.parts.filter((p) => p.n !== partNumber);
          parts.push(part);
          parts.sort((a, b) => a.n - b.n);
          return [{ key: k, value: { ...r, parts } satisfies UploadRecord }];
        },
        {
          rollback: (d) => {
            const r = previous.get(d.slot);
            return r ? [{ key: k, value: r }] : undefined;
          },
        },
      );
      await Promise.all(
        ok.map(async (slot) => {
          const d = core.drives[slot];
          for (const dir of replaced.get(slot) ?? []) await d?.remove(d.uploadDir(uploadId, dir));
        }),
      );
    });
  } catch (error) {
    await written.discard();
    throw error;
  }
  const info: ObjectPartInfo = { number: partNumber, size: part.size, etag };
  if (part.checksums) info.checksums = { ...part.checksums };
  if (part.actual !== undefined) info.actualSize = part.actual;
  return info;
}

export function listParts(
  core: LayerCore,
  bucket: string,
  key: string,
  uploadId: string,
  options: { partNumberMarker?: number; maxParts: number },
): ListPartsResult {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  const upload = readUpload(core, bucket, key, uploadId);
  const marker = options.partNumberMarker ?? 0;
  const all = [...upload.parts.values()].filter((p) => p.n > marker).sort((a, b) => a.n - b.n);
  const page = options.maxParts > 0 ? all.slice(0, options.maxParts) : [];
  const result: ListPartsResult = {
    parts: page.map((p) => ({
      number: p.n,
      size: p.size,
      etag: p.etag,
      lastModified: new Date(p.mtime),
      ...(p.checksums ? { checksums: { ...p.checksums } } : {}),
      ...(p.actual !== undefined ? { actualSize: p.actual } : {}),
    })),
    isTruncated: all.length > page.length,
    upload: toUploadInfo(bucket, upload.record),
  };
  const last = page[page.length - 1];
  if (result.isTruncated && last) result.nextPartNumberMarker = last.n;
  return result;
}

function unquote(etag: string): string {
  return etag.trim().replace(/^"+|"+$/g, '');
}

export async function completeMultipartUpload(
  core: LayerCore,
  bucket: string,
  key: string,
  uploadId: string,
  requested: CompletePart[],
  options?: { precondition?: WritePrecondition },
): Promise<ObjectInfo> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  return core.uploadLocks.exclusive(uploadLockName(bucket, uploadId), async () => {
    const upload = readUpload(core, bucket, key, uploadId);
    if (requested.length === 0) {
      throw new MalformedXML(
        'The XML you provided was not well-formed or did not validate against our published schema',
        { bucket, key },
      );
    }
    // S3 checks the list's order first, then that each part exists, then the part sizes.
    let previous = 0;
    for (const req of requested) {
      if (req.partNumber <= previous) {
        throw new InvalidPartOrder(
          'The list of parts was not in ascending order. The parts list must be specified in order by part number.',
          { bucket, key },
        );
      }
      previous = req.partNumber;
    }
    const chosen: UploadPartRecord[] = requested.map((req) => {
      const part = upload.parts.get(req.partNumber);
      if (part === undefined || unquote(req.etag) !== part.etag) {
        throw new InvalidPart(
          "One or more of the specified parts could not be found. The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
          { bucket, key },
        );
      }
      for (const [algorithm, value] of Object.entries(req.checksums ?? {}) as [ChecksumAlgorithm, string][]) {
        const stored = part.checksums?.[algorithm];
        if (stored !== undefined && stored !== value) {
          throw new InvalidPart(`The ${algorithm} checksum of part ${req.partNumber} does not match.`, {
            bucket,
            key,
          });
        }
      }
      return part;
    });
    chosen.slice(0, -1).forEach((part) => {
      // A compressed part is checked by the size the client sent (MinIO's ActualSize).
      if ((part.actual ?? part.size) < MIN_PART_SIZE) {
        throw new EntityTooSmall('Your proposed upload is smaller than the minimum allowed object size.', {
          bucket,
          key,
        });
      }
    });
    const md5 = createHash('md5');
    for (const p of chosen) md5.update(Buffer.from(p.etag, 'hex'));
    const etag = `${md5.digest('hex')}-${chosen.length}`;
    const size = chosen.reduce((s, p) => s + p.size, 0);
    const checksums: Checksums = {};
    const algorithm = upload.record.checksumAlgorithm;
    if (algorithm !== undefined) {
      const type = upload.record.checksumType ?? defaultChecksumType(algorithm);
      const value = await multipartChecksum(
        algorithm,
        type,
        chosen.map((p) => ({ checksum: p.checksums?.[algorithm], size: p.actual ?? p.size })),
      );
      if (value !== undefined) checksums[algorithm] = value;
    }

    // Link the parts into a temp dir per drive and install it as the object's data dir.
    const dataDir = randomUUID();
    const installed: number[] = [];
    await Promise.all(
      upload.slots.map(async (slot) => {
        const d = core.drives[slot];
        if (d === undefined || !d.ok) return;
        let tmp: string | undefined;
        try {
          const own = d.get(uploadKey(bucket, key, uploadId)) as UploadRecord | undefined;
          const ownDirs = new Set((own?.parts ?? []).map((p) => `${p.n}|${p.dir}`));
          // A drive that missed a part cannot serve this object: heal will rebuild its shards.
          if (!chosen.every((p) => ownDirs.has(`${p.n}|${p.dir}`))) return;
          tmp = await d.makeTmpDir();
          for (const [i, p] of chosen.entries()) {
            await d.linkFile(join(d.uploadDir(uploadId, p.dir), 'part.1'), join(tmp, `part.${i + 1}`));
          }
          await d.syncDir(tmp);
          await d.install(tmp, d.dataDir(bucket, dataDir));
          installed.push(slot);
        } catch (error) {
          core.driveError(d, error);
          if (tmp) await d.remove(tmp);
        }
      }),
    );
    installed.sort((a, b) => a - b);
    const written: WrittenData = {
      digests: { md5: Buffer.alloc(0), size, checksums },
      dataDir,
      ec: { ...upload.record.ec },
      slots: installed,
      discard: async () => {
        await Promise.all(
          installed.map((slot) =>
            core.drives[slot]?.remove(core.drives[slot]?.dataDir(bucket, dataDir) ?? ''),
          ),
        );
      },
    };
    const metadata = upload.record.metadata;
    const build = (id: string, mtime: number): VersionRecord => {
      const v: VersionRecord = {
        id,
        mtime,
        size,
        etag,
        contentType: metadata.contentType ?? 'application/octet-stream',
        headers: { ...(metadata.headers ?? {}) },
        userMetadata: { ...(metadata.userMetadata ?? {}) },
        storageClass: metadata.storageClass ?? 'STANDARD',
        internal: { ...(metadata.internal ?? {}), [COMPLETED_UPLOAD_FIELD]: uploadId },
        checksums,
        parts: chosen.map((p) => ({
          n: p.n,
          size: p.size,
          etag: p.etag,
          ...(p.checksums ? { checksums: { ...p.checksums } } : {}),
          ...(p.actual !== undefined ? { actual: p.actual } : {}),
        })),
        multipart: true,
        ec: written.ec,
        dataDir,
      };
      if (metadata.tagging !== undefined && metadata.tagging !== '') v.tagging = metadata.tagging;
      return v;
    };
    const k = uploadKey(bucket, key, uploadId);
    let info: ObjectInfo;
    try {
      if (installed.length < core.writeQuorum) {
        throw new InvalidPart(`only ${installed.length} drives hold every part (need ${core.writeQuorum})`, {
          bucket,
          key,
        });
      }
      info = await commitVersion(core, bucket, key, written, build, {
        ...(options?.precondition ? { precondition: options.precondition } : {}),
        extraOps: (): MetaOp[] => [{ key: k, remove: true }],
      });
    } catch (error) {
      await written.discard();
      throw error;
    }
    // The upload is gone: drop its record where the commit did not, and its part files.
    await Promise.all(
      core.drives.map(async (d) => {
        if (!d.ok) return;
        try {
          if (d.get(k) !== undefined) await d.commit([{ key: k, remove: true }]);
        } catch (error) {
          core.driveError(d, error);
        }
        await d.remove(d.uploadDir(uploadId));
      }),
    );
    return info;
  });
}

export async function abortMultipartUpload(
  core: LayerCore,
  bucket: string,
  key: string,
  uploadId: string,
): Promise<void> {
  getBucketRecord(core, bucket);
  validateObjectKey(bucket, key);
  await core.uploadLocks.exclusive(uploadLockName(bucket, uploadId), async () => {
    readUpload(core, bucket, key, uploadId);
    const k = uploadKey(bucket, key, uploadId);
    await core.commitEach(core.allSlots(), (d) =>
      d.get(k) !== undefined ? [{ key: k, remove: true }] : undefined,
    );
    await Promise.all(core.drives.map((d) => (d.ok ? d.remove(d.uploadDir(uploadId)) : undefined)));
  });
}

export function listMultipartUploads(
  core: LayerCore,
  bucket: string,
  options: ListMultipartUploadsOptions,
): ListMultipartUploadsResult {
  getBucketRecord(core, bucket);
  const prefix = options.prefix ?? '';
  const result: ListMultipartUploadsResult = { uploads: [], commonPrefixes: [], isTruncated: false };
  if (options.maxUploads <= 0) return result;
  const base = uploadPrefix(bucket);
  const keyBytes = (k: string): Buffer => Buffer.concat([base, Buffer.from(k, 'utf8')]);
  let start = keyBytes(prefix);
  const keyMarker = options.keyMarker === '' ? undefined : options.keyMarker;
  if (keyMarker !== undefined && compareKeys(keyMarker, prefix) >= 0) {
    start =
      options.uploadIdMarker !== undefined && options.uploadIdMarker !== ''
        ? Buffer.concat([uploadKey(bucket, keyMarker, options.uploadIdMarker), Buffer.from([0])])
        : Buffer.concat([keyBytes(keyMarker), Buffer.from([0, 0xff])]);
  }
  const cursor = new MergedCursor(core, start, afterPrefix(keyBytes(prefix)));
  try {
    core.requireReadQuorum(cursor.answered);
    let count = 0;
    let last: MultipartUploadInfo | string | undefined;
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const { key } = splitUploadKey(e.key.subarray(base.length));
      if (options.delimiter) {
        const at = key.indexOf(options.delimiter, prefix.length);
        if (at >= 0) {
          const cp = key.slice(0, at + options.delimiter.length);
          cursor.seek(afterPrefix(keyBytes(cp)));
          if (keyMarker !== undefined && compareKeys(cp, keyMarker) <= 0) continue;
          if (count >= options.maxUploads) {
            result.isTruncated = true;
            break;
          }
          result.commonPrefixes.push(cp);
          last = cp;
          count++;
          continue;
        }
      }
      const resolved = resolveUploadValues(
        core,
        e.values.map((v) => (v ? decodeValue(v) : v)),
      );
      if (resolved === undefined) continue;
      if (count >= options.maxUploads) {
        result.isTruncated = true;
        break;
      }
      const info = toUploadInfo(bucket, resolved.record);
      result.uploads.push(info);
      last = info;
      count++;
    }
    if (result.isTruncated && last !== undefined) {
      if (typeof last === 'string') result.nextKeyMarker = last;
      else {
        result.nextKeyMarker = last.key;
        result.nextUploadIdMarker = last.uploadId;
      }
    }
  } finally {
    cursor.close();
  }
  return result;
}
