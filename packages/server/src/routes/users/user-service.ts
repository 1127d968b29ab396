/**
 * Users over the admin API (spec 2 §4 IAM and accounts, §5, §7 Users and groups; wire doc §3.2,
 * §3.3, §3.5).
 *
 * - Create refuses an existing access key (add-user would silently replace its secret), then
 *   adds the user (enabled), puts it in its groups and attaches its policies.
 * - Update makes status and groups exactly what is sent: the status only when it changes (a user
 *   cannot change its own), groups by adding and removing memberships.
 * - A password change for another user keeps its status (add-user sets both).
 * - Secrets shorter than 8 characters are refused here with the spec's text (spec 2 §5), before
 *   anything is sent; the storage server has the same minimum.
 * - Access Audit: users whose effective policy — their own policies and those of their enabled
 *   groups — reaches the bucket (../../iam/bucket-reach.ts); disabled users reach nothing.
 */
import type { AdminClient, UserInfo } from '@coffer/admin-client';
import type { AccountStatus, ListUsersResponse, User } from '@coffer/contract';
import { parsePolicy, type Policy } from '@coffer/protocol';
import { ConsoleError, invalidRequest } from '../../errors.js';
import { policiesReachBucket } from '../../iam/bucket-reach.js';
import { byName, isNotFound, mapLimit, splitNames, without } from '../../iam/iam-helpers.js';
import { setPolicy } from '../policies/policy-service.js';

/** Spec 2 §5 and §9: password minimum 8. */
export const MIN_SECRET_LENGTH = 8;
export const PASSWORD_TOO_SHORT = 'Passwords must be at least 8 characters long';
export const NO_GROUP_SELECTED = 'You need to select at least one group to assign';

export function checkSecret(secret: string): void {
  if (secret.length < MIN_SECRET_LENGTH) {
    throw invalidRequest(PASSWORD_TOO_SHORT, `the secret key has ${secret.length} characters`);
  }
}

export function presentUser(accessKey: string, info: UserInfo): User {
  return {
    accessKey,
    status: info.status === 'disabled' ? 'disabled' : 'enabled',
    memberOf: [...(info.memberOf ?? [])].sort(byName),
    policy: splitNames(info.policyName),
  };
}

export async function listUsers(admin: AdminClient): Promise<ListUsersResponse> {
  const users = await admin.listUsers();
  return {
    users: Object.keys(users)
      .sort(byName)
      .map((key) => presentUser(key, users[key] as UserInfo)),
  };
}

export async function getUser(admin: AdminClient, accessKey: string): Promise<User> {
  return presentUser(accessKey, await admin.userInfo(accessKey));
}

async function addToGroups(admin: AdminClient, users: string[], groups: readonly string[]): Promise<void> {
  for (const group of groups) await admin.updateGroupMembers({ group, members: users, isRemove: false });
}

export async function createUser(
  admin: AdminClient,
  req: { accessKey: string; secretKey: string; groups: string[]; policies: string[] },
): Promise<User> {
  checkSecret(req.secretKey);
  const exists = await admin.userInfo(req.accessKey).then(
    () => true,
    (err: unknown) => {
      if (isNotFound(err)) return false;
      throw err;
    },
  );
  if (exists) {
    throw new ConsoleError('conflict', `User ${req.accessKey} already exists`, 'choose another access key');
  }
  await admin.addUser(req.accessKey, req.secretKey, 'enabled');
  await addToGroups(admin, [req.accessKey], splitNames(req.groups.join(',')));
  if (req.policies.length > 0) await setPolicy(admin, req.policies.join(','), req.accessKey, 'user');
  return getUser(admin, req.accessKey);
}

export async function updateUser(
  admin: AdminClient,
  accessKey: string,
  req: { status?: AccountStatus | undefined; groups?: string[] | undefined },
): Promise<User> {
  const info = await admin.userInfo(accessKey);
  if (req.status !== undefined && req.status !== info.status)
    await admin.setUserStatus(accessKey, req.status);
  if (req.groups !== undefined) {
    const current = info.memberOf ?? [];
    const wanted = splitNames(req.groups.join(','));
    await addToGroups(admin, [accessKey], without(wanted, current));
    for (const group of without(current, wanted)) {
      await admin.updateGroupMembers({ group, members: [accessKey], isRemove: true });
    }
  }
  return getUser(admin, accessKey);
}

export async function deleteUser(admin: AdminClient, accessKey: string): Promise<void> {
  await admin.removeUser(accessKey);
}

export async function changeUserPassword(
  admin: AdminClient,
  accessKey: string,
  secret: string,
): Promise<void> {
  checkSecret(secret);
  const info = await admin.userInfo(accessKey);
  await admin.addUser(accessKey, secret, info.status === 'disabled' ? 'disabled' : 'enabled');
}

export async function addUsersToGroups(admin: AdminClient, groups: string[], users: string[]): Promise<void> {
  const names = splitNames(groups.join(','));
  if (names.length === 0) throw invalidRequest(NO_GROUP_SELECTED);
  await addToGroups(admin, users, names);
}

/** Access keys of a user's service accounts (the caller's own when `user` is undefined), sorted. */
export async function serviceAccountKeys(admin: AdminClient, user?: string): Promise<string[]> {
  const accounts = await admin.listServiceAccounts(user);
  return accounts.map((a) => a.accessKey).sort(byName);
}

/** Access Audit: the enabled users that can reach `bucket`, sorted by access key. */
export async function bucketUsers(admin: AdminClient, bucket: string): Promise<User[]> {
  const [users, canned, groupNames] = await Promise.all([
    admin.listUsers(),
    admin.listCannedPolicies(),
    admin.listGroups(),
  ]);
  const documents = new Map<string, Policy>();
  for (const [name, doc] of Object.entries(canned)) {
    try {
      documents.set(name, parsePolicy(doc));
    } catch {
      // Unreadable documents grant nothing here.
    }
  }
  // Group policies and memberships (list-users does not always carry memberOf).
  const groups = await mapLimit(groupNames, 8, (g) => admin.groupInfo(g).catch(() => undefined));
  const groupPolicies = new Map<string, string[]>();
  const memberOf = new Map<string, Set<string>>();
  for (const group of groups) {
    if (!group) continue;
    if (group.status !== 'disabled') groupPolicies.set(group.name, splitNames(group.policy));
    for (const member of group.members ?? []) {
      let set = memberOf.get(member);
      if (!set) memberOf.set(member, (set = new Set()));
      set.add(group.name);
    }
  }
  const reaching: User[] = [];
  for (const accessKey of Object.keys(users).sort(byName)) {
    const info = users[accessKey] as UserInfo;
    if (info.status === 'disabled') continue;
    const userGroups = new Set([...(info.memberOf ?? []), ...(memberOf.get(accessKey) ?? [])]);
    const names = [
      ...splitNames(info.policyName),
      ...[...userGroups].flatMap((g) => groupPolicies.get(g) ?? []),
    ];
    const policies = names.map((n) => documents.get(n)).filter((p): p is Policy => p !== undefined);
    if (policiesReachBucket(policies, bucket, accessKey)) {
      reaching.push(presentUser(accessKey, { ...info, memberOf: [...userGroups] }));
    }
  }
  return reaching;
}
