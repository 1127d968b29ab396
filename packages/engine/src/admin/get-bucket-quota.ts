/**
 * Admin `GET /minio/admin/v3/get-bucket-quota?bucket=<b>` (wire doc §3.7), action
 * `admin:GetBucketQuota`: the bucket's `madmin.BucketQuota` as JSON
 * (`{"quota":N,"size":N,"rate":0,"requests":0,"quotatype":"hard"}` — both size fields, so old and
 * new madmin decode it); 404 XMinioAdminNoSuchQuotaConfiguration when none is set, 404
 * NoSuchBucket for an unknown bucket.
 */
import type { RequestContext } from '../http/context.js';
import { quotaJson } from '../bucket/quota.js';
import { AdminNoSuchQuotaConfiguration } from '../bucket/errors.js';
import { sendAdminJson } from './admin-json.js';
import { quotaBucketParam } from './set-bucket-quota.js';

export async function getBucketQuota(ctx: RequestContext): Promise<void> {
  const bucket = quotaBucketParam(ctx);
  const quota = await ctx.engine.bucketMetadata.get(bucket, 'quota');
  if (quota === undefined) throw new AdminNoSuchQuotaConfiguration(undefined, { bucket });
  sendAdminJson(ctx, quotaJson(quota));
}
