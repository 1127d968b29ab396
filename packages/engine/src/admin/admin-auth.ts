/**
 * Authorisation of admin calls: every admin handler names the IAM action(s) it needs (wire doc
 * Appendix B); the caller needs one of them (MinIO `validateAdminReq` tries each in turn). Root
 * may do everything; other callers by their effective policy (`http/authorize.ts`).
 *
 * Self-service calls use `denyOnly`: a user may read its own user info, change its own secret,
 * and manage its own service accounts unless a policy explicitly denies the action — MinIO's
 * `DenyOnly` checks.
 */
import type { RequestContext } from '../http/context.js';
import { isAuthorized } from '../http/authorize.js';
import type { IamSystem } from '../iam/iam-system.js';
import type { Credential } from '../iam/types.js';
import { AccessDenied } from '../common/errors.js';

/** The authenticated caller (the router authenticated every admin request). */
export function callerOf(ctx: RequestContext): Credential {
  const credential = ctx.auth?.credential;
  if (!credential) throw new AccessDenied();
  return credential;
}

/** The engine's IAM system. */
export function iamOf(ctx: RequestContext): IamSystem {
  return ctx.engine.iam;
}

/** The account the caller acts for: itself, or the parent user of derived credentials. */
export function accountOfCaller(ctx: RequestContext): string {
  const credential = callerOf(ctx);
  return ctx.engine.iam.accountOf(credential);
}

/** May the caller perform any of `actions`? */
export function callerMay(ctx: RequestContext, actions: readonly string[], denyOnly = false): boolean {
  return actions.some((action) => isAuthorized(ctx, action, undefined, undefined, { denyOnly }));
}

/** Throws AccessDenied unless the caller may perform one of `actions`. */
export function requireAdminAction(ctx: RequestContext, ...actions: string[]): void {
  callerOf(ctx);
  if (!callerMay(ctx, actions)) throw new AccessDenied();
}

/** Throws AccessDenied when a policy explicitly denies `action` to the caller (self-service). */
export function requireNotDenied(ctx: RequestContext, action: string): void {
  callerOf(ctx);
  if (!callerMay(ctx, [action], true)) throw new AccessDenied();
}
