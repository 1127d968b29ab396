/**
 * MinIO's admin calls for policies of LDAP users and groups (issue 13 §2, wire doc §3.4):
 * `POST /idp/ldap/policy/attach|detach` (same bodies and answers as the built-in ones,
 * `policy-association.ts`), `GET /idp/ldap/policy-entities` (same shape as the built-in one,
 * LDAP DNs in it), and the resolver `set-user-or-group-policy` uses for DNs while LDAP is on.
 * Users may be named by username or DN; attaching needs them in the directory (looked up with the
 * lookup account), as MinIO checks; a DN is detached as given. Without LDAP configured the calls answer 400
 * XMinioAdminInvalidArgument.
 */
import type { RequestContext } from '../http/context.js';
import { AdminInvalidArgument } from '../bucket/errors.js';
import { AdminNoSuchGroup, AdminNoSuchUser } from '../iam/errors.js';
import { identityProviders } from '../sts/identity-providers.js';
import { iamOf, requireAdminAction } from './admin-auth.js';
import { sendPolicyEntities } from './policy-entities.js';
import { changePolicyAssociation, type LdapResolver } from './policy-association.js';

/** The directory's resolver, or undefined when LDAP is not configured. */
export function ldapResolver(ctx: RequestContext): LdapResolver | undefined {
  const { ldap } = identityProviders(ctx.engine.config);
  if (ldap === undefined) return undefined;
  return async (name, isGroup) => {
    if (isGroup) {
      if (!(await ldap.groupExists(name))) throw new AdminNoSuchGroup(`LDAP group ${name} does not exist`);
      return name;
    }
    const dn = await ldap.resolveUser(name);
    if (dn === undefined) throw new AdminNoSuchUser(`LDAP user ${name} does not exist`);
    return dn;
  };
}

/** MinIO's UserInfo of an LDAP user DN: its attached policies, always enabled (the directory decides). */
export function ldapUserInfoJson(policies: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { userAuthInfo: { type: 'ldap' } };
  if (policies.length > 0) out.policyName = policies.join(',');
  out.status = 'enabled';
  return out;
}

/** With LDAP configured, the group DNs that have policies attached (sorted); else `[]`. */
export function ldapGroupDns(ctx: RequestContext): string[] {
  if (identityProviders(ctx.engine.config).ldap === undefined) return [];
  const all = iamOf(ctx).ldap.entities({ users: [], groups: [], policies: [] });
  return all.groupMappings.map((m) => m.group);
}

function requireLdap(ctx: RequestContext): LdapResolver {
  const resolver = ldapResolver(ctx);
  if (resolver === undefined)
    throw new AdminInvalidArgument('LDAP identity provider is not configured on this server');
  return resolver;
}

export function attachLdapPolicy(ctx: RequestContext): Promise<void> {
  // Authorised before the configuration is revealed.
  requireAdminAction(ctx, 'admin:UpdatePolicyAssociation', 'admin:AttachUserOrGroupPolicy');
  return changePolicyAssociation(ctx, true, requireLdap(ctx));
}

export function detachLdapPolicy(ctx: RequestContext): Promise<void> {
  // Authorised before the configuration is revealed.
  requireAdminAction(ctx, 'admin:UpdatePolicyAssociation', 'admin:AttachUserOrGroupPolicy');
  const resolve = requireLdap(ctx);
  // A DN is detached as given, so the mappings of an entry removed from the directory can be
  // cleaned up; a username still needs the directory to name its DN.
  return changePolicyAssociation(ctx, false, (name, isGroup) =>
    name.includes('=') ? Promise.resolve(name) : resolve(name, isGroup),
  );
}

export async function ldapPolicyEntities(ctx: RequestContext): Promise<void> {
  requireAdminAction(ctx, 'admin:ListGroups', 'admin:ListUsers', 'admin:ListUserPolicies');
  requireLdap(ctx);
  const result = iamOf(ctx).ldap.entities({
    users: ctx.query.getAll('user'),
    groups: ctx.query.getAll('group'),
    policies: ctx.query.getAll('policy'),
  });
  await sendPolicyEntities(ctx, result);
}
