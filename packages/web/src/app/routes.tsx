/**
 * The route table, composed from each feature's `routes.tsx`: the public auth screens outside the
 * layout, everything else behind the session gate inside the layout. Features name their screens
 * by the contract's page catalogue; their paths are resolved from it here. Every screen's code is
 * loaded lazily (features' `lazyScreen`), so this table pulls no screen into the first load. Cross-feature pieces (the
 * Create Bucket button on the object browser's bucket list) are handed in here, so features never
 * import each other.
 */
import { Route, Routes } from 'react-router';
import { ACCOUNT_ROUTES } from '../features/account/routes.js';
import { AUTH_PUBLIC_ROUTES } from '../features/auth/routes.js';
import { BUCKETS_ROUTES, CreateBucketButton } from '../features/buckets/routes.js';
import { HEAL_ROUTES } from '../features/heal/routes.js';
import { IAM_ROUTES } from '../features/iam/routes.js';
import { objectsRoutes } from '../features/objects/routes.js';
import { AuditLogsView, logsRoutes } from '../features/logs/routes.js';
import { SETTINGS_ROUTES } from '../features/settings/routes.js';
import { TRACE_ROUTES } from '../features/trace/routes.js';
import { DIAGNOSTICS_ROUTES } from '../features/diagnostics/routes.js';
import { WATCH_ROUTES } from '../features/watch/routes.js';
import { DASHBOARD_ROUTES } from '../features/dashboard/routes.js';
import { LICENSE_ROUTES } from '../features/license/routes.js';
import { TENANTS_ROUTES } from '../features/tenants/routes.js';
import { STORAGE_ROUTES } from '../features/storage/routes.js';
import { TENANT_CREATE_ROUTES } from '../features/tenant-create/routes.js';
import { resolveScreens, type FeatureRoute } from '../shared/routing.js';
import { AppLayout } from './layout/app-layout.js';
import { SessionGate } from './session-gate.js';

export const FEATURE_ROUTES: readonly FeatureRoute[] = resolveScreens([
  ...objectsRoutes({ createBucketAction: <CreateBucketButton /> }),
  ...BUCKETS_ROUTES,
  ...ACCOUNT_ROUTES,
  ...IAM_ROUTES,
  ...SETTINGS_ROUTES,
  ...TRACE_ROUTES,
  ...logsRoutes({ auditLogs: <AuditLogsView /> }),
  ...DIAGNOSTICS_ROUTES,
  ...HEAL_ROUTES,
  ...WATCH_ROUTES,
  ...DASHBOARD_ROUTES,
  ...LICENSE_ROUTES,
  ...TENANTS_ROUTES,
  ...STORAGE_ROUTES,
  ...TENANT_CREATE_ROUTES,
]);

export function AppRoutes() {
  return (
    <Routes>
      {AUTH_PUBLIC_ROUTES.map((route) => (
        <Route key={route.path} path={route.path} element={route.element} />
      ))}
      <Route
        path="/*"
        element={
          <SessionGate>
            <AppLayout routes={FEATURE_ROUTES} />
          </SessionGate>
        }
      />
    </Routes>
  );
}
