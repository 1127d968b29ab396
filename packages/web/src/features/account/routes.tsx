/** The account screen (spec 2 §2 Account page), the catalogue's `account` page; loaded lazily. */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';

const AccountPage = lazyScreen(() => import('./components/account-page.js'), 'AccountPage');

export const ACCOUNT_ROUTES: PageScreen[] = [{ page: 'account', element: <AccountPage /> }];
