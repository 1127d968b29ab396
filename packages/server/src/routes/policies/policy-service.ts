/**
 * Policies over the admin API (spec 2 §7 Policies; wire doc §3.4).
 *
 * - Documents are stored by the storage server exactly as typed (add-canned-policy takes the raw
 *   text), so its validation is the one that counts and its refusal is the answer.
 * - Who has a policy: `idp/builtin/policy-entities`; servers without it (older MinIO) are asked
 *   the long way (users' and groups' own policy lists).
 * - set-policy makes the entity's policies exactly the given list: attach what is missing, then
 *   detach what is extra (attach first, so a refused attach changes nothing). Servers without
 *   attach/detach get the legacy set-user-or-group-policy, which replaces the list in one call.
 * - Access Audit: the policies that reach a bucket (../../iam/bucket-reach.ts).
 */
import { AdminApiError, type AdminClient } from '@coffer/admin-client';
import type { EntityType, ListPoliciesResponse, Policy } from '@coffer/contract';
import { parsePolicy } from '@coffer/protocol';
import { policiesReachBucket } from '../../iam/bucket-reach.js';
import { byName, isUnsupported, mapLimit, splitNames, without } from '../../iam/iam-helpers.js';

/** A policy as the console shows it: the document as indented JSON text. */
export function presentPolicy(name: string, document: unknown): Policy {
  return { name, policy: typeof document === 'string' ? document : JSON.stringify(document, null, 2) };
}

export async function listPolicies(admin: AdminClient, limit?: number): Promise<ListPoliciesResponse> {
  const all = await admin.listCannedPolicies();
  const names = Object.keys(all).sort(byName);
  const shown = limit === undefined ? names : names.slice(0, limit);
  return { policies: shown.map((n) => presentPolicy(n, all[n])), total: names.length };
}

export async function getPolicy(admin: AdminClient, name: string): Promise<Policy> {
  const info = await admin.infoCannedPolicy(name);
  return presentPolicy(info.PolicyName || name, info.Policy);
}

export async function savePolicy(admin: AdminClient, name: string, document: string): Promise<Policy> {
  await admin.addCannedPolicy(name, document);
  return getPolicy(admin, name);
}

export async function deletePolicy(admin: AdminClient, name: string): Promise<void> {
  await admin.removeCannedPolicy(name);
}

/** Users or groups the policy is attached to directly, sorted. */
export async function policyEntities(
  admin: AdminClient,
  policy: string,
  kind: 'users' | 'groups',
): Promise<string[]> {
  try {
    const result = await admin.policyEntities({ policies: [policy] });
    const names = (result.policyMappings ?? [])
      .filter((m) => m.policy === policy)
      .flatMap((m) => m[kind] ?? []);
    return [...new Set(names)].sort(byName);
  } catch (err) {
    if (!isUnsupported(err)) throw err;
  }
  if (kind === 'users') {
    const users = await admin.listUsers();
    return Object.entries(users)
      .filter(([, info]) => splitNames(info.policyName).includes(policy))
      .map(([name]) => name)
      .sort(byName);
  }
  const groups = await admin.listGroups();
  const descs = await mapLimit(groups, 8, (g) => admin.groupInfo(g));
  return descs
    .filter((d) => splitNames(d.policy).includes(policy))
    .map((d) => d.name)
    .sort(byName);
}

/** Give the user or group exactly `policyNames` (comma-separated). */
export async function setPolicy(
  admin: AdminClient,
  policyNames: string,
  entityName: string,
  entityType: EntityType,
): Promise<void> {
  const wanted = splitNames(policyNames);
  const entity = entityType === 'group' ? { group: entityName } : { user: entityName };
  let current: string[];
  try {
    current =
      entityType === 'group'
        ? splitNames((await admin.groupInfo(entityName)).policy)
        : splitNames((await admin.userInfo(entityName)).policyName);
  } catch (err) {
    // Not a built-in user or group: an LDAP DN (issue 13). The legacy call sets its mapping as a
    // whole; the server resolves the DN in its directory (and refuses one that is not there).
    if (!(err instanceof AdminApiError) || err.status !== 404) throw err;
    await admin.setPolicy(wanted, entity);
    return;
  }
  const attach = without(wanted, current);
  const detach = without(current, wanted);
  try {
    if (attach.length > 0) await admin.attachPolicy({ policies: attach, ...entity });
    if (detach.length > 0) await admin.detachPolicy({ policies: detach, ...entity });
  } catch (err) {
    // The built-in attach does not know LDAP DNs (a server whose user-info answers them): the
    // legacy call maps them, as for servers without the attach calls.
    const notBuiltIn =
      err instanceof AdminApiError &&
      (err.code === 'XMinioAdminNoSuchUser' || err.code === 'XMinioAdminNoSuchGroup');
    if (!isUnsupported(err) && !notBuiltIn) throw err;
    await admin.setPolicy(wanted, entity);
  }
}

/** Access Audit: policies that grant some S3 access to the bucket, sorted by name. */
export async function bucketPolicies(admin: AdminClient, bucket: string): Promise<Policy[]> {
  const all = await admin.listCannedPolicies();
  return Object.keys(all)
    .sort(byName)
    .filter((name) => {
      try {
        return policiesReachBucket([parsePolicy(all[name])], bucket);
      } catch {
        // A document the evaluator cannot read is not counted as granting anything.
        return false;
      }
    })
    .map((name) => presentPolicy(name, all[name]));
}
