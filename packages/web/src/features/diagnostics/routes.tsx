/** The diagnostics feature's screen: /health-info (spec 2 §2 Diagnostic page), loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['diagnostics'];

const DiagnosticsPage = lazyScreen(
  () => import('./components/diagnostics-page.js'),
  'DiagnosticsPage',
  CATALOGUES,
);

export const DIAGNOSTICS_ROUTES: PageScreen[] = [{ page: 'health-info', element: <DiagnosticsPage /> }];
