/** The account screen (spec 2 §2 Account page), under the session's '/account' page. */
import type { FeatureRoute } from '../../shared/routing.js';
import { AccountPage } from './components/account-page.js';

export const ACCOUNT_ROUTES: FeatureRoute[] = [
  { path: '/account', page: '/account', element: <AccountPage /> },
];
