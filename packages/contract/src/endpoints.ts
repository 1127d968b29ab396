/**
 * The browser's zod-free view of the route table: for each `API` entry its name, method and path,
 * which is all a client needs at run time. The web app imports this (through
 * `@coffer/contract/client`) instead of `API`, so the zod schemas — about 100 KB gzipped — stay out
 * of its bundle; the types of each call still come from `API`'s schemas (`RouteRequest`,
 * `RouteAnswer`). The `satisfies` clause makes the compiler hold this table equal to `API`: a
 * missing, extra or changed entry (name, method or path) does not compile.
 */
import { API_PREFIX } from './api-paths.js';
import type { Api, ApiName } from './routes.js';

/** One route as the browser sees it; `N` carries the entry's name for type inference. */
export interface Endpoint<N extends ApiName = ApiName> {
  readonly name: N;
  readonly method: Api[N]['method'];
  readonly path: Api[N]['path'];
}

export const ENDPOINTS = {
  getLoginStrategy: { name: 'getLoginStrategy', method: 'GET', path: `${API_PREFIX}/login` },
  login: { name: 'login', method: 'POST', path: `${API_PREFIX}/login` },
  loginOperator: { name: 'loginOperator', method: 'POST', path: `${API_PREFIX}/login/operator` },
  loginOAuth2: { name: 'loginOAuth2', method: 'POST', path: `${API_PREFIX}/login/oauth2/auth` },
  getSession: { name: 'getSession', method: 'GET', path: `${API_PREFIX}/session` },
  logout: { name: 'logout', method: 'POST', path: `${API_PREFIX}/logout` },
  hasPermission: { name: 'hasPermission', method: 'POST', path: `${API_PREFIX}/has-permission` },
  listBuckets: { name: 'listBuckets', method: 'GET', path: `${API_PREFIX}/buckets` },
  createBucket: { name: 'createBucket', method: 'POST', path: `${API_PREFIX}/buckets` },
  deleteBucket: { name: 'deleteBucket', method: 'DELETE', path: `${API_PREFIX}/buckets/:bucket` },
  getBucketVersioning: {
    name: 'getBucketVersioning',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/versioning`,
  },
  getBucketInfo: { name: 'getBucketInfo', method: 'GET', path: `${API_PREFIX}/buckets/:bucket` },
  setBucketPolicy: {
    name: 'setBucketPolicy',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/set-policy`,
  },
  getBucketEncryptionInfo: {
    name: 'getBucketEncryptionInfo',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/encryption/info`,
  },
  enableBucketEncryption: {
    name: 'enableBucketEncryption',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/encryption/enable`,
  },
  disableBucketEncryption: {
    name: 'disableBucketEncryption',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/encryption/disable`,
  },
  setBucketVersioning: {
    name: 'setBucketVersioning',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/versioning`,
  },
  getBucketQuota: { name: 'getBucketQuota', method: 'GET', path: `${API_PREFIX}/buckets/:bucket/quota` },
  setBucketQuota: { name: 'setBucketQuota', method: 'PUT', path: `${API_PREFIX}/buckets/:bucket/quota` },
  getBucketRetention: {
    name: 'getBucketRetention',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/retention`,
  },
  setBucketRetention: {
    name: 'setBucketRetention',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/retention`,
  },
  getBucketObjectLocking: {
    name: 'getBucketObjectLocking',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/object-locking`,
  },
  getBucketReplication: {
    name: 'getBucketReplication',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/replication`,
  },
  listObjects: { name: 'listObjects', method: 'GET', path: `${API_PREFIX}/buckets/:bucket/objects` },
  deleteObject: { name: 'deleteObject', method: 'DELETE', path: `${API_PREFIX}/buckets/:bucket/objects` },
  deleteObjects: {
    name: 'deleteObjects',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/delete-objects`,
  },
  downloadObject: {
    name: 'downloadObject',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/objects/download`,
  },
  uploadObjects: {
    name: 'uploadObjects',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/objects/upload`,
  },
  putObjectRetention: {
    name: 'putObjectRetention',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/retention`,
  },
  deleteObjectRetention: {
    name: 'deleteObjectRetention',
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/objects/retention`,
  },
  putObjectTags: {
    name: 'putObjectTags',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/tags`,
  },
  putObjectLegalHold: {
    name: 'putObjectLegalHold',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/objects/legalhold`,
  },
  listPolicies: { name: 'listPolicies', method: 'GET', path: `${API_PREFIX}/policies` },
  savePolicy: { name: 'savePolicy', method: 'POST', path: `${API_PREFIX}/policies` },
  getPolicy: { name: 'getPolicy', method: 'GET', path: `${API_PREFIX}/policy` },
  deletePolicy: { name: 'deletePolicy', method: 'DELETE', path: `${API_PREFIX}/policy` },
  listPolicyUsers: { name: 'listPolicyUsers', method: 'GET', path: `${API_PREFIX}/policies/:name/users` },
  listPolicyGroups: { name: 'listPolicyGroups', method: 'GET', path: `${API_PREFIX}/policies/:name/groups` },
  setPolicy: { name: 'setPolicy', method: 'PUT', path: `${API_PREFIX}/set-policy/:policyNames` },
  listBucketPolicies: {
    name: 'listBucketPolicies',
    method: 'GET',
    path: `${API_PREFIX}/bucket-policy/:bucket`,
  },
  listUsers: { name: 'listUsers', method: 'GET', path: `${API_PREFIX}/users` },
  createUser: { name: 'createUser', method: 'POST', path: `${API_PREFIX}/users` },
  getUser: { name: 'getUser', method: 'GET', path: `${API_PREFIX}/user` },
  updateUser: { name: 'updateUser', method: 'PUT', path: `${API_PREFIX}/user` },
  deleteUser: { name: 'deleteUser', method: 'DELETE', path: `${API_PREFIX}/user` },
  listUserServiceAccounts: {
    name: 'listUserServiceAccounts',
    method: 'GET',
    path: `${API_PREFIX}/user/service-accounts`,
  },
  createUserServiceAccount: {
    name: 'createUserServiceAccount',
    method: 'POST',
    path: `${API_PREFIX}/user/service-accounts`,
  },
  changeUserPassword: {
    name: 'changeUserPassword',
    method: 'POST',
    path: `${API_PREFIX}/account/change-user-password`,
  },
  addUsersToGroups: { name: 'addUsersToGroups', method: 'PUT', path: `${API_PREFIX}/users-groups-bulk` },
  listBucketUsers: { name: 'listBucketUsers', method: 'GET', path: `${API_PREFIX}/bucket-users/:bucket` },
  listGroups: { name: 'listGroups', method: 'GET', path: `${API_PREFIX}/groups` },
  createGroup: { name: 'createGroup', method: 'POST', path: `${API_PREFIX}/groups` },
  getGroup: { name: 'getGroup', method: 'GET', path: `${API_PREFIX}/group` },
  updateGroup: { name: 'updateGroup', method: 'PUT', path: `${API_PREFIX}/group` },
  deleteGroup: { name: 'deleteGroup', method: 'DELETE', path: `${API_PREFIX}/group` },
  createServiceAccount: {
    name: 'createServiceAccount',
    method: 'POST',
    path: `${API_PREFIX}/service-accounts`,
  },
  listServiceAccounts: { name: 'listServiceAccounts', method: 'GET', path: `${API_PREFIX}/service-accounts` },
  deleteServiceAccount: {
    name: 'deleteServiceAccount',
    method: 'DELETE',
    path: `${API_PREFIX}/service-accounts/:key`,
  },
  changePassword: { name: 'changePassword', method: 'POST', path: `${API_PREFIX}/account/change-password` },
  shareObject: { name: 'shareObject', method: 'GET', path: `${API_PREFIX}/buckets/:bucket/objects/share` },
  listShareLinks: { name: 'listShareLinks', method: 'GET', path: `${API_PREFIX}/share-links` },
  revokeShareLink: { name: 'revokeShareLink', method: 'DELETE', path: `${API_PREFIX}/share-links/:id` },
  rewindObjects: { name: 'rewindObjects', method: 'GET', path: `${API_PREFIX}/buckets/:bucket/rewind/:date` },
  downloadZip: {
    name: 'downloadZip',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/objects/download-zip`,
  },
  deleteObjectsProgress: {
    name: 'deleteObjectsProgress',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/delete-objects/progress`,
  },
  createMultipartUpload: {
    name: 'createMultipartUpload',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads`,
  },
  uploadPart: {
    name: 'uploadPart',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/parts`,
  },
  listUploadParts: {
    name: 'listUploadParts',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/parts`,
  },
  completeMultipartUpload: {
    name: 'completeMultipartUpload',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads/complete`,
  },
  abortMultipartUpload: {
    name: 'abortMultipartUpload',
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/multipart-uploads`,
  },
  getConfig: { name: 'getConfig', method: 'GET', path: `${API_PREFIX}/configs/:name` },
  setConfig: { name: 'setConfig', method: 'PUT', path: `${API_PREFIX}/configs/:name` },
  resetConfig: { name: 'resetConfig', method: 'DELETE', path: `${API_PREFIX}/configs/:name` },
  listConfigTargets: {
    name: 'listConfigTargets',
    method: 'GET',
    path: `${API_PREFIX}/configs/:subsystem/targets`,
  },
  listNotificationEndpoints: {
    name: 'listNotificationEndpoints',
    method: 'GET',
    path: `${API_PREFIX}/admin/notification_endpoints`,
  },
  deleteNotificationEndpoint: {
    name: 'deleteNotificationEndpoint',
    method: 'DELETE',
    path: `${API_PREFIX}/admin/notification_endpoints/:service/:account_id`,
  },
  listArns: { name: 'listArns', method: 'GET', path: `${API_PREFIX}/admin/arns` },
  restartService: { name: 'restartService', method: 'POST', path: `${API_PREFIX}/service/restart` },
  getRestartState: { name: 'getRestartState', method: 'GET', path: `${API_PREFIX}/service/restart` },
  listBucketEvents: { name: 'listBucketEvents', method: 'GET', path: `${API_PREFIX}/buckets/:bucket/events` },
  subscribeBucketEvent: {
    name: 'subscribeBucketEvent',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/events`,
  },
  deleteBucketEvent: {
    name: 'deleteBucketEvent',
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/events/:arn`,
  },
  searchAuditLogs: { name: 'searchAuditLogs', method: 'GET', path: `${API_PREFIX}/logs/search` },
  ingestAuditLog: { name: 'ingestAuditLog', method: 'POST', path: `${API_PREFIX}/logs/audit` },
  getAdminInfo: { name: 'getAdminInfo', method: 'GET', path: `${API_PREFIX}/admin/info` },
  getWidgetDetails: {
    name: 'getWidgetDetails',
    method: 'GET',
    path: `${API_PREFIX}/admin/info/widgets/:id/`,
  },
  listExternalBuckets: {
    name: 'listExternalBuckets',
    method: 'POST',
    path: `${API_PREFIX}/list-external-buckets`,
  },
  setMultiBucketReplication: {
    name: 'setMultiBucketReplication',
    method: 'POST',
    path: `${API_PREFIX}/buckets-replication`,
  },
  deleteReplicationRule: {
    name: 'deleteReplicationRule',
    method: 'DELETE',
    path: `${API_PREFIX}/buckets/:bucket/replication/:ruleId`,
  },
  getBucketLifecycle: {
    name: 'getBucketLifecycle',
    method: 'GET',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle`,
  },
  addBucketLifecycleRule: {
    name: 'addBucketLifecycleRule',
    method: 'POST',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle`,
  },
  updateBucketLifecycleRule: {
    name: 'updateBucketLifecycleRule',
    method: 'PUT',
    path: `${API_PREFIX}/buckets/:bucket/lifecycle/:ruleId`,
  },
  listTiers: { name: 'listTiers', method: 'GET', path: `${API_PREFIX}/admin/tiers` },
  addTier: { name: 'addTier', method: 'POST', path: `${API_PREFIX}/admin/tiers` },
  updateTierCredentials: {
    name: 'updateTierCredentials',
    method: 'PUT',
    path: `${API_PREFIX}/admin/tiers/:type/:name/credentials`,
  },
  getSubscriptionInfo: {
    name: 'getSubscriptionInfo',
    method: 'GET',
    path: `${API_PREFIX}/subscription/info`,
  },
  validateSubscription: {
    name: 'validateSubscription',
    method: 'POST',
    path: `${API_PREFIX}/subscription/validate`,
  },
  refreshSubscription: {
    name: 'refreshSubscription',
    method: 'POST',
    path: `${API_PREFIX}/subscription/refresh`,
  },
  listTenants: { name: 'listTenants', method: 'GET', path: `${API_PREFIX}/tenants` },
  createTenant: { name: 'createTenant', method: 'POST', path: `${API_PREFIX}/tenants` },
  listNamespaceTenants: {
    name: 'listNamespaceTenants',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants`,
  },
  getTenant: {
    name: 'getTenant',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant`,
  },
  updateTenant: {
    name: 'updateTenant',
    method: 'PUT',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant`,
  },
  deleteTenant: {
    name: 'deleteTenant',
    method: 'DELETE',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant`,
  },
  getTenantYaml: {
    name: 'getTenantYaml',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/yaml`,
  },
  updateTenantYaml: {
    name: 'updateTenantYaml',
    method: 'PUT',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/yaml`,
  },
  getTenantUsage: {
    name: 'getTenantUsage',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/usage`,
  },
  getTenantSecurity: {
    name: 'getTenantSecurity',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/security`,
  },
  updateTenantSecurity: {
    name: 'updateTenantSecurity',
    method: 'POST',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/security`,
  },
  addTenantPool: {
    name: 'addTenantPool',
    method: 'POST',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/pools`,
  },
  listTenantPods: {
    name: 'listTenantPods',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/pods`,
  },
  getPodLogs: {
    name: 'getPodLogs',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/pods/:pod`,
  },
  deleteTenantPod: {
    name: 'deleteTenantPod',
    method: 'DELETE',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/pods/:pod`,
  },
  listPodEvents: {
    name: 'listPodEvents',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/tenants/:tenant/pods/:pod/events`,
  },
  createNamespace: { name: 'createNamespace', method: 'POST', path: `${API_PREFIX}/namespace` },
  getResourceQuota: {
    name: 'getResourceQuota',
    method: 'GET',
    path: `${API_PREFIX}/namespaces/:namespace/resourcequotas/:name`,
  },
  getMaxAllocatableMemory: {
    name: 'getMaxAllocatableMemory',
    method: 'GET',
    path: `${API_PREFIX}/cluster/max-allocatable-memory`,
  },
  getParity: { name: 'getParity', method: 'GET', path: `${API_PREFIX}/get-parity/:nodes/:disksPerNode` },
  getNodeLabels: { name: 'getNodeLabels', method: 'GET', path: `${API_PREFIX}/nodes/labels` },
  activateTenantSubscription: {
    name: 'activateTenantSubscription',
    method: 'POST',
    path: `${API_PREFIX}/subscription/namespaces/:namespace/tenants/:tenant/activate`,
  },
  listPvcs: { name: 'listPvcs', method: 'GET', path: `${API_PREFIX}/list-pvcs` },
  listDrives: { name: 'listDrives', method: 'GET', path: `${API_PREFIX}/direct-csi/drives` },
  formatDrives: { name: 'formatDrives', method: 'POST', path: `${API_PREFIX}/direct-csi/drives/format` },
} as const satisfies { readonly [N in ApiName]: Endpoint<N> };
