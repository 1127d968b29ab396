/**
 * ListObjects (v1/v2) and ListObjectVersions over the merged, ordered indexes of the drives.
 *
 * The scan starts at the first key after the marker (or at the prefix) and stops at the end of the
 * prefix range. With a delimiter, the first key under a new common prefix emits that prefix and
 * the cursor seeks to `<common prefix> 0xFF` — past every key that shares it — so a page costs
 * O(page + seeks) index entries whatever the number of keys in the bucket or under one prefix.
 * Each key's versions are resolved by quorum (quorum.ts): keys on fewer than read-quorum drives
 * (dangling, half-written) are not listed.
 */
import { afterPrefix, justAfter, objectKey, objectPrefix } from '../storage/meta-keys.js';
import { getBucketRecord } from './buckets.js';
import type { LayerCore } from './core.js';
import { MergedCursor } from './merged-cursor.js';
import { toObjectInfo } from './object-info.js';
import { resolveRaw } from './quorum.js';
import type {
  ListObjectVersionsOptions,
  ListObjectVersionsResult,
  ListObjectsOptions,
  ListObjectsResult,
  ObjectInfo,
} from './types.js';

/** Key order is UTF-8 byte order. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Where a listing starts: strictly after `after` (when given) and not before the prefix. */
function startKey(
  bucket: string,
  prefix: string,
  after: string | undefined,
  inclusiveAfter: boolean,
): Buffer {
  const fromPrefix = objectKey(bucket, prefix);
  if (after === undefined || compareKeys(after, prefix) < 0) return fromPrefix;
  const k = objectKey(bucket, after);
  return inclusiveAfter ? k : justAfter(k);
}

/** Common prefix of `key` under `prefix` for `delimiter`, or undefined. */
function commonPrefix(key: string, prefix: string, delimiter: string | undefined): string | undefined {
  if (delimiter === undefined || delimiter === '') return undefined;
  const at = key.indexOf(delimiter, prefix.length);
  return at < 0 ? undefined : key.slice(0, at + delimiter.length);
}

/** Statistics of the last listing, for tests and benches. */
export interface ListingStats {
  visited: number;
}

export function listObjects(
  core: LayerCore,
  bucket: string,
  options: ListObjectsOptions,
  stats?: ListingStats,
): ListObjectsResult {
  getBucketRecord(core, bucket);
  const prefix = options.prefix ?? '';
  const result: ListObjectsResult = { objects: [], commonPrefixes: [], isTruncated: false };
  if (options.maxKeys <= 0) return result;
  const bucketPrefix = objectPrefix(bucket);
  const rangeEnd = afterPrefix(objectKey(bucket, prefix));
  const cursor = new MergedCursor(core, startKey(bucket, prefix, options.after, false), rangeEnd);
  try {
    core.requireReadQuorum(cursor.answered);
    let count = 0;
    let last: string | undefined;
    for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const key = e.key.subarray(bucketPrefix.length).toString('utf8');
      const cp = commonPrefix(key, prefix, options.delimiter);
      if (cp !== undefined) {
        cursor.seek(afterPrefix(objectKey(bucket, cp)));
        if (options.after !== undefined && compareKeys(cp, options.after) <= 0) continue;
        if (count >= options.maxKeys) {
          result.isTruncated = true;
          break;
        }
        result.commonPrefixes.push(cp);
        last = cp;
        count++;
        continue;
      }
      const resolution = resolveRaw(e.values, core.readQuorum);
      const latest = resolution.versions[0];
      if (latest === undefined || latest.version.deleteMarker === true) continue;
      if (count >= options.maxKeys) {
        result.isTruncated = true;
        break;
      }
      result.objects.push(toObjectInfo(bucket, key, latest.version, true));
      last = key;
      count++;
    }
    if (result.isTruncated && last !== undefined) result.nextAfter = last;
  } finally {
    cursor.close();
    if (stats) stats.visited = cursor.visited;
  }
  return result;
}

export function listObjectVersions(
  core: LayerCore,
  bucket: string,
  options: ListObjectVersionsOptions,
  stats?: ListingStats,
): ListObjectVersionsResult {
  getBucketRecord(core, bucket);
  const prefix = options.prefix ?? '';
  const result: ListObjectVersionsResult = { versions: [], commonPrefixes: [], isTruncated: false };
  if (options.maxKeys <= 0) return result;
  const bucketPrefix = objectPrefix(bucket);
  const rangeEnd = afterPrefix(objectKey(bucket, prefix));
  const keyMarker = options.keyMarker === '' ? undefined : options.keyMarker;
  const versionMarker = keyMarker !== undefined ? options.versionIdMarker || undefined : undefined;
  const cursor = new MergedCursor(
    core,
    startKey(bucket, prefix, keyMarker, versionMarker !== undefined),
    rangeEnd,
  );
  try {
    core.requireReadQuorum(cursor.answered);
    let count = 0;
    let lastKey: string | undefined;
    let lastVersion: string | undefined;
    outer: for (let e = cursor.next(); e !== undefined; e = cursor.next()) {
      const key = e.key.subarray(bucketPrefix.length).toString('utf8');
      const cp = commonPrefix(key, prefix, options.delimiter);
      if (cp !== undefined) {
        cursor.seek(afterPrefix(objectKey(bucket, cp)));
        if (keyMarker !== undefined && compareKeys(cp, keyMarker) <= 0) continue;
        if (count >= options.maxKeys) {
          result.isTruncated = true;
          break;
        }
        result.commonPrefixes.push(cp);
        lastKey = cp;
        lastVersion = undefined;
        count++;
        continue;
      }
      const resolution = resolveRaw(e.values, core.readQuorum);
      let versions = resolution.versions;
      if (versionMarker !== undefined && key === keyMarker) {
        const at = versions.findIndex((v) => v.version.id === versionMarker);
        versions = at < 0 ? [] : versions.slice(at + 1);
      }
      for (const v of versions) {
        if (count >= options.maxKeys) {
          result.isTruncated = true;
          break outer;
        }
        const info: ObjectInfo = toObjectInfo(bucket, key, v.version, v === resolution.versions[0]);
        result.versions.push(info);
        lastKey = key;
        lastVersion = v.version.id;
        count++;
      }
    }
    if (result.isTruncated && lastKey !== undefined) {
      result.nextKeyMarker = lastKey;
      if (lastVersion !== undefined) result.nextVersionIdMarker = lastVersion;
    }
  } finally {
    cursor.close();
    if (stats) stats.visited = cursor.visited;
  }
  return result;
}
