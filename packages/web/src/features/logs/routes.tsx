/** The logs feature's screens: /logs (spec 2 §2), loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';

const LogsPage = lazyScreen(() => import('./components/logs-page.js'), 'LogsPage');

export const LOGS_ROUTES: PageScreen[] = [{ page: 'logs', element: <LogsPage /> }];
