/** The account screen (spec 2 §2 Account page), the catalogue's `account` page; loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['account'];

const AccountPage = lazyScreen(() => import('./components/account-page.js'), 'AccountPage', CATALOGUES);

export const ACCOUNT_ROUTES: PageScreen[] = [{ page: 'account', element: <AccountPage /> }];
