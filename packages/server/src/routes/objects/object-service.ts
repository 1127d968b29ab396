/**
 * Object operations for the object browser (spec 2 §7) over S3, built for big buckets:
 *
 * - Listing answers one S3 page per request (`limit` entries), so the first page of a huge
 *   prefix costs what any page costs; `continuation` carries the S3 position.
 * - Search walks the subtree under the prefix in S3 pages, keeping keys whose name below the
 *   prefix contains the text (case-insensitive), and stops at `limit` matches, after
 *   SEARCH_MAX_SCANNED keys or after SEARCH_TIME_BUDGET_MS — whichever comes first — answering a
 *   continuation to go on. Memory is one page.
 * - Recursive delete runs here, page by page: list up to 1,000 keys (or versions), one
 *   DeleteObjects call for them, count what the server deleted and what it refused, go on after
 *   the last key. The answer is the exact outcome; any failure makes it an error answer
 *   (`partial_failure`) that still carries the counts (user needs #10).
 */
import type { DeleteOutcome, ListObjectsResponse, BucketObject } from '@coffer/contract';
import type {
  DeleteObjectQuerySchema,
  DeleteObjectsRequestSchema,
  ListObjectsQuerySchema,
} from '@coffer/contract';
import type { Client } from 'minio';
import type { z } from 'zod';
import { ConsoleError } from '../../errors.js';
import { listObjectsPage, listVersionsPage, type ListedEntry } from '../../storage/s3-listing.js';
import { ruleForS3Code } from '../../storage/storage-errors.js';
import { decodeContinuation, encodeContinuation } from './continuation.js';
import { addObjectDetails, namesOneObject } from './object-details-listing.js';

type ListQuery = z.output<typeof ListObjectsQuerySchema>;
type DeleteQuery = z.output<typeof DeleteObjectQuerySchema>;
type DeleteList = z.output<typeof DeleteObjectsRequestSchema>;

export const SEARCH_MAX_SCANNED = 50_000;
export const SEARCH_TIME_BUDGET_MS = 2_500;
/** S3 DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;
const MAX_REPORTED_ERRORS = 100;

function present(e: ListedEntry): BucketObject {
  if (e.kind === 'prefix') return { name: e.key };
  const o: BucketObject = { name: e.key };
  if (e.size !== undefined) o.size = e.size;
  if (e.lastModified !== undefined) o.last_modified = new Date(e.lastModified).toISOString();
  if (e.etag !== undefined) o.etag = e.etag;
  if (e.versionId !== undefined) o.version_id = e.versionId;
  if (e.isLatest !== undefined) o.is_latest = e.isLatest;
  if (e.kind === 'deleteMarker') o.is_delete_marker = true;
  else if (e.kind === 'version') o.is_delete_marker = false;
  if (e.contentType !== undefined) o.content_type = e.contentType;
  if (e.userMetadata !== undefined) o.user_metadata = e.userMetadata;
  if (e.tags !== undefined) o.tags = e.tags;
  return o;
}

/** Folders first within a page (spec 2 §2), each group in S3 order. */
function foldersFirst(entries: ListedEntry[]): ListedEntry[] {
  return [...entries.filter((e) => e.kind === 'prefix'), ...entries.filter((e) => e.kind !== 'prefix')];
}

async function searchObjects(s3: Client, bucket: string, q: ListQuery): Promise<ListObjectsResponse> {
  const needle = (q.search ?? '').toLowerCase();
  const deadline = Date.now() + SEARCH_TIME_BUDGET_MS;
  let after = decodeContinuation(q.continuation, 'search')?.a;
  const found: BucketObject[] = [];
  let scanned = 0;
  let done = false;
  while (found.length < q.limit && scanned < SEARCH_MAX_SCANNED && Date.now() < deadline) {
    const page = await listObjectsPage(s3, bucket, {
      prefix: q.prefix,
      delimiter: '',
      maxKeys: 1000,
      ...(after !== undefined ? { startAfter: after } : {}),
      metadata: q.with_metadata,
    });
    let stoppedEarly = false;
    for (const e of page.entries) {
      scanned++;
      after = e.key;
      if (e.key.slice(q.prefix.length).toLowerCase().includes(needle)) {
        found.push(present(e));
        if (found.length >= q.limit) {
          stoppedEarly = e !== page.entries.at(-1);
          break;
        }
      }
    }
    if (!page.truncated && !stoppedEarly) {
      done = true;
      break;
    }
  }
  const response: ListObjectsResponse = { objects: found, scanned };
  if (!done && after !== undefined) response.continuation = encodeContinuation({ m: 'search', a: after });
  return response;
}

/**
 * One page of a listing; a listing of one object's key (the object details page) also carries each
 * version's legal hold, retention and tags (`object-details-listing.ts`).
 */
export async function listObjects(s3: Client, bucket: string, q: ListQuery): Promise<ListObjectsResponse> {
  const response = await listEntries(s3, bucket, q);
  if (q.search === undefined && namesOneObject(q.prefix)) {
    await addObjectDetails(s3, bucket, q.prefix, response.objects);
  }
  return response;
}

async function listEntries(s3: Client, bucket: string, q: ListQuery): Promise<ListObjectsResponse> {
  if (q.search !== undefined) return searchObjects(s3, bucket, q);
  const delimiter = q.recursive ? '' : '/';
  if (q.with_versions) {
    const c = decodeContinuation(q.continuation, 'versions');
    const page = await listVersionsPage(s3, bucket, {
      prefix: q.prefix,
      delimiter,
      maxKeys: q.limit,
      ...(c ? { keyMarker: c.k, ...(c.v !== undefined ? { versionIdMarker: c.v } : {}) } : {}),
      metadata: q.with_metadata,
    });
    const response: ListObjectsResponse = { objects: foldersFirst(page.entries).map(present) };
    if (page.truncated && page.nextKeyMarker !== undefined) {
      response.continuation = encodeContinuation({
        m: 'versions',
        k: page.nextKeyMarker,
        ...(page.nextVersionIdMarker !== undefined ? { v: page.nextVersionIdMarker } : {}),
      });
    }
    return response;
  }
  const c = decodeContinuation(q.continuation, 'page');
  const page = await listObjectsPage(s3, bucket, {
    prefix: q.prefix,
    delimiter,
    maxKeys: q.limit,
    ...(c ? { continuationToken: c.t } : {}),
    metadata: q.with_metadata,
  });
  // The folder's own marker object ("photos/" inside "photos/") is the folder, not a file in it.
  const entries = page.entries.filter(
    (e) => !(e.kind === 'object' && e.key === q.prefix && e.key.endsWith('/')),
  );
  const response: ListObjectsResponse = { objects: foldersFirst(entries).map(present) };
  if (page.truncated && page.nextContinuationToken) {
    response.continuation = encodeContinuation({ m: 'page', t: page.nextContinuationToken });
  }
  return response;
}

/** Running totals of a delete; `onBatch` (progress streaming) hears after each batch. */
export class DeleteTally {
  deleted = 0;
  failed = 0;
  readonly errors: DeleteOutcome['errors'] = [];

  constructor(private readonly onBatch?: (tally: DeleteTally) => void) {}

  batchDone(): void {
    this.onBatch?.(this);
  }

  failure(path: string, versionId: string | undefined, code: string, message: string): void {
    this.failed++;
    if (this.errors.length < MAX_REPORTED_ERRORS) {
      this.errors.push({ path, ...(versionId ? { version_id: versionId } : {}), code, message });
    }
  }

  outcome(): DeleteOutcome {
    return { deleted: this.deleted, failed: this.failed, errors: this.errors };
  }
}

interface DeleteItem {
  name: string;
  versionId?: string;
}

/** One DeleteObjects call (≤ 1,000 items); counts successes and per-key failures. */
async function deleteBatch(
  s3: Client,
  bucket: string,
  items: DeleteItem[],
  tally: DeleteTally,
): Promise<void> {
  if (items.length === 0) return;
  const errors = (await s3.removeObjects(bucket, items)) as unknown as Record<string, unknown>[];
  for (const e of errors) {
    tally.failure(
      String(e.Key ?? ''),
      e.VersionId !== undefined ? String(e.VersionId) : undefined,
      String(e.Code ?? 'InternalError'),
      String(e.Message ?? ''),
    );
  }
  tally.deleted += items.length - errors.length;
  tally.batchDone();
}

/** Delete everything under `prefix` (every version with `allVersions`), page by page. */
async function deleteTree(
  s3: Client,
  bucket: string,
  prefix: string,
  allVersions: boolean,
  tally: DeleteTally,
): Promise<void> {
  let startAfter: string | undefined;
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    if (allVersions) {
      const page = await listVersionsPage(s3, bucket, {
        prefix,
        delimiter: '',
        maxKeys: DELETE_BATCH,
        ...(keyMarker !== undefined ? { keyMarker } : {}),
        ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
      });
      const items = page.entries
        .filter((e) => e.kind !== 'prefix')
        .map((e) => ({ name: e.key, ...(e.versionId !== undefined ? { versionId: e.versionId } : {}) }));
      await deleteBatch(s3, bucket, items, tally);
      if (!page.truncated || page.nextKeyMarker === undefined) return;
      keyMarker = page.nextKeyMarker;
      versionIdMarker = page.nextVersionIdMarker;
    } else {
      const page = await listObjectsPage(s3, bucket, {
        prefix,
        delimiter: '',
        maxKeys: DELETE_BATCH,
        ...(startAfter !== undefined ? { startAfter } : {}),
      });
      const items = page.entries.filter((e) => e.kind === 'object').map((e) => ({ name: e.key }));
      await deleteBatch(s3, bucket, items, tally);
      const last = items.at(-1);
      // Continue after the last key listed: refused keys stay behind and are not met again.
      if (!page.truncated || !last) return;
      startAfter = last.name;
    }
  }
}

/** Every version of exactly `key`. */
async function deleteAllVersionsOf(
  s3: Client,
  bucket: string,
  key: string,
  tally: DeleteTally,
): Promise<void> {
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix: key,
      delimiter: '',
      maxKeys: DELETE_BATCH,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    const mine = page.entries.filter((e) => e.kind !== 'prefix' && e.key === key);
    await deleteBatch(
      s3,
      bucket,
      mine.map((e) => ({ name: e.key, ...(e.versionId ? { versionId: e.versionId } : {}) })),
      tally,
    );
    // Listing is in key order: once past `key` nothing more of it follows.
    const passed = page.entries.some((e) => e.key > key);
    if (!page.truncated || passed || page.nextKeyMarker === undefined) return;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
  }
}

/** The outcome, or a partial_failure error carrying it (status of the first failure). */
function finish(tally: DeleteTally): DeleteOutcome {
  const outcome = tally.outcome();
  const first = outcome.errors[0];
  if (outcome.failed === 0 || !first) return outcome;
  const total = outcome.deleted + outcome.failed;
  throw new ConsoleError(
    'partial_failure',
    `${outcome.failed} of ${total} objects could not be deleted`,
    `${first.code}: ${first.message} (${first.path})`,
    ruleForS3Code(first.code).status,
    outcome,
  );
}

export async function deleteObject(s3: Client, bucket: string, q: DeleteQuery): Promise<DeleteOutcome> {
  const tally = new DeleteTally();
  if (q.recursive) {
    await deleteTree(s3, bucket, q.path, q.all_versions, tally);
  } else if (q.all_versions && q.version_id === undefined) {
    await deleteAllVersionsOf(s3, bucket, q.path, tally);
  } else {
    await deleteBatch(
      s3,
      bucket,
      [{ name: q.path, ...(q.version_id !== undefined ? { versionId: q.version_id } : {}) }],
      tally,
    );
  }
  return finish(tally);
}

export async function deleteObjects(s3: Client, bucket: string, list: DeleteList): Promise<DeleteOutcome> {
  const tally = new DeleteTally();
  await deleteListInto(s3, bucket, list, tally);
  return finish(tally);
}

/** The work of delete-objects, counted into `tally` (which the progress stream listens to). */
export async function deleteListInto(
  s3: Client,
  bucket: string,
  list: DeleteList,
  tally: DeleteTally,
): Promise<void> {
  const single: DeleteItem[] = [];
  for (const item of list) {
    if (item.recursive) await deleteTree(s3, bucket, item.path, false, tally);
    else single.push({ name: item.path, ...(item.versionID ? { versionId: item.versionID } : {}) });
  }
  for (let i = 0; i < single.length; i += DELETE_BATCH) {
    await deleteBatch(s3, bucket, single.slice(i, i + DELETE_BATCH), tally);
  }
}
