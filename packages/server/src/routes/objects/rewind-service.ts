/**
 * Rewind (spec 2 §4 "Rewind", §7): a folder as it was at a date, read from the storage server's
 * version listing of that folder only — ListObjectVersions with the prefix and the "/" delimiter,
 * page by page — never of the whole bucket (issue 9 §2). The engine answers such a page from its
 * ordered index, seeking past each sub-folder, so the cost is that of the folder's page.
 *
 * Versions arrive by key, newest first. For each key the first version at or before the date is
 * the one shown (a delete marker there: `delete_flag`, the key was deleted then); later versions
 * are skipped, and a key with no version that old is absent. Folders are shown as they are (a
 * folder holds no date of its own). An answer stops at a key boundary after `limit` entries; its
 * continuation is the last key answered, which as a key marker resumes after every version of it.
 */
import type { RewindObject, RewindResponse } from '@coffer/contract';
import type { Client } from 'minio';
import { invalidRequest } from '../../errors.js';
import { listVersionsPage, type ListedEntry } from '../../storage/s3-listing.js';

/** S3's largest page. */
const VERSIONS_PAGE = 1000;

export interface RewindRequest {
  prefix: string;
  date: Date;
  limit: number;
  continuation?: string;
  /** Versions asked per S3 page (default and most: 1000; smaller in tests). */
  pageSize?: number;
}

interface RewindPosition {
  m: 'rewind';
  /** The last key (or folder) answered. */
  k: string;
}

function encodePosition(key: string): string {
  return Buffer.from(JSON.stringify({ m: 'rewind', k: key } satisfies RewindPosition), 'utf8').toString(
    'base64url',
  );
}

function decodePosition(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<RewindPosition>;
    if (value.m === 'rewind' && typeof value.k === 'string') return value.k;
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
  let keyMarker = decodePosition(r.continuation);
  let versionIdMarker: string | undefined;
  const found: ListedEntry[] = [];
  /** The key whose version at the date was already chosen (its older versions are skipped). */
  let decided: string | undefined;
  /** Whether anything may follow the last entry answered. */
  let more = false;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix: r.prefix,
      delimiter: '/',
      maxKeys: Math.min(VERSIONS_PAGE, r.pageSize ?? VERSIONS_PAGE),
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    // Versions come in key order with the folders after them: merge those in (only when present).
    const entries = page.entries.some((e) => e.kind === 'prefix') ? page.entries.sort(byKey) : page.entries;
    let full = false;
    for (const e of entries) {
      if (full) {
        // Past the limit: only the last key's older versions may still be skipped.
        if (e.key !== decided) {
          more = true;
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
    if (full) {
      more ||= truncated;
      break;
    }
    if (!truncated) break;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
  }
  const objects = [
    ...found.filter((e) => e.kind === 'prefix'),
    ...found.filter((e) => e.kind !== 'prefix'),
  ].map(present);
  const response: RewindResponse = { objects };
  const last = found.at(-1);
  // A key marker resumes after every version of the last key answered.
  if (more && last !== undefined) response.continuation = encodePosition(last.key);
  return response;
}
