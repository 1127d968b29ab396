/**
 * Entry for the admin API (`/minio/admin/v3/…`), called by the router after it authenticated the
 * request (SigV4 service `s3`, any region, body buffered and verified; wire doc §1.2). One handler
 * per operation, dispatched by method and path from the table below; anything else — another
 * method, an unknown path, another API version such as madmin v4's `/minio/admin/v4` — is 426
 * XMinioAdminVersionMismatch, which lets newer clients fall back (wire doc §6.2, §7.3).
 *
 * Authorization: root and root's temporary credentials may call everything; IAM policies
 * (`admin:*` actions per operation) replace `requireOwner` with issue 4.
 */
import type { RequestContext } from '../http/context.js';
import { actsForRoot } from '../iam/iam-system.js';
import { AccessDenied, AdminVersionMismatch } from '../object-layer/errors.js';
import { accountInfo } from './account-info.js';
import { dataUsageInfo } from './data-usage-info.js';
import { serverInfo } from './server-info.js';
import { storageInfo } from './storage-info.js';

export const ADMIN_PREFIX = '/minio/admin/v3';

type AdminHandler = (ctx: RequestContext) => Promise<void>;

interface AdminRoute {
  handler: AdminHandler;
  /** Callers other than root's identities allowed (accountinfo answers any authenticated caller). */
  anyCaller?: boolean;
}

const ROUTES: Record<string, AdminRoute> = {
  'GET /info': { handler: serverInfo },
  'GET /storageinfo': { handler: storageInfo },
  'GET /datausageinfo': { handler: dataUsageInfo },
  'GET /accountinfo': { handler: accountInfo, anyCaller: true },
};

/** The route for a request, or undefined (→ 426). */
export function findAdminRoute(method: string, path: string): AdminRoute | undefined {
  if (!path.startsWith(`${ADMIN_PREFIX}/`)) return undefined;
  const op = path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  return ROUTES[`${method} ${op}`];
}

function requireOwner(ctx: RequestContext): void {
  const credential = ctx.auth?.credential;
  if (!credential) throw new AccessDenied();
  const owner = actsForRoot(ctx.engine.root, credential);
  if (!owner) throw new AccessDenied();
}

export async function handleAdminRequest(ctx: RequestContext): Promise<void> {
  const route = findAdminRoute(ctx.method, ctx.path);
  if (!route) {
    throw new AdminVersionMismatch(`This 'admin' API is not supported by server in 'mode-server-xl'`);
  }
  if (!route.anyCaller) requireOwner(ctx);
  await route.handler(ctx);
}
