/**
 * A bucket's usage counted now, by listing its versions — for a bucket the console has just changed,
 * whose figure in the usage report (the storage server's last scan, up to a minute or more old)
 * would be stale. Counted the way MinIO's scanner (and the engine's) counts: `size` is the bytes of
 * every version that is not a delete marker, `objects` the keys whose latest version is not one.
 * Bounded: a bucket with more than `maxEntries` versions is not counted (undefined), so a large
 * bucket keeps its scanned figure rather than costing a long listing on every change.
 */
import type { Client } from 'minio';
import { listVersionsPage } from '../../storage/s3-listing.js';
import type { BucketUsage } from './usage-cache.js';

const PAGE_SIZE = 1000;

export async function recountBucket(
  s3: Client,
  bucket: string,
  maxEntries: number,
): Promise<BucketUsage | undefined> {
  let size = 0;
  let objects = 0;
  let seen = 0;
  let keyMarker: string | undefined;
  let versionIdMarker: string | undefined;
  for (;;) {
    const page = await listVersionsPage(s3, bucket, {
      prefix: '',
      delimiter: '',
      maxKeys: PAGE_SIZE,
      ...(keyMarker !== undefined ? { keyMarker } : {}),
      ...(versionIdMarker !== undefined ? { versionIdMarker } : {}),
    });
    for (const entry of page.entries) {
      if (entry.kind === 'version') {
        size += entry.size ?? 0;
        if (entry.isLatest === true) objects++;
      }
    }
    seen += page.entries.length;
    if (!page.truncated) return { size, objects };
    if (seen >= maxEntries) return undefined;
    keyMarker = page.nextKeyMarker;
    versionIdMarker = page.nextVersionIdMarker;
    // A truncated page without a marker cannot be continued; better no figure than a wrong one.
    if (keyMarker === undefined) return undefined;
  }
}
