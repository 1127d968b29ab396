/**
 * The tenants feature's screens (spec 3 §2): /tenants, and under a tenant's address
 * /namespaces/{tenantNamespace}/tenants/{tenantName} its tabs (the bare address goes to
 * …/summary), a pod's page and the hop. Each is loaded lazily. The Create New Tenant wizard is its
 * own feature (tenant-create), mounted at /tenants/add by the app.
 */
import { Navigate } from 'react-router';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['tenants'];

const TenantsPage = lazyScreen(() => import('./components/tenants-page.js'), 'TenantsPage', CATALOGUES);
const TenantTabPage = lazyScreen(() => import('./components/tenant-tabs.js'), 'TenantTabPage', CATALOGUES);
const PodDetailPage = lazyScreen(
  () => import('./components/pod-detail-page.js'),
  'PodDetailPage',
  CATALOGUES,
);
const TenantManagementPage = lazyScreen(
  () => import('./components/tenant-management-page.js'),
  'TenantManagementPage',
  CATALOGUES,
);

const TENANT = ':tenantNamespace/tenants/:tenantName';

export const TENANTS_ROUTES: PageScreen[] = [
  { page: 'tenants', element: <TenantsPage /> },
  { page: 'namespaces', subpath: TENANT, element: <Navigate to="summary" replace /> },
  { page: 'namespaces', subpath: `${TENANT}/summary`, element: <TenantTabPage tab="summary" /> },
  { page: 'namespaces', subpath: `${TENANT}/metrics`, element: <TenantTabPage tab="metrics" /> },
  { page: 'namespaces', subpath: `${TENANT}/security`, element: <TenantTabPage tab="security" /> },
  { page: 'namespaces', subpath: `${TENANT}/pools`, element: <TenantTabPage tab="pools" /> },
  { page: 'namespaces', subpath: `${TENANT}/pods`, element: <TenantTabPage tab="pods" /> },
  { page: 'namespaces', subpath: `${TENANT}/pods/:podName`, element: <PodDetailPage /> },
  { page: 'namespaces', subpath: `${TENANT}/license`, element: <TenantTabPage tab="license" /> },
  { page: 'namespaces', subpath: `${TENANT}/hop`, element: <TenantManagementPage /> },
];
