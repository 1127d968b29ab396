/**
 * Admin `PUT /minio/admin/v3/set-bucket-quota?bucket=<b>` (wire doc §3.7), action
 * `admin:SetBucketQuota`: a plain-JSON `madmin.BucketQuota` body (`{"size":N,"quotatype":"hard"}`,
 * or the older `{"quota":N,…}`; `quotatype` `hard` or `fifo`) sets the bucket's quota; a zero size
 * or an empty body removes it. Answers 200 with no body; an unknown bucket is 404 NoSuchBucket. A
 * hard quota is enforced on every S3 write from the next request on (`bucket/quota.ts`); a FIFO
 * quota after the next scanner cycle (`background/fifo-quota.ts`).
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import { parseQuotaRequest, quotaJson } from '../bucket/quota.js';
import { AdminConfigTooLarge, AdminVersionMismatch } from '../http/request-errors.js';
import { EntityTooLarge } from '../common/errors.js';
import { queryParam, sendEmptyOk } from './admin-body.js';

/** A BucketQuota document is a few dozen bytes; MinIO caps admin config bodies at this size. */
const MAX_QUOTA_BODY = 262_272;

/** The `bucket` query parameter both quota calls require (MinIO answers 426 without it, wire doc §6.2). */
export function quotaBucketParam(ctx: RequestContext): string {
  const bucket = queryParam(ctx, 'bucket');
  if (bucket === '') {
    throw new AdminVersionMismatch("This 'admin' API is not supported by server in 'mode-server-xl'");
  }
  ctx.target = { bucket };
  return bucket;
}

export async function setBucketQuota(ctx: RequestContext): Promise<void> {
  const bucket = quotaBucketParam(ctx);
  const layer = ctx.engine.objectLayer;
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await layer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_QUOTA_BODY);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new AdminConfigTooLarge();
    throw err;
  }
  const quota = parseQuotaRequest(body);
  const service = ctx.engine.bucketMetadata;
  if (quota === undefined) await service.delete(bucket, 'quota');
  else await service.put(bucket, 'quota', JSON.stringify(quotaJson(quota)));
  sendEmptyOk(ctx);
}
