/**
 * The public screens of the auth feature, outside the main layout (spec 1 §2), each loaded lazily.
 */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import { pagePath } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

// The login screens' texts are the shell's (`SHELL_NAMESPACES`): nothing to fetch with them.
const CATALOGUES: readonly Namespace[] = [];

const LoginPage = lazyScreen(() => import('./components/login-page.js'), 'LoginPage', CATALOGUES);
const OAuthCallbackPage = lazyScreen(
  () => import('./components/oauth-callback-page.js'),
  'OAuthCallbackPage',
  CATALOGUES,
);

export const AUTH_PUBLIC_ROUTES = [
  { path: pagePath('login'), element: <LoginPage /> },
  // The identity provider's redirect target (spec 1 §5), not a page of the session's list.
  { path: '/oauth_callback', element: <OAuthCallbackPage /> },
];

export { useLogout } from './api/logout.js';
