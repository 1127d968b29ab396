/**
 * Authorisation of a request: may the request's caller perform `action` (an IAM action name such
 * as `s3:PutObject` or `admin:ListUsers`) on this bucket / key? Every decision goes through
 * `isAuthorized`, which gathers the verdicts and lets `combineAccess` (`combine-access.ts`) decide:
 *
 * - IAM (`IamSystem.accessVerdict`: root allowed everything, users by the union of their and
 *   their enabled groups' policies, derived credentials narrowed by their session policy);
 * - the bucket's policy (`bucket/bucket-policy.ts`, read through the bucket metadata service, whose
 *   cache keeps the parse), the statements whose Principal names the caller; anonymous requests are
 *   decided by it alone — and get nothing from it while the bucket's public access block has
 *   RestrictPublicBuckets and the policy is public (`bucket/public-access-block.ts`);
 * - explicit Deny wins; root is never limited by a bucket policy.
 *
 * Resources are `arn:aws:s3:::bucket` (bucket-level) or `arn:aws:s3:::bucket/key` (object-level),
 * with the request's condition values (`request-conditions.ts`: aws:username, aws:SourceIp,
 * aws:SecureTransport, s3:prefix, …).
 *
 * Bucket policies are read asynchronously, decisions are synchronous: `authorize` (async) reads
 * the bucket's policy and decides; `isAuthorized` decides with the policies already read for the
 * request (`loadBucketPolicies`; the router reads the target bucket's before the handler runs) and
 * throws when asked about a bucket whose policy was not read — a forgotten read must not pass as
 * "no policy". `iamOnly` decisions skip bucket policies (MinIO's ListBuckets filter and
 * accountinfo's access flags); admin actions have no bucket.
 *
 * Two S3 operations are checked inside their handlers instead, as MinIO does: ListBuckets (an
 * account without s3:ListAllMyBuckets sees the buckets it may list or locate) and DeleteObjects
 * (s3:DeleteObject per key, a refused key is a per-key AccessDenied).
 */
import type { PolicyRequest } from '@coffer/protocol';
import type { BucketAccessRules, RequestContext } from './context.js';
import { combineAccess } from './combine-access.js';
import { requestConditions } from './request-conditions.js';
import { AccessDenied, InternalError } from '../common/errors.js';
import { bucketPolicyVerdict, isPublicPolicy } from '../bucket/bucket-policy.js';
import { BucketNotFound } from '../object-layer/errors.js';

export interface AuthorizeOptions {
  /** Only "is it explicitly denied?" by IAM (self-service admin calls, MinIO `Args.DenyOnly`). */
  denyOnly?: boolean;
  /** Decide by IAM alone (no bucket policy); anonymous callers are then refused. */
  iamOnly?: boolean;
  /** Condition values to add to the request's own. */
  extraConditions?: Record<string, string[]>;
}

/** The ARN an S3 request acts on (undefined for account-level and admin actions). */
export function resourceArn(bucket?: string, key?: string): string | undefined {
  if (bucket === undefined || bucket === '') return undefined;
  return key === undefined || key === '' ? `arn:aws:s3:::${bucket}` : `arn:aws:s3:::${bucket}/${key}`;
}

/** Is the caller root or root's own credential (no policy work needed)? */
function isRootCaller(ctx: RequestContext): boolean {
  const credential = ctx.auth?.credential;
  return credential?.kind === 'root' && credential.accessKey === ctx.engine.root.accessKey;
}

/**
 * Read the bucket policies (and public access blocks) of `buckets` for this request (once each,
 * one metadata read per bucket; a missing bucket has none). Root's requests need none.
 */
export async function loadBucketPolicies(
  ctx: RequestContext,
  ...buckets: (string | undefined)[]
): Promise<void> {
  if (isRootCaller(ctx)) return;
  const loaded = (ctx.bucketPolicies ??= new Map<string, BucketAccessRules>());
  const service = ctx.engine.bucketMetadata;
  for (const bucket of buckets) {
    if (bucket === undefined || bucket === '' || loaded.has(bucket)) continue;
    let rules: BucketAccessRules = { restrictPublic: false };
    try {
      const meta = await service.metadata(bucket);
      const policy = service.fromMetadata(meta, 'policy');
      const block = service.fromMetadata(meta, 'publicAccessBlock');
      const restrictPublic = block?.restrictPublicBuckets === true && isPublicPolicy(policy);
      rules = policy === undefined ? { restrictPublic } : { policy, restrictPublic };
    } catch (err) {
      // No bucket, no policy: the handler answers NoSuchBucket to whoever IAM lets that far.
      if (!(err instanceof BucketNotFound)) throw err;
    }
    loaded.set(bucket, rules);
  }
}

function loadedRules(ctx: RequestContext, bucket: string): BucketAccessRules {
  const rules = ctx.bucketPolicies?.get(bucket);
  if (rules === undefined) {
    throw new InternalError(`The bucket policy of '${bucket}' was not read before authorisation.`);
  }
  return rules;
}

/**
 * May the request's caller perform `action` on the resource? The policy of `bucket` must have
 * been read (`loadBucketPolicies`) unless the decision is `iamOnly`/`denyOnly` or the caller is root.
 * As in MinIO (and AWS), s3:ListBucket also grants s3:ListBucketVersions.
 */
export function isAuthorized(
  ctx: RequestContext,
  action: string,
  bucket?: string,
  key?: string,
  options: AuthorizeOptions = {},
): boolean {
  if (decide(ctx, action, bucket, key, options)) return true;
  return action === 's3:ListBucketVersions' && decide(ctx, 's3:ListBucket', bucket, key, options);
}

function decide(
  ctx: RequestContext,
  action: string,
  bucket: string | undefined,
  key: string | undefined,
  options: AuthorizeOptions,
): boolean {
  const { engine } = ctx;
  const credential = ctx.auth?.credential;
  const iam = engine.iam;
  if (credential !== undefined && !credential.enabled) return false;
  // Root needs no policy work: the hot path of a single-user engine.
  if (credential?.kind === 'root') return credential.accessKey === engine.root.accessKey;

  const hasBucket = bucket !== undefined && bucket !== '';
  const account = credential === undefined ? undefined : iam.accountOf(credential);
  const conditions = requestConditions(ctx, account);
  if (options.extraConditions) Object.assign(conditions, options.extraConditions);
  const request: PolicyRequest = { action, conditions };
  const resource = resourceArn(bucket, key);
  if (resource !== undefined) request.resource = resource;

  if (options.denyOnly === true && credential !== undefined) {
    return iam.isAllowed(credential, request, { denyOnly: true });
  }
  const useBucketPolicy = hasBucket && options.iamOnly !== true && options.denyOnly !== true;
  if (credential === undefined) {
    if (!useBucketPolicy) return false;
    const { policy, restrictPublic } = loadedRules(ctx, bucket);
    const bucketVerdict = bucketPolicyVerdict(policy, { anonymous: true }, request);
    return combineAccess({ caller: 'anonymous', iam: 'none', bucket: bucketVerdict, restrictPublic });
  }
  const verdict = iam.accessVerdict(credential, request);
  const caller = verdict.owner ? 'root' : 'account';
  const bucketVerdict =
    useBucketPolicy && caller === 'account' && account !== undefined
      ? bucketPolicyVerdict(loadedRules(ctx, bucket).policy, { anonymous: false, account }, request)
      : 'none';
  const inputs = { caller, iam: verdict.account, bucket: bucketVerdict } as const;
  return combineAccess(verdict.session === undefined ? inputs : { ...inputs, session: verdict.session });
}

/**
 * Throws AccessDenied unless the request's caller may perform `action` on the resource; reads the
 * bucket's policy first when this request has not.
 */
export async function authorize(
  ctx: RequestContext,
  action: string,
  bucket?: string,
  key?: string,
): Promise<void> {
  await loadBucketPolicies(ctx, bucket);
  if (ctx.api === 's3' && key === undefined && ctx.operation !== undefined) {
    // The router's check of these operations: the handler checks each bucket or key itself.
    // ListBuckets needs a credential; DeleteObjects may come from anyone (a bucket policy may
    // grant anonymous callers s3:DeleteObject on some keys).
    const credential = ctx.auth?.credential;
    const enabled = credential !== undefined && credential.enabled;
    if (ctx.operation === 'ListBuckets' && enabled) return;
    if (ctx.operation === 'DeleteObjects' && (credential === undefined || enabled)) return;
  }
  if (!isAuthorized(ctx, action, bucket, key)) throw new AccessDenied(undefined, { bucket, key });
}
