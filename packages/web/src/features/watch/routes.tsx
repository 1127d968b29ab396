/** The Watch feature's screen (spec 2 §2 Watch): /watch, loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['watch'];

const WatchPage = lazyScreen(() => import('./components/watch-page.js'), 'WatchPage', CATALOGUES);

export const WATCH_ROUTES: PageScreen[] = [{ page: 'watch', element: <WatchPage /> }];
