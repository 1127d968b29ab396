/** The license feature's screen: /license (spec 2 §2 License page), loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['license'];

const LicensePage = lazyScreen(() => import('./components/license-page.js'), 'LicensePage', CATALOGUES);

export const LICENSE_ROUTES: PageScreen[] = [{ page: 'license', element: <LicensePage /> }];
