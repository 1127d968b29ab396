/**
 * Entry for the admin API (`/minio/admin/v3/…`), called by the router after it authenticated the
 * request (SigV4 service `s3`, any region, body buffered and verified; wire doc §1.2). One handler
 * per operation, dispatched by method and path from the table below; anything else — another
 * method, an unknown path, another API version such as madmin v4's `/minio/admin/v4` — is 426
 * XMinioAdminVersionMismatch, which lets newer clients fall back (wire doc §6.2, §7.3).
 *
 * Authorization: a route with `actions` needs one of them (checked here, before the handler);
 * routes without run their own checks — the IAM calls with self-service rules (a user's own info,
 * secret and service accounts) and `accountinfo`, which answers every authenticated caller.
 * Root may do everything; other callers by their effective IAM policy (`admin-auth.ts`).
 */
import type { RequestContext } from '../http/context.js';
import { AdminVersionMismatch } from '../http/request-errors.js';
import { accountInfo } from './account-info.js';
import { addCannedPolicy } from './add-canned-policy.js';
import { addServiceAccount } from './add-service-account.js';
import { addUser } from './add-user.js';
import { requireAdminAction } from './admin-auth.js';
import { attachPolicy } from './attach-policy.js';
import { dataUsageInfo } from './data-usage-info.js';
import { deleteServiceAccount } from './delete-service-account.js';
import { detachPolicy } from './detach-policy.js';
import { getBucketQuota } from './get-bucket-quota.js';
import { getGroup } from './get-group.js';
import { kmsCreateKey } from './kms-create-key.js';
import { kmsKeyStatus } from './kms-key-status.js';
import { kmsStatus } from './kms-status.js';
import { infoAccessKey } from './info-access-key.js';
import { infoCannedPolicy } from './info-canned-policy.js';
import { infoServiceAccount } from './info-service-account.js';
import { listAccessKeysBulk } from './list-access-keys-bulk.js';
import { listCannedPolicies } from './list-canned-policies.js';
import { listGroups } from './list-groups.js';
import { listServiceAccounts } from './list-service-accounts.js';
import { listUsers } from './list-users.js';
import { policyEntities } from './policy-entities.js';
import { attachLdapPolicy, detachLdapPolicy, ldapPolicyEntities } from './ldap-policy.js';
import { addLdapServiceAccount } from './add-ldap-service-account.js';
import { removeCannedPolicy } from './remove-canned-policy.js';
import { removeUser } from './remove-user.js';
import { serverInfo } from './server-info.js';
import { setBucketQuota } from './set-bucket-quota.js';
import { listRemoteTargets, removeRemoteTarget, setRemoteTarget } from './remote-targets.js';
import { setGroupStatus } from './set-group-status.js';
import { setUserOrGroupPolicy } from './set-user-or-group-policy.js';
import { setUserStatus } from './set-user-status.js';
import { storageInfo } from './storage-info.js';
import { temporaryAccountInfo } from './temporary-account-info.js';
import { updateGroupMembers } from './update-group-members.js';
import { updateServiceAccount } from './update-service-account.js';
import { userInfo } from './user-info.js';
import {
  clearConfigHistoryKv,
  delConfigKv,
  getConfig,
  getConfigKv,
  helpConfigKv,
  listConfigHistoryKv,
  restoreConfigHistoryKv,
  setConfig,
  setConfigKv,
} from './config-kv.js';
import { serviceAction } from './service.js';
import { healthInfo } from './health-info.js';
import { serviceTrace } from './trace.js';
import { consoleLog } from './console-log.js';
import { backgroundHealStatus, heal, isHealPath } from './heal.js';
import { addTier, editTier, isTierPath, listTiers, removeTier, tierStats, verifyTier } from './tier.js';

export const ADMIN_PREFIX = '/minio/admin/v3';

type AdminHandler = (ctx: RequestContext) => Promise<void>;

interface AdminRoute {
  handler: AdminHandler;
  /** The operation's name (trace, metrics). */
  operation: string;
  /** Admin actions any one of which allows the call; absent: the handler checks (see above). */
  actions?: readonly string[];
}

const ROUTES: Record<string, AdminRoute> = {
  // Server (wire doc §3.1).
  'GET /info': { handler: serverInfo, operation: 'ServerInfo', actions: ['admin:ServerInfo'] },
  'GET /storageinfo': { handler: storageInfo, operation: 'StorageInfo', actions: ['admin:StorageInfo'] },
  'GET /datausageinfo': {
    handler: dataUsageInfo,
    operation: 'DataUsageInfo',
    actions: ['admin:DataUsageInfo'],
  },
  'GET /accountinfo': { handler: accountInfo, operation: 'AccountInfo' },
  // Users (§3.2).
  'GET /list-users': { handler: listUsers, operation: 'ListUsers' },
  'GET /user-info': { handler: userInfo, operation: 'GetUserInfo' },
  'PUT /add-user': { handler: addUser, operation: 'AddUser' },
  'PUT /set-user-status': { handler: setUserStatus, operation: 'SetUserStatus' },
  'DELETE /remove-user': { handler: removeUser, operation: 'RemoveUser' },
  // Groups (§3.3).
  'GET /groups': { handler: listGroups, operation: 'ListGroups' },
  'GET /group': { handler: getGroup, operation: 'GetGroup' },
  'PUT /update-group-members': { handler: updateGroupMembers, operation: 'UpdateGroupMembers' },
  'PUT /set-group-status': { handler: setGroupStatus, operation: 'SetGroupStatus' },
  // Canned policies and mappings (§3.4).
  'GET /list-canned-policies': { handler: listCannedPolicies, operation: 'ListCannedPolicies' },
  'GET /info-canned-policy': { handler: infoCannedPolicy, operation: 'InfoCannedPolicy' },
  'PUT /add-canned-policy': { handler: addCannedPolicy, operation: 'AddCannedPolicy' },
  'DELETE /remove-canned-policy': { handler: removeCannedPolicy, operation: 'RemoveCannedPolicy' },
  'PUT /set-user-or-group-policy': { handler: setUserOrGroupPolicy, operation: 'SetPolicyForUserOrGroup' },
  'POST /idp/builtin/policy/attach': { handler: attachPolicy, operation: 'AttachPolicyBuiltin' },
  'POST /idp/builtin/policy/detach': { handler: detachPolicy, operation: 'DetachPolicyBuiltin' },
  'GET /idp/builtin/policy-entities': { handler: policyEntities, operation: 'ListPolicyMappingEntities' },
  'POST /idp/ldap/policy/attach': { handler: attachLdapPolicy, operation: 'AttachPolicyLDAP' },
  'POST /idp/ldap/policy/detach': { handler: detachLdapPolicy, operation: 'DetachPolicyLDAP' },
  'PUT /idp/ldap/add-service-account': { handler: addLdapServiceAccount, operation: 'AddServiceAccountLDAP' },
  'GET /idp/ldap/policy-entities': {
    handler: ldapPolicyEntities,
    operation: 'ListLDAPPolicyMappingEntities',
  },
  // Service accounts and access keys (§3.5).
  'PUT /add-service-account': { handler: addServiceAccount, operation: 'AddServiceAccount' },
  'POST /update-service-account': { handler: updateServiceAccount, operation: 'UpdateServiceAccount' },
  'GET /info-service-account': { handler: infoServiceAccount, operation: 'InfoServiceAccount' },
  'GET /list-service-accounts': { handler: listServiceAccounts, operation: 'ListServiceAccounts' },
  'DELETE /delete-service-account': { handler: deleteServiceAccount, operation: 'DeleteServiceAccount' },
  'GET /list-access-keys-bulk': { handler: listAccessKeysBulk, operation: 'ListAccessKeysBulk' },
  'GET /info-access-key': { handler: infoAccessKey, operation: 'InfoAccessKey' },
  'GET /temporary-account-info': { handler: temporaryAccountInfo, operation: 'TemporaryAccountInfo' },
  // Bucket quota (§3.7).
  'PUT /set-bucket-quota': {
    handler: setBucketQuota,
    operation: 'SetBucketQuotaConfig',
    actions: ['admin:SetBucketQuota'],
  },
  'GET /get-bucket-quota': {
    handler: getBucketQuota,
    operation: 'GetBucketQuotaConfig',
    actions: ['admin:GetBucketQuota'],
  },
  // Remote targets of bucket replication (§3.7), issue 12.
  'PUT /set-remote-target': {
    handler: setRemoteTarget,
    operation: 'SetRemoteTarget',
    actions: ['admin:SetBucketTarget'],
  },
  'GET /list-remote-targets': {
    handler: listRemoteTargets,
    operation: 'ListRemoteTargets',
    actions: ['admin:GetBucketTarget'],
  },
  'DELETE /remove-remote-target': {
    handler: removeRemoteTarget,
    operation: 'RemoveRemoteTarget',
    actions: ['admin:SetBucketTarget'],
  },
  // KMS (§3.13; madmin uses the KMS API of `kms-routes.ts`). MinIO routes status as POST; GET is
  // accepted too, which older madmin releases send.
  'POST /kms/status': { handler: kmsStatus, operation: 'KMSStatus', actions: ['admin:KMSKeyStatus'] },
  'GET /kms/status': { handler: kmsStatus, operation: 'KMSStatus', actions: ['admin:KMSKeyStatus'] },
  'GET /kms/key/status': {
    handler: kmsKeyStatus,
    operation: 'KMSKeyStatus',
    actions: ['admin:KMSKeyStatus'],
  },
  'POST /kms/key/create': {
    handler: kmsCreateKey,
    operation: 'KMSCreateKey',
    actions: ['admin:KMSCreateKey'],
  },
  // Server configuration (§3.6) and service control (§3.12), issue 10 §1.
  'GET /get-config-kv': { handler: getConfigKv, operation: 'GetConfigKV', actions: ['admin:ConfigUpdate'] },
  'PUT /set-config-kv': { handler: setConfigKv, operation: 'SetConfigKV', actions: ['admin:ConfigUpdate'] },
  'DELETE /del-config-kv': {
    handler: delConfigKv,
    operation: 'DelConfigKV',
    actions: ['admin:ConfigUpdate'],
  },
  'GET /help-config-kv': {
    handler: helpConfigKv,
    operation: 'HelpConfigKV',
    actions: ['admin:ConfigUpdate'],
  },
  'GET /config': { handler: getConfig, operation: 'GetConfig', actions: ['admin:ConfigUpdate'] },
  'PUT /config': { handler: setConfig, operation: 'SetConfig', actions: ['admin:ConfigUpdate'] },
  'GET /list-config-history-kv': {
    handler: listConfigHistoryKv,
    operation: 'ListConfigHistoryKV',
    actions: ['admin:ConfigUpdate'],
  },
  'PUT /restore-config-history-kv': {
    handler: restoreConfigHistoryKv,
    operation: 'RestoreConfigHistoryKV',
    actions: ['admin:ConfigUpdate'],
  },
  'DELETE /clear-config-history-kv': {
    handler: clearConfigHistoryKv,
    operation: 'ClearConfigHistoryKV',
    actions: ['admin:ConfigUpdate'],
  },
  'POST /service': { handler: serviceAction, operation: 'Service' },
  // Health info / OBD (§3.12), issue 11.
  'GET /healthinfo': { handler: healthInfo, operation: 'HealthInfo', actions: ['admin:OBDInfo'] },
  'GET /obdinfo': { handler: healthInfo, operation: 'HealthInfo', actions: ['admin:OBDInfo'] },
  // Live streams (§3.10, §3.11), issue 11.
  'GET /trace': { handler: serviceTrace, operation: 'Trace', actions: ['admin:ServerTrace'] },
  'GET /log': { handler: consoleLog, operation: 'ConsoleLog', actions: ['admin:ConsoleLog'] },
  // Heal (§3.9): `/heal/{bucket}/{prefix…}` is matched by `isHealPath` below.
  'POST /background-heal/status': {
    handler: backgroundHealStatus,
    operation: 'BackgroundHealStatus',
    actions: ['admin:Heal'],
  },
  // Remote tiers (§3.8); `/tier/{name}` is matched by `isTierPath` below.
  'PUT /tier': { handler: addTier, operation: 'AddTier', actions: ['admin:SetTier'] },
  'GET /tier': { handler: listTiers, operation: 'ListTier', actions: ['admin:ListTier'] },
  'GET /tier-stats': { handler: tierStats, operation: 'TierStats', actions: ['admin:ListTier'] },
};

/** `/tier/{name}` by method: edit credentials, remove, verify. */
const TIER_NAME_ROUTES: Record<string, AdminRoute> = {
  POST: { handler: editTier, operation: 'EditTier', actions: ['admin:SetTier'] },
  DELETE: { handler: removeTier, operation: 'RemoveTier', actions: ['admin:SetTier'] },
  GET: { handler: verifyTier, operation: 'VerifyTier', actions: ['admin:ListTier'] },
};

const HEAL_ROUTE: AdminRoute = { handler: heal, operation: 'Heal', actions: ['admin:Heal'] };

/** The route for a request, or undefined (→ 426). */
export function findAdminRoute(method: string, path: string): AdminRoute | undefined {
  if (!path.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  if (method === 'POST' && isHealPath(path)) return HEAL_ROUTE;
  const op = path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  if (isTierPath(op)) return TIER_NAME_ROUTES[method];
  return ROUTES[`${method} ${op}`];
}

export async function handleAdminRequest(ctx: RequestContext): Promise<void> {
  const route = findAdminRoute(ctx.method, ctx.path);
  if (!route) {
    throw new AdminVersionMismatch(`This 'admin' API is not supported by server in 'mode-server-xl'`);
  }
  ctx.operation ??= route.operation;
  if (route.actions) requireAdminAction(ctx, ...route.actions);
  await route.handler(ctx);
}
