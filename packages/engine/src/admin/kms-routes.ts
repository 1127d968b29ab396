/**
 * Entry for MinIO's KMS API (`/minio/kms/v1/…`, wire doc §1.1 and §3.13), which madmin uses for
 * KMS status and keys. The router authenticates these requests exactly like admin calls (SigV4,
 * service `s3`, any region) and answers errors in the admin JSON shape; each route needs its `kms:`
 * action (root may do everything). Another path or method is 426 XMinioAdminVersionMismatch, like
 * an unknown admin call. The admin API's own KMS calls (`/minio/admin/v3/kms/…`) are in `index.ts`.
 */
import type { RequestContext } from '../http/context.js';
import { AdminVersionMismatch } from '../http/request-errors.js';
import { requireAdminAction } from './admin-auth.js';
import { kmsCreateKey } from './kms-create-key.js';
import { kmsKeyStatus } from './kms-key-status.js';
import { kmsListKeys } from './kms-list-keys.js';
import { kmsStatus } from './kms-status.js';
import { kmsVersion } from './kms-version.js';

export const KMS_PREFIX = '/minio/kms/v1';

interface KmsRoute {
  handler: (ctx: RequestContext) => Promise<void>;
  operation: string;
  action: string;
}

const ROUTES: Record<string, KmsRoute> = {
  'GET /status': { handler: kmsStatus, operation: 'KMSStatus', action: 'kms:Status' },
  'GET /version': { handler: kmsVersion, operation: 'KMSVersion', action: 'kms:Version' },
  'GET /key/status': { handler: kmsKeyStatus, operation: 'KMSKeyStatus', action: 'kms:KeyStatus' },
  'POST /key/create': { handler: kmsCreateKey, operation: 'KMSCreateKey', action: 'kms:CreateKey' },
  'GET /key/list': { handler: kmsListKeys, operation: 'KMSListKeys', action: 'kms:ListKeys' },
};

/** Whether a path belongs to the KMS API (any version: an unknown one is answered 426). */
export function isKmsPath(path: string): boolean {
  return path === '/minio/kms' || path.startsWith('/minio/kms/');
}

export async function handleKmsRequest(ctx: RequestContext): Promise<void> {
  const op = path(ctx);
  const route = op === undefined ? undefined : ROUTES[`${ctx.method} ${op}`];
  if (!route) throw new AdminVersionMismatch(`This 'kms' API is not supported by server in 'mode-server-xl'`);
  ctx.operation ??= route.operation;
  requireAdminAction(ctx, route.action);
  await route.handler(ctx);
}

function path(ctx: RequestContext): string | undefined {
  if (!ctx.path.startsWith(`${KMS_PREFIX}/`)) return undefined;
  return ctx.path.slice(KMS_PREFIX.length).replace(/\/+$/, '');
}
