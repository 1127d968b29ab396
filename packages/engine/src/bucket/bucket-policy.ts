/**
 * The bucket policy: an IAM policy document whose statements also name a `Principal` — who the
 * statement speaks for. The document, its parse, the verdict for a caller and the "public" test
 * live in `@coffer/protocol` (`bucket-policy.ts` there), shared with the console server so its
 * has-permission answers as the engine decides; this module adds the engine's error class and the
 * checks that need the bucket.
 *
 * Checks, as MinIO/AWS make them when a policy is stored (all answered as 400 `MalformedPolicy`
 * with a message saying what is wrong): valid JSON, Version 2012-10-17, a Principal on every
 * statement (`*`, `{"AWS": "*"}`, `{"AWS": [names or ARNs]}`), S3 actions only, a Resource on
 * every statement, and (`checkBucketPolicy`, which needs the bucket) every resource inside the
 * bucket and object actions given an object resource. The 20 KiB limit is the handler's.
 */
import { PolicyParseError, matchWildcard, parseBucketPolicy as parseDocument } from '@coffer/protocol';
import type { BucketPolicy } from '@coffer/protocol';
import { MalformedBucketPolicy } from './errors.js';

export {
  bucketPolicyVerdict,
  isPublicPolicy,
  type AccessVerdict as PolicyVerdict,
  type BucketPolicy,
  type BucketPolicyStatement,
  type PolicyPrincipal,
} from '@coffer/protocol';

/** Largest policy document S3 and MinIO accept (20 KiB). */
export const MAX_BUCKET_POLICY_BYTES = 20 * 1024;

const S3_ARN_PREFIX = 'arn:aws:s3:::';

/** Parse a bucket policy JSON document (MalformedPolicy, with the reason, when it is not one). */
export function parseBucketPolicy(json: string): BucketPolicy {
  try {
    return parseDocument(json);
  } catch (err) {
    if (err instanceof PolicyParseError) throw new MalformedBucketPolicy(err.message);
    throw err;
  }
}

/** Actions that act on objects (need an `arn:aws:s3:::bucket/…` resource). */
function isObjectAction(action: string): boolean {
  const name = action.toLowerCase();
  if (!name.startsWith('s3:')) return false;
  return (
    name.includes('object') ||
    name === 's3:abortmultipartupload' ||
    name === 's3:listmultipartuploadparts' ||
    name === 's3:bypassgovernanceretention'
  );
}

/**
 * The checks that need the bucket: every resource an S3 ARN inside `bucket` (its bucket part,
 * wildcards allowed, must match the bucket's name), and a statement naming only object actions
 * must have a resource that can name an object.
 */
export function checkBucketPolicy(policy: BucketPolicy, bucket: string): void {
  policy.statements.forEach(({ statement }, index) => {
    const resources = statement.Resource ?? [];
    for (const resource of resources) {
      if (!resource.startsWith(S3_ARN_PREFIX)) {
        throw new MalformedBucketPolicy(`Statement ${index}: invalid resource '${resource}'.`);
      }
      const path = resource.slice(S3_ARN_PREFIX.length);
      const slash = path.indexOf('/');
      const bucketPart = slash < 0 ? path : path.slice(0, slash);
      if (!matchWildcard(bucketPart, bucket) && !matchWildcard(path, `${bucket}/`)) {
        throw new MalformedBucketPolicy(
          `Statement ${index}: resource '${resource}' is outside the bucket '${bucket}'.`,
        );
      }
    }
    const actions = statement.Action ?? [];
    if (actions.length > 0 && actions.every(isObjectAction)) {
      const namesObjects = resources.some((r) => r.slice(S3_ARN_PREFIX.length).search(/[/*]/) >= 0);
      if (!namesObjects) {
        throw new MalformedBucketPolicy(
          `Statement ${index}: action '${actions[0] ?? ''}' does not apply to resource '${resources[0] ?? ''}' (object actions need arn:aws:s3:::${bucket}/…).`,
        );
      }
    }
  });
}
