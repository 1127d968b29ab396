/**
 * The dashboard feature's screens (spec 2 §2): /dashboard and /metrics (the same screen; the
 * layout hides the side menu on /metrics), each of its catalogue page and loaded lazily.
 */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['dashboard'];

const DashboardPage = lazyScreen(() => import('./components/dashboard-page.js'), 'DashboardPage', CATALOGUES);

export const DASHBOARD_ROUTES: PageScreen[] = [
  { page: 'dashboard', element: <DashboardPage page="dashboard" /> },
  { page: 'metrics', element: <DashboardPage page="metrics" /> },
];
