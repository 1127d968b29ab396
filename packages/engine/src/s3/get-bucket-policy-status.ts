/**
 * GetBucketPolicyStatus (`GET /<bucket>?policyStatus`): `<PolicyStatus><IsPublic>true|false`
 * (XML booleans: botocore, hence awscli, reads anything but lowercase `true` as false),
 * public when the bucket policy grants everyone something without fixing the source
 * (`isPublicPolicy`, the test BlockPublicPolicy uses too) and the bucket's public access block
 * does not restrict it (RestrictPublicBuckets: the grants reach only the owner's account, exactly
 * what `http/authorize.ts` enforces); false without a policy.
 */
import type { RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { isPublicPolicy } from '../bucket/bucket-policy.js';

export async function getBucketPolicyStatus(ctx: RequestContext): Promise<void> {
  const bucket = ctx.target.bucket ?? '';
  const service = ctx.engine.bucketMetadata;
  const meta = await service.metadata(bucket);
  const restricted = service.fromMetadata(meta, 'publicAccessBlock')?.restrictPublicBuckets === true;
  const isPublic = !restricted && isPublicPolicy(service.fromMetadata(meta, 'policy'));
  sendXml(ctx, 200, 'PolicyStatus', { IsPublic: isPublic ? 'true' : 'false' });
}
