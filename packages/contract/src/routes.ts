/**
 * Every console API call in one table, `API`, composed from the areas' route files (`routes/`):
 * method, path (Fastify syntax, `:param`), whether it needs a session, and the zod schemas of its
 * params, query, body and answers. The server registers its routes from these entries (so
 * validation, serialisation and the OpenAPI document all come from here); the web app calls them
 * through its typed client, by the zod-free `ENDPOINTS` table (`endpoints.ts`) that the compiler
 * keeps equal to this one. A new area adds one file under `routes/` and one line here.
 */
import type { RouteContract } from './route-contract.js';
import { ACCOUNT_ROUTES } from './routes/account-routes.js';
import { BUCKET_ROUTES } from './routes/bucket-routes.js';
import { BUCKET_ENCRYPTION_ROUTES } from './routes/bucket-encryption-routes.js';
import { GROUP_ROUTES } from './routes/group-routes.js';
import { OBJECT_ROUTES } from './routes/object-routes.js';
import { OBJECT_DETAILS_ROUTES } from './routes/object-details-routes.js';
import { OBJECT_SHARE_ROUTES } from './routes/object-share-routes.js';
import { OBJECT_REWIND_ROUTES } from './routes/object-rewind-routes.js';
import { OBJECT_BULK_ROUTES } from './routes/object-bulk-routes.js';
import { OBJECT_UPLOAD_ROUTES } from './routes/object-upload-routes.js';
import { POLICY_ROUTES } from './routes/policy-routes.js';
import { SESSION_ROUTES } from './routes/session-routes.js';
import { USER_ROUTES } from './routes/user-routes.js';
import { SETTINGS_ROUTES } from './routes/settings-routes.js';
import { BUCKET_EVENT_ROUTES } from './routes/bucket-event-routes.js';
import { LOG_ROUTES } from './routes/log-routes.js';
import { DASHBOARD_ROUTES } from './routes/dashboard-routes.js';
import { REPLICATION_LIFECYCLE_ROUTES } from './routes/replication-lifecycle-routes.js';
import { SUBSCRIPTION_ROUTES } from './routes/subscription-routes.js';
import { TENANT_ROUTES } from './routes/tenant-routes.js';
import { OPERATOR_STORAGE_ROUTES } from './routes/operator-storage-routes.js';
export * from './route-contract.js';

export const API = {
  ...SESSION_ROUTES,
  ...BUCKET_ROUTES,
  ...BUCKET_ENCRYPTION_ROUTES,
  ...OBJECT_ROUTES,
  ...OBJECT_DETAILS_ROUTES,
  ...OBJECT_UPLOAD_ROUTES,
  ...POLICY_ROUTES,
  ...USER_ROUTES,
  ...GROUP_ROUTES,
  ...ACCOUNT_ROUTES,
  ...OBJECT_SHARE_ROUTES,
  ...OBJECT_REWIND_ROUTES,
  ...OBJECT_BULK_ROUTES,
  ...SETTINGS_ROUTES,
  ...BUCKET_EVENT_ROUTES,
  ...LOG_ROUTES,
  ...DASHBOARD_ROUTES,
  ...REPLICATION_LIFECYCLE_ROUTES,
  ...SUBSCRIPTION_ROUTES,
  ...TENANT_ROUTES,
  ...OPERATOR_STORAGE_ROUTES,
} as const satisfies Record<string, RouteContract>;

export type ApiName = keyof typeof API;
export type Api = typeof API;
