/**
 * How the object details page reads a version (spec 2 §2, §4): the Legal Hold and Retention
 * values, whether Versions is offered, and the Versions tab's numbering (v1 is the oldest) and
 * search by version id.
 */
import type { BucketObject } from '../../../../shared/api/types.js';

/**
 * Legal Hold: 'disabled' when the bucket is not versioned, otherwise the lowercase status ('on',
 * 'off'), or 'none' when the version has none; the caller shows 'disabled' and 'none' as
 * 'Disabled' and 'Off'.
 */
export function legalHoldValue(version: BucketObject, bucketVersioned: boolean): string {
  if (!bucketVersioned) return 'disabled';
  return version.legal_hold_status?.toLowerCase() ?? 'none';
}

/** Versions is disabled unless the object has a version id other than 'null'. */
export function hasVersions(version: BucketObject): boolean {
  return version.version_id !== undefined && version.version_id !== 'null';
}

export interface NumberedVersion {
  number: number;
  version: BucketObject;
}

/** Versions newest first, numbered so that v1 is the oldest; filtered by version id substring. */
export function numberedVersions(versions: readonly BucketObject[], search: string): NumberedVersion[] {
  const needle = search.trim().toLowerCase();
  return versions
    .map((version, i) => ({ number: versions.length - i, version }))
    .filter(({ version }) => needle === '' || (version.version_id ?? '').toLowerCase().includes(needle));
}

/** A version's id as S3 names it: 'null' for the unversioned one. */
export function versionIdOf(version: BucketObject): string {
  return version.version_id ?? 'null';
}
