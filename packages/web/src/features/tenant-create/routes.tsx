/**
 * The Create New Tenant wizard's screen: /tenants/add, below the Tenants page (the tenant list's
 * 'Create Tenant' button links here), loaded lazily.
 */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['tenantCreate'];

const TenantCreatePage = lazyScreen(
  () => import('./components/tenant-create-page.js'),
  'TenantCreatePage',
  CATALOGUES,
);

/** The wizard's path below /tenants. */
export const TENANT_CREATE_SUBPATH = 'add';

export const TENANT_CREATE_ROUTES: PageScreen[] = [
  { page: 'tenants', subpath: TENANT_CREATE_SUBPATH, element: <TenantCreatePage /> },
];
