/** The trace feature's screen (spec 2 §2 Trace), loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['trace'];

const TracePage = lazyScreen(() => import('./components/trace-page.js'), 'TracePage', CATALOGUES);

export const TRACE_ROUTES: PageScreen[] = [{ page: 'trace', element: <TracePage /> }];
