/**
 * The internal fields of a transitioned version, with MinIO's names where MinIO has them
 * (`x-minio-internal-transition-status` = `complete`, `-transition-tier`, `-transitioned-object`,
 * `-transitioned-versionid`), and the stored view the tiering decorator puts back on reads: the
 * version's size, ETag, checksums and parts as they were before its local bytes were dropped.
 * Restores (`POST ?restore`) add MinIO's `x-amz-restore` state: `ongoing-request="false",
 * expiry-date="<RFC 1123>"` while a restored copy is on the drives.
 */
import { randomUUID } from 'node:crypto';
import {
  DATA_REMOTE_FIELD,
  type Checksums,
  type ObjectInfo,
  type ObjectPartInfo,
} from '../object-layer/types.js';

export const T = {
  status: 'x-minio-internal-transition-status',
  tier: 'x-minio-internal-transition-tier',
  object: 'x-minio-internal-transitioned-object',
  remoteVersion: 'x-minio-internal-transitioned-versionid',
  /** The stored view before the transition (JSON: size, etag, checksums, parts). */
  stored: 'x-coffer-internal-transitioned-stored',
  /** RFC 1123 time until which a restored copy stays local. */
  restoreExpiry: 'x-coffer-internal-restore-expiry',
  dataRemote: DATA_REMOTE_FIELD,
} as const;

export const TRANSITION_COMPLETE = 'complete';

interface StoredView {
  size: number;
  etag: string;
  checksums: Checksums;
  parts?: ObjectPartInfo[];
}

export function isTransitioned(info: { internal: Record<string, string> }): boolean {
  return info.internal[T.status] === TRANSITION_COMPLETE;
}

/** True when the version's bytes are only on the tier (not restored). */
export function isDataRemote(info: { internal: Record<string, string> }): boolean {
  return info.internal[T.dataRemote] === 'true';
}

export function transitionTier(info: { internal: Record<string, string> }): string | undefined {
  return isTransitioned(info) ? info.internal[T.tier] : undefined;
}

/** MinIO's remote object name: a fresh UUID fanned out as `ab/cd/abcd…`. */
export function newRemoteName(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

export function storedViewJson(info: ObjectInfo): string {
  const view: StoredView = { size: info.size, etag: info.etag, checksums: info.checksums };
  if (info.parts !== undefined) view.parts = info.parts;
  return JSON.stringify(view);
}

/**
 * The view of a version as it was stored, for a transitioned one (identity otherwise): its size,
 * ETag, checksums and parts, and the tier's name as its storage class (as MinIO lists it).
 */
export function transitionedView(info: ObjectInfo): ObjectInfo {
  if (!isTransitioned(info) || info.deleteMarker) return info;
  let stored: StoredView;
  try {
    stored = JSON.parse(info.internal[T.stored] ?? '') as StoredView;
  } catch {
    return info;
  }
  const view: ObjectInfo = {
    ...info,
    size: stored.size,
    etag: stored.etag,
    checksums: stored.checksums,
    storageClass: info.internal[T.tier] ?? info.storageClass,
  };
  if (stored.parts !== undefined) view.parts = stored.parts;
  else delete view.parts;
  return view;
}

/** MinIO's `x-amz-restore` value of a version, when a restore was asked for. */
export function restoreHeader(info: { internal: Record<string, string> }): string | undefined {
  const expiry = info.internal[T.restoreExpiry];
  if (expiry === undefined) return undefined;
  return `ongoing-request="false", expiry-date="${expiry}"`;
}
