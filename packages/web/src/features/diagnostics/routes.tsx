/** The diagnostics feature's screen: /health-info (spec 2 §2 Diagnostic page), loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';

const DiagnosticsPage = lazyScreen(() => import('./components/diagnostics-page.js'), 'DiagnosticsPage');

export const DIAGNOSTICS_ROUTES: PageScreen[] = [{ page: 'health-info', element: <DiagnosticsPage /> }];
