/**
 * PutBucketPolicy (`PUT /<bucket>?policy`): store a bucket policy (JSON, at most 20 KiB), 204.
 * Refused with 400 MalformedPolicy and the reason when it is not a policy for this bucket (see
 * `bucket/bucket-policy.ts`), 400 PolicyTooLarge when it is too big, 403 AccessDenied when the
 * bucket's public access block has BlockPublicPolicy and the policy is public (AWS; checked as the
 * policy is stored, so a block set at the same moment is not slipped past). From the next request
 * on, `http/authorize.ts` evaluates it.
 */
import type { RequestContext } from '../http/context.js';
import { readBody } from '../http/body.js';
import {
  MAX_BUCKET_POLICY_BYTES,
  checkBucketPolicy,
  isPublicPolicy,
  parseBucketPolicy,
} from '../bucket/bucket-policy.js';
import { MalformedBucketPolicy, PublicAccessBlocked } from '../bucket/errors.js';
import { EntityTooLarge } from '../common/errors.js';
import { PolicyTooLarge } from './errors.js';

export async function putBucketPolicy(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  // Existence first: a missing bucket is NoSuchBucket whatever the body says.
  await ctx.engine.objectLayer.getBucketInfo(bucket);
  let body: Buffer;
  try {
    body = await readBody(ctx, MAX_BUCKET_POLICY_BYTES);
  } catch (err) {
    if (err instanceof EntityTooLarge) throw new PolicyTooLarge(undefined, { bucket });
    throw err;
  }
  const text = body.toString('utf8');
  if (text.trim() === '') throw new MalformedBucketPolicy('The policy document is empty.', { bucket });
  // Parse once here for the bucket-dependent checks; the service parses (and caches) it again.
  const policy = parseBucketPolicy(text);
  checkBucketPolicy(policy, bucket);
  const service = ctx.engine.bucketMetadata;
  await service.put(bucket, 'policy', text, {
    check: (meta) => {
      if (
        service.fromMetadata(meta, 'publicAccessBlock')?.blockPublicPolicy === true &&
        isPublicPolicy(policy)
      ) {
        throw new PublicAccessBlocked(
          'Access Denied: public policies are blocked by the BlockPublicPolicy setting of the bucket.',
          { bucket },
        );
      }
    },
  });
  ctx.res.statusCode = 204;
  ctx.res.end();
}
