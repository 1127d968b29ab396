/** The Heal screen (spec 2 §2 Heal page), the catalogue's `heal` page; loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['heal'];

const HealPage = lazyScreen(() => import('./components/heal-page.js'), 'HealPage', CATALOGUES);

export const HEAL_ROUTES: PageScreen[] = [{ page: 'heal', element: <HealPage /> }];
