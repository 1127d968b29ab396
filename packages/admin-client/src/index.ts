/**
 * @coffer/admin-client — MinIO admin API (`/minio/admin/v3`) and STS client: SigV4 signing,
 * madmin payload encryption, typed calls. The console server's only way to the admin side of a
 * storage server.
 */
export { ADMIN_API_PREFIX, createAdminClient, encodeQuery, parseEndpoint } from './admin-client.js';
export type { AdminClient, AdminClientOptions, AdminRequest, QueryParams } from './admin-client.js';
export { AdminApiError, parseErrorResponse } from './errors.js';
export type { HttpResponse } from './http-request.js';
export { assumeRole } from './sts.js';
export type { AssumeRoleOptions } from './sts.js';
export type {
  AccountBucket,
  AccountInfo,
  BackendInfo,
  BucketUsageInfo,
  DataUsageInfo,
  Disk,
  InfoBackend,
  InfoMessage,
  ServerProperties,
  StorageInfo,
  TemporaryCredentials,
  UserInfo,
} from './types.js';
export { decodeXmlText, xmlElementText } from './xml.js';
