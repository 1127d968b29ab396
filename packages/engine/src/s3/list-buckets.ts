/**
 * ListBuckets (`GET /`): every bucket with its creation date, under MinIO's constant owner.
 *
 * An account without `s3:ListAllMyBuckets` sees only the buckets it may list (`s3:ListBucket`) or
 * locate (`s3:GetBucketLocation`), and AccessDenied when there are none — MinIO's
 * `ListBucketsHandler`, which lets a `readonly` user see the buckets it can read.
 */
import type { RequestContext } from '../http/context.js';
import { isAuthorized } from '../http/authorize.js';
import { sendXml } from '../http/xml.js';
import { AccessDenied } from '../common/errors.js';
import { ownerXml } from './owner.js';

export async function listBuckets(ctx: RequestContext): Promise<void> {
  let buckets = await ctx.engine.objectLayer.listBuckets();
  if (!isAuthorized(ctx, 's3:ListAllMyBuckets')) {
    // By IAM alone, as MinIO filters (bucket policies are not read for every bucket).
    const may = (action: string, bucket: string): boolean =>
      isAuthorized(ctx, action, bucket, undefined, { iamOnly: true });
    buckets = buckets.filter((b) => may('s3:ListBucket', b.name) || may('s3:GetBucketLocation', b.name));
    if (buckets.length === 0) throw new AccessDenied();
  }
  buckets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  sendXml(ctx, 200, 'ListAllMyBucketsResult', {
    Owner: ownerXml(),
    Buckets: { Bucket: buckets.map((b) => ({ Name: b.name, CreationDate: b.created })) },
  });
}
