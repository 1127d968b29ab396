/**
 * The public screens of the auth feature, outside the main layout (spec 1 §2).
 */
import { LoginPage } from './components/login-page.js';
import { OAuthCallbackPage } from './components/oauth-callback-page.js';

export const AUTH_PUBLIC_ROUTES = [
  { path: '/login', element: <LoginPage /> },
  { path: '/oauth_callback', element: <OAuthCallbackPage /> },
];

export { useLogout } from './api/logout.js';
