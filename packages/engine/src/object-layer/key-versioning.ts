/**
 * The versioning that applies to one key: the bucket's status, except that MinIO's exclusions
 * (`ExcludedPrefixes`, `ExcludeFolders`) make matching keys of an Enabled bucket behave as in a
 * Suspended one — their writes replace the `null` version and their deletes write `null` markers.
 * Pure; the layer asks it on every write and delete, quota accounting on every write.
 */
import type { VersioningExclusions, VersioningStatus } from '../storage/types.js';

/** Does `key` start with something matching `pattern`, where `*` stands for any run of characters? */
export function matchesPrefixPattern(pattern: string, key: string): boolean {
  const parts = pattern.split('*');
  const first = parts[0] ?? '';
  if (!key.startsWith(first)) return false;
  let at = first.length;
  // Each later literal piece must appear after the previous one; as a prefix match, what follows
  // the last piece is free (MinIO matches `pattern + "*"`).
  for (const piece of parts.slice(1)) {
    if (piece === '') continue;
    const found = key.indexOf(piece, at);
    if (found < 0) return false;
    at = found + piece.length;
  }
  return true;
}

/** The versioning status that governs writes and deletes of `key`. */
export function keyVersioning(
  bucket: { versioning: VersioningStatus; versioningExcluded?: VersioningExclusions | undefined },
  key: string,
): VersioningStatus {
  if (bucket.versioning !== 'Enabled') return bucket.versioning;
  const excluded = bucket.versioningExcluded;
  if (excluded === undefined) return 'Enabled';
  if (excluded.folders && key.endsWith('/')) return 'Suspended';
  return excluded.prefixes.some((p) => matchesPrefixPattern(p, key)) ? 'Suspended' : 'Enabled';
}
