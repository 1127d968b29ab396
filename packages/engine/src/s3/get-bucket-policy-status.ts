/**
 * GetBucketPolicyStatus (`GET /<bucket>?policyStatus`): `<PolicyStatus><IsPublic>TRUE|FALSE`,
 * public when the bucket policy grants everyone something without conditions
 * (`isPublicPolicy`); FALSE without a policy.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { isPublicPolicy } from '../bucket/bucket-policy.js';

export async function getBucketPolicyStatus(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const policy = await ctx.engine.bucketMetadata.get(bucket, 'policy');
  sendXml(ctx, 200, 'PolicyStatus', { IsPublic: isPublicPolicy(policy) ? 'TRUE' : 'FALSE' });
}
