/**
 * What a listing of one object's key adds for the object details page (spec 2 §3, §4): each
 * version's legal hold, retention and tags. S3 listings carry none of the lock state (MinIO's
 * `metadata=true` extension carries the tags only), so they are read per version with
 * GetObjectLegalHold, GetObjectRetention and — when the listing gave no tags — GetObjectTagging,
 * a few versions at a time. Only entries whose key is exactly the listed prefix are looked at, so
 * a folder listing never pays for it. Each read is best effort, as in MinIO's console: a bucket
 * without object locking, a version without retention or a call the account may not make leaves
 * the field out rather than failing the listing. At most MAX_DETAILED versions per answer are
 * read (the newest of the page), so a key with thousands of versions costs a bounded number of
 * calls; the details page shows the latest version's.
 */
import type { BucketObject } from '@coffer/contract';
import type { Client } from 'minio';

/** Versions read at the same time. */
const CONCURRENCY = 6;
/** Versions read per answer. */
export const MAX_DETAILED = 100;

type Detailed = Pick<BucketObject, 'legal_hold_status' | 'retention_mode' | 'retention_until_date' | 'tags'>;

async function quietly<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch {
    return undefined;
  }
}

function versionOpts(entry: BucketObject): { versionId: string } {
  // minio-js wants the option object; without a version id it reads the latest.
  return (entry.version_id !== undefined ? { versionId: entry.version_id } : {}) as { versionId: string };
}

async function detailsOf(s3: Client, bucket: string, entry: BucketObject): Promise<Detailed> {
  const opts = versionOpts(entry);
  const [hold, retention, tags] = await Promise.all([
    quietly(() => s3.getObjectLegalHold(bucket, entry.name, opts)),
    quietly(() => s3.getObjectRetention(bucket, entry.name, opts)),
    entry.tags === undefined ? quietly(() => s3.getObjectTagging(bucket, entry.name, opts)) : undefined,
  ]);
  const out: Detailed = {};
  // minio-js answers the <LegalHold> element as parsed: { Status: 'ON' | 'OFF' }.
  const status = String((hold as { Status?: unknown } | undefined)?.Status ?? '').toUpperCase();
  if (status === 'ON' || status === 'OFF') out.legal_hold_status = status;
  const mode = String(retention?.mode ?? '').toLowerCase();
  const until = retention?.retainUntilDate;
  if ((mode === 'governance' || mode === 'compliance') && until !== undefined && String(until) !== '') {
    out.retention_mode = mode;
    out.retention_until_date = String(until);
  }
  if (tags !== undefined) {
    // The XML parser turns numeric-looking keys and values into numbers: back to text.
    out.tags = Object.fromEntries(tags.map((t) => [String(t.Key), String(t.Value ?? '')]));
  }
  return out;
}

/** Adds legal hold, retention and tags to the entries of exactly `key` (in place). */
export async function addObjectDetails(
  s3: Client,
  bucket: string,
  key: string,
  objects: BucketObject[],
): Promise<void> {
  const mine = objects.filter((o) => o.name === key && o.is_delete_marker !== true).slice(0, MAX_DETAILED);
  for (let i = 0; i < mine.length; i += CONCURRENCY) {
    await Promise.all(
      mine.slice(i, i + CONCURRENCY).map(async (entry) => {
        Object.assign(entry, await detailsOf(s3, bucket, entry));
      }),
    );
  }
}

/** Whether a listing's prefix names one object (not the root, not a folder). */
export function namesOneObject(prefix: string): boolean {
  return prefix !== '' && !prefix.endsWith('/');
}
