/**
 * Authorisation of an authenticated S3 request: may this credential perform `action` (an IAM
 * action name such as `s3:PutObject`) on this bucket / key? For now every authenticated
 * credential may do everything and anonymous requests are refused; the signature is the real one
 * policy evaluation will keep.
 */
import type { RequestContext } from './context.js';
import { AccessDenied } from '../object-layer/errors.js';

/** Throws AccessDenied unless the request's credential may perform `action` on the resource. */
export function authorize(ctx: RequestContext, action: string, bucket?: string, key?: string): void {
  const credential = ctx.auth?.credential;
  if (credential === undefined) {
    // TODO(issue 4): evaluate IAM and bucket policies (anonymous access through bucket policies).
    throw new AccessDenied(undefined, { bucket, key });
  }
  if (!credential.enabled) throw new AccessDenied(undefined, { bucket, key });
  // TODO(issue 4): evaluate IAM and bucket policies for `action` on arn:aws:s3:::bucket/key.
  void action;
}
