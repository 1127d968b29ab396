/**
 * Object locking and default retention (spec 1 §7 `/object-locking`, `/retention`) over S3:
 * GetObjectLockConfiguration tells both — a bucket created without object locking answers 404
 * ObjectLockConfigurationNotFoundError (no locking, no retention); a locked one its
 * configuration, with `Rule/DefaultRetention` when a default retention is set.
 * PutObjectLockConfiguration sets the default retention; the storage server refuses it on a
 * bucket without locking, which the console says in plain words (with the server's own detail).
 */
import type { BucketObjectLocking, BucketRetention, BucketRetentionResponse } from '@coffer/contract';
import type { Client } from 'minio';
import type { AppContext } from '../../app-context.js';
import { ConsoleError } from '../../errors.js';
import type { Session } from '../../session/session-store.js';
import { classifyStorageError, storageErrorCode } from '../../storage/storage-errors.js';

type LockConfig = Parameters<Client['setObjectLockConfig']>[1];

/** The minio-js lock configuration carrying `retention` as the bucket's default retention. */
export function lockConfigOf(retention: BucketRetention): LockConfig {
  // minio-js takes the S3 spellings; its declared type misses that mode, unit and validity go together.
  return {
    mode: retention.mode === 'compliance' ? 'COMPLIANCE' : 'GOVERNANCE',
    unit: retention.unit === 'days' ? 'Days' : 'Years',
    validity: retention.validity,
  } as LockConfig;
}

/** An object-lock configuration as minio-js reads it (`{}` when the document has nothing). */
interface LockState {
  objectLockEnabled?: string;
  mode?: string;
  unit?: string;
  validity?: unknown;
}

/** The bucket's object-lock configuration; undefined for a bucket without object locking. */
async function readLockConfig(s3: Client, bucket: string): Promise<LockState | undefined> {
  try {
    // minio-js declares a void overload first; the call returns a promise.
    return await (s3.getObjectLockConfig(bucket) as unknown as Promise<LockState>);
  } catch (err) {
    if (storageErrorCode(err) === 'ObjectLockConfigurationNotFoundError') return undefined;
    throw err;
  }
}

export async function getObjectLocking(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketObjectLocking> {
  const config = await readLockConfig(ctx.clients.forSession(session).s3, bucket);
  return { object_locking_enabled: config?.objectLockEnabled === 'Enabled' };
}

export async function getBucketRetention(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketRetentionResponse> {
  const config = await readLockConfig(ctx.clients.forSession(session).s3, bucket);
  const validity = Number(config?.validity);
  if (config?.mode === undefined || !Number.isInteger(validity) || validity < 1) return {};
  return {
    mode: config.mode === 'COMPLIANCE' ? 'compliance' : 'governance',
    unit: config.unit === 'Years' ? 'years' : 'days',
    validity,
  };
}

export async function setBucketRetention(
  ctx: AppContext,
  session: Session,
  bucket: string,
  retention: BucketRetention,
): Promise<BucketRetentionResponse> {
  const { s3 } = ctx.clients.forSession(session);
  try {
    // minio-js declares a void overload first; the call returns a promise.
    await Promise.resolve(s3.setObjectLockConfig(bucket, lockConfigOf(retention)));
  } catch (err) {
    const c = classifyStorageError(err);
    if (c && storageErrorCode(err) === 'InvalidBucketState') {
      throw new ConsoleError(
        'conflict',
        `Bucket ${bucket} was created without object locking, so it cannot have a default retention`,
        c.detailedMessage,
        409,
      );
    }
    throw err;
  }
  return getBucketRetention(ctx, session, bucket);
}
