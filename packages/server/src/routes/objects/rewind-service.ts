/**
 * Rewind (spec 2 §4 "Rewind", §7): a folder as it was at a date, read from the storage server's
 * version listing of that folder only — ListObjectVersions with the prefix and the "/" delimiter,
 * page by page — never of the whole bucket (issue 9 §2). The engine answers such a page from its
 * ordered index, seeking past each sub-folder, so the cost is that of the folder's page.
 *
 * Versions arrive by key, newest first. For each key the first version at or before the date is
 * the one shown (a delete marker there: `delete_flag`, the key was deleted then); later versions
 * are skipped, and a key with no version that old is absent. Folders are shown as they are (a
 * folder holds no date of its own).
 *
 * Each answer does a bounded amount of work, like a plain listing page: it stops after `limit`
 * entries or once it has read one S3 page of versions (1,000), whichever comes first. So the first
 * answer costs about what the first page of the plain listing costs, however many versions each
 * key has (a folder of keys with 3 versions answers about 333 keys first; the browser loads on as
 * the user scrolls). The continuation is where the listing stopped: after the last key answered
 * (a key marker skips its older versions), or at S3's next markers, remembering whether the key
 * in progress was already answered.
 */
import type { RewindObject, RewindResponse } from '@coffer/contract';
import type { Client } from 'minio';
import { invalidRequest } from '../../errors.js';
import { listVersionsPage, type ListedEntry } from '../../storage/s3-listing.js';

/** S3's largest page, and the versions one answer reads at most. */
const VERSIONS_PAGE = 1000;

export interface RewindRequest {
  prefix: string;
  date: Date;
  limit: number;
  continuation?: string;
  /** Versions read per answer (default and most: 1000, one S3 page; smaller in tests). */
  pageSize?: number;
}

interface RewindPosition {
  m: 'rewind';
  /** Key marker: go on after this key (or, with `v`, after this version of it). */
  k: string;
  /** Version-id marker. */
  v?: string;
  /** 1: the key `k` was already answered (skip its remaining versions). */
  d?: 1;
}

function encodePosition(position: Omit<RewindPosition, 'm'>): string {
  return Buffer.from(JSON.stringify({ m: 'rewind', ...position } satisfies RewindPosition), 'utf8').toString(
    'base64url',
  );
}

function decodePosition(token: string | undefined): RewindPosition | undefined {
  if (token === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<RewindPosition>;
    if (
      value.m === 'rewind' &&
      typeof value.k === 'string' &&
      (value.v === undefined || typeof value.v === 'string') &&
      (value.d === undefined || value.d === 1)
    ) {
      return value as RewindPosition;
    }
  } catch {
    // falls through to the refusal
  }
  throw invalidRequest('Invalid continuation', 'the continuation token does not belong to a rewind listing');
}

/** S3 orders keys by their UTF-8 bytes. */
const byKey = (a: ListedEntry, b: ListedEntry): number =>
  Buffer.compare(Buffer.from(a.key, 'utf8'), Buffer.from(b.key, 'utf8'));

function present(e: ListedEntry): RewindObject {
  if (e.kind === 'prefix') return { name: e.key };
  const o: RewindObject = { name: e.key, delete_flag: e.kind === 'deleteMarker' };
  if (e.kind === 'deleteMarker') o.is_delete_marker = true;
  else {
    o.is_delete_marker = false;
    if (e.size !== undefined) o.size = e.size;
    if (e.etag !== undefined) o.etag = e.etag;
  }
  if (e.lastModified !== undefined) o.last_modified = new Date(e.lastModified).toISOString();
  if (e.versionId !== undefined) o.version_id = e.versionId;
  if (e.isLatest !== undefined) o.is_latest = e.isLatest;
  return o;
}

/** `prefix`'s keys and folders as they were at `date`, folders first within the answer. */
export async function rewindObjects(s3: Client, bucket: string, r: RewindRequest): Promise<RewindResponse> {
  const at = r.date.getTime();
  const budget = Math.min(VERSIONS_PAGE, r.pageSize ?? VERSIONS_PAGE);
  const start = decodePosition(r.continuation);
  let keyMarker = start?.k;
  let versionIdMarker = start?.v;
  const found: ListedEntry[] = [];
  /** The key whose version at the date was already chosen (its older versions are skipped). */
  let decided = start?.d === 1 ? start.k : undefined;
  let read = 0;
  let next: Omit<RewindPosition, 'm'> | undefined;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix: r.prefix,
      delimiter: '/',
      maxKeys: Math.max(1, budget - read),
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    read += page.entries.length;
    // Versions come in key order with the folders after them: merge those in (only when present).
    const entries = page.entries.some((e) => e.kind === 'prefix') ? page.entries.sort(byKey) : page.entries;
    let full = false;
    for (const e of entries) {
      if (full) {
        // Past the limit: only the last key's older versions may still follow.
        if (e.key !== decided) {
          next = { k: decided ?? e.key };
          break;
        }
        continue;
      }
      // The folder's own marker object ("photos/" inside "photos/") is the folder itself.
      if (e.kind !== 'prefix' && e.key === r.prefix && e.key.endsWith('/')) continue;
      if (e.kind === 'prefix') {
        decided = e.key;
        found.push(e);
      } else if (e.key !== decided) {
        const modified = e.lastModified !== undefined ? Date.parse(e.lastModified) : NaN;
        if (!(modified <= at)) continue;
        decided = e.key;
        found.push(e);
      }
      full = found.length >= r.limit;
    }
    const truncated = page.truncated && page.nextKeyMarker !== undefined;
    if (next !== undefined || !truncated) break;
    if (full && decided !== undefined) {
      // The limit was reached at the page's end: go on after the last key answered.
      next = { k: decided };
      break;
    }
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    if (read >= budget && keyMarker !== undefined) {
      // This answer has read its page of versions: the rest is for the next one.
      next = {
        k: keyMarker,
        ...(versionIdMarker !== undefined ? { v: versionIdMarker } : {}),
        ...(decided === keyMarker ? { d: 1 as const } : {}),
      };
      break;
    }
  }
  const objects = [
    ...found.filter((e) => e.kind === 'prefix'),
    ...found.filter((e) => e.kind !== 'prefix'),
  ].map(present);
  const response: RewindResponse = { objects };
  if (next !== undefined) response.continuation = encodePosition(next);
  return response;
}
