/**
 * madmin's JSON shapes of IAM objects (madmin-go `user-commands.go`, `group-commands.go`,
 * `policy-commands.go`, `idp-commands.go`), shared by the IAM admin handlers.
 *
 * - `UserInfo`: `{userAuthInfo:{type:"builtin"}, policyName?:"p1,p2", status, memberOf?, updatedAt}`.
 * - `GroupDesc`: `{name, status, members:[], policy:"p1,p2", updatedAt}`.
 * - `ServiceAccountInfo` (list entries): `{parentUser, accountStatus:"on"|"off", impliedPolicy,
 *   accessKey, name?, description?, expiration}`; an account that never expires reports MinIO's
 *   sentinel `1970-01-01T00:00:00Z`.
 * - `InfoServiceAccountResp`: `{parentUser, accountStatus, impliedPolicy, policy:<indented JSON
 *   text>, name?, description?, expiration?}` (expiration omitted when there is none).
 *
 * One dialect switch: madmin-go before v3 (Debian's 2.0.7 among them; it announces itself as
 * `madmin-go/2.x` in User-Agent) decodes `list-service-accounts` as `{"accounts":["AK",…]}`,
 * the shape MinIO served then; newer clients get the v3 objects above. Everything else is the same
 * for both.
 */
import type { RequestContext } from '../http/context.js';
import type { ServiceAccountRecord } from '../iam/iam-store.js';
import type { GroupView, UserView } from '../iam/iam-system.js';
import { goTime } from './admin-json.js';

/** MinIO's "no expiration" sentinel time for service accounts. */
export const NO_EXPIRATION = '1970-01-01T00:00:00Z';

export function userInfoJson(view: UserView): Record<string, unknown> {
  const out: Record<string, unknown> = { userAuthInfo: { type: 'builtin' } };
  if (view.policies.length > 0) out.policyName = view.policies.join(',');
  out.status = view.status;
  if (view.memberOf.length > 0) out.memberOf = view.memberOf;
  out.updatedAt = goTime(view.updatedAt);
  return out;
}

export function groupDescJson(view: GroupView): Record<string, unknown> {
  return {
    name: view.name,
    status: view.status,
    members: view.members,
    policy: view.policies.join(','),
    updatedAt: goTime(view.updatedAt),
  };
}

export function serviceAccountInfoJson(account: ServiceAccountRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {
    parentUser: account.parentUser,
    accountStatus: account.status,
    impliedPolicy: account.sessionPolicy === undefined,
    accessKey: account.accessKey,
  };
  if (account.name !== undefined) out.name = account.name;
  if (account.description !== undefined) out.description = account.description;
  out.expiration = account.expiration ?? NO_EXPIRATION;
  return out;
}

/** A policy document as MinIO writes it inside info responses (json.MarshalIndent, one space). */
export function indentedPolicy(document: unknown): string {
  return JSON.stringify(document, null, ' ');
}

/** Does the client speak madmin-go before v3 (see the module comment)? */
export function isLegacyMadmin(ctx: RequestContext): boolean {
  const agent = ctx.req.headers['user-agent'];
  return typeof agent === 'string' && /\bmadmin-go\/[12]\./.test(agent);
}
