/**
 * A bucket's quota (spec 1 §7 `GET, PUT /buckets/{bucket}/quota`) over the MinIO admin API (wire
 * doc §3.7): `get-bucket-quota` answers madmin's BucketQuota (404
 * XMinioAdminNoSuchQuotaConfiguration when none is set, which the console reports as disabled);
 * `set-bucket-quota` takes the same document, and an all-zero one removes the quota.
 */
import type { BucketQuota, QuotaType } from '@coffer/contract';
import type { AdminClient } from '@coffer/admin-client';
import type { AppContext } from '../../app-context.js';
import type { Session } from '../../session/session-store.js';
import { storageErrorCode } from '../../storage/storage-errors.js';

/** madmin.BucketQuota as the server stores and answers it. */
interface AdminBucketQuota {
  quota?: number;
  size?: number;
  quotatype?: string;
}

/**
 * The set-bucket-quota body for `amount` bytes of type `type`: `size` in bytes and `quota`, its
 * deprecated alias that older servers still read. A fifo quota trims the oldest objects after each
 * scan instead of refusing writes (the engine acts on it; a server that no longer knows it refuses).
 */
export function quotaBody(amount: number, type: QuotaType) {
  return { quota: amount, size: amount, rate: 0, requests: 0, quotatype: type };
}

/** Sets the bucket's quota (`amount` > 0) or removes it (`amount` 0). */
export async function putBucketQuota(
  admin: AdminClient,
  bucket: string,
  amount: number,
  type: QuotaType,
): Promise<void> {
  // All zero is how madmin clears a quota; the type is not looked at then.
  const body = amount > 0 ? quotaBody(amount, type) : { quota: 0, size: 0, rate: 0, requests: 0 };
  await admin.request({ method: 'PUT', path: '/set-bucket-quota', query: { bucket }, body });
}

export async function getBucketQuota(
  ctx: AppContext,
  session: Session,
  bucket: string,
): Promise<BucketQuota> {
  let stored: AdminBucketQuota;
  try {
    stored = await ctx.clients
      .forSession(session)
      .admin.requestJson<AdminBucketQuota>({ method: 'GET', path: '/get-bucket-quota', query: { bucket } });
  } catch (err) {
    if (storageErrorCode(err) === 'XMinioAdminNoSuchQuotaConfiguration') {
      return { enabled: false, quota: 0, type: 'hard' };
    }
    throw err;
  }
  // Newer servers fill `size`, older ones only `quota`.
  const bytes = stored.size || stored.quota || 0;
  return { enabled: bytes > 0, quota: bytes, type: stored.quotatype === 'fifo' ? 'fifo' : 'hard' };
}

export async function setBucketQuota(
  ctx: AppContext,
  session: Session,
  bucket: string,
  request: { enabled: boolean; amount: number; quota_type: QuotaType },
): Promise<BucketQuota> {
  const { admin } = ctx.clients.forSession(session);
  await putBucketQuota(admin, bucket, request.enabled ? request.amount : 0, request.quota_type);
  return getBucketQuota(ctx, session, bucket);
}
