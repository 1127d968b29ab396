/**
 * Authorisation of a request: may the request's credential perform `action` (an IAM action name
 * such as `s3:PutObject` or `admin:ListUsers`) on this bucket / key? The router calls `authorize`
 * for every S3 request with the operation's action; admin handlers call it with their admin
 * action; handlers that touch a second resource (the source of a copy, each key of a
 * DeleteObjects) call it again for that resource.
 *
 * The decision is the IAM system's (`IamSystem.isAllowed`: root allowed everything, users by the
 * union of their and their enabled groups' policies, derived credentials narrowed by their session
 * policy, explicit Deny wins) on the resource `arn:aws:s3:::bucket` (bucket-level) or
 * `arn:aws:s3:::bucket/key` (object-level), with the request's condition values
 * (`iam/request-conditions.ts`: aws:username, aws:SourceIp, s3:prefix, s3:max-keys, …).
 *
 * Two S3 operations are checked inside their handlers instead, as MinIO does: ListBuckets (an
 * account without s3:ListAllMyBuckets sees the buckets it may list or locate) and DeleteObjects
 * (s3:DeleteObject per key, a refused key is a per-key AccessDenied).
 *
 * Anonymous requests are refused unless the IAM system's anonymous-access hook (bucket policies,
 * a later issue) allows them.
 */
import type { PolicyRequest } from '@coffer/protocol';
import type { RequestContext } from './context.js';
import { requestConditions } from './request-conditions.js';
import { AccessDenied } from '../common/errors.js';

/** S3 operations whose handler makes the real check (see the module comment). */
const CHECKED_IN_HANDLER: ReadonlySet<string> = new Set(['ListBuckets', 'DeleteObjects']);

/** The ARN an S3 request acts on (undefined for account-level and admin actions). */
export function resourceArn(bucket?: string, key?: string): string | undefined {
  if (bucket === undefined || bucket === '') return undefined;
  return key === undefined || key === '' ? `arn:aws:s3:::${bucket}` : `arn:aws:s3:::${bucket}/${key}`;
}

/** May the request's credential perform `action` on the resource? Never throws. */
export function isAuthorized(
  ctx: RequestContext,
  action: string,
  bucket?: string,
  key?: string,
  options: { denyOnly?: boolean; extraConditions?: Record<string, string[]> } = {},
): boolean {
  const { engine } = ctx;
  const credential = ctx.auth?.credential;
  const iam = engine.iam;
  const resource = resourceArn(bucket, key);
  if (credential === undefined) {
    if (bucket === undefined || bucket === '') return false;
    const request: PolicyRequest = { action, conditions: requestConditions(ctx, undefined) };
    if (resource !== undefined) request.resource = resource;
    return iam.allowsAnonymous(bucket, request);
  }
  if (!credential.enabled) return false;
  // Root needs no policy work: the hot path of a single-user engine.
  if (credential.kind === 'root') return credential.accessKey === engine.root.accessKey;
  const conditions = requestConditions(ctx, iam.accountOf(credential));
  if (options.extraConditions) Object.assign(conditions, options.extraConditions);
  const request: PolicyRequest = { action, conditions };
  if (resource !== undefined) request.resource = resource;
  return iam.isAllowed(credential, request, { denyOnly: options.denyOnly === true });
}

/** Throws AccessDenied unless the request's credential may perform `action` on the resource. */
export function authorize(ctx: RequestContext, action: string, bucket?: string, key?: string): void {
  if (
    ctx.api === 's3' &&
    key === undefined &&
    ctx.operation !== undefined &&
    CHECKED_IN_HANDLER.has(ctx.operation)
  ) {
    // The router's check of these operations: only an authenticated, enabled credential gets as
    // far as the handler, which checks each bucket or key itself.
    const credential = ctx.auth?.credential;
    if (credential !== undefined && credential.enabled) return;
  }
  if (!isAuthorized(ctx, action, bucket, key)) throw new AccessDenied(undefined, { bucket, key });
}
