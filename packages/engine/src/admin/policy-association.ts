/**
 * Shared by admin `POST /idp/builtin/policy/attach` and `/detach` (wire doc §3.4): an
 * encrypted `{"policies":[…],"user":"u"}` or `{"policies":[…],"group":"g"}` (exactly one of user
 * and group), sent as `Content-Type: application/octet-stream` (anything else is 400 BadRequest,
 * as MinIO refuses bodies a proxy might have read as a form). Answers, encrypted,
 * `{"policiesAttached"|"policiesDetached":[…],"updatedAt"}`; a change that changes nothing is
 * XMinioAdminPolicyChangeAlreadyApplied. Action admin:UpdatePolicyAssociation or
 * admin:AttachUserOrGroupPolicy.
 *
 * The LDAP variants (`/idp/ldap/policy/attach|detach`, `ldap-policy.ts`) pass `toLdap`: the
 * user (a username or DN) and group DN are looked up in the directory and the mapping is kept
 * by DN.
 *
 * madmin-go before v3 (Debian's 2.0.7) spoke the first form of this call: no Content-Type, and
 * success is 201 (attach) / 204 (detach) with no body. Those clients (User-Agent `madmin-go/2.x`)
 * get that form; see ./iam-json.ts.
 */
import type { RequestContext } from '../http/context.js';
import { BadRequest } from './errors.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { readEncryptedJson, sendEncryptedJson, stringField, stringListField } from './admin-body.js';
import { goTime } from './admin-json.js';
import { isLegacyMadmin } from './iam-json.js';

/** Resolves the entity to its LDAP DN (or throws XMinioAdminNoSuchUser / NoSuchGroup). */
export type LdapResolver = (name: string, isGroup: boolean) => Promise<string>;

export async function changePolicyAssociation(
  ctx: RequestContext,
  attach: boolean,
  toLdap?: LdapResolver,
): Promise<void> {
  requireAdminAction(ctx, 'admin:UpdatePolicyAssociation', 'admin:AttachUserOrGroupPolicy');
  const legacy = isLegacyMadmin(ctx);
  const contentType = String(ctx.req.headers['content-type'] ?? '');
  if (contentType !== 'application/octet-stream' && !legacy) throw new BadRequest();
  const request = await readEncryptedJson(ctx);
  const policies = stringListField(request, 'policies');
  const user = stringField(request, 'user') ?? '';
  const group = stringField(request, 'group') ?? '';
  if (policies.length === 0 || policies.some((p) => p === '')) {
    throw new AdminInvalidArgument('no policy names were given');
  }
  if ((user === '') === (group === '')) {
    throw new AdminInvalidArgument('exactly one of user or group must be given');
  }
  const isGroup = group !== '';
  const name = isGroup ? group : user;
  const result =
    toLdap === undefined
      ? await iamOf(ctx).changePolicyMapping(name, isGroup, policies, attach)
      : await iamOf(ctx).changeLdapPolicyMapping(await toLdap(name, isGroup), isGroup, policies, attach);
  if (legacy) {
    ctx.res.statusCode = attach ? 201 : 204;
    ctx.res.end();
    return;
  }
  await sendEncryptedJson(ctx, {
    [attach ? 'policiesAttached' : 'policiesDetached']: result.changed,
    updatedAt: goTime(result.updatedAt),
  });
}
