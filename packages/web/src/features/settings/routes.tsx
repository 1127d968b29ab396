/**
 * The settings feature's screens (spec 3 §2): /settings and the logger and audit webhook screens,
 * each of its catalogue page and loaded lazily; and the restart banner the main layout shows above
 * every screen, loaded on its own so the first screen does not wait for it.
 */
import { Suspense } from 'react';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['settings'];

const SettingsPage = lazyScreen(() => import('./components/settings-page.js'), 'SettingsPage', CATALOGUES);
const WebhookPage = lazyScreen(() => import('./components/webhook-page.js'), 'WebhookPage', CATALOGUES);
const LazyRestartBanner = lazyScreen(
  () => import('./components/restart-banner.js'),
  'RestartBanner',
  CATALOGUES,
);

export const SETTINGS_ROUTES: PageScreen[] = [
  { page: 'settings', element: <SettingsPage /> },
  { page: 'webhook/logger', element: <WebhookPage kind="logger" /> },
  { page: 'webhook/audit', element: <WebhookPage kind="audit" /> },
];

/** The restart banner (spec 3 §2 "Restart banner"), for the main layout. */
export function RestartBanner() {
  return (
    <Suspense fallback={null}>
      <LazyRestartBanner />
    </Suspense>
  );
}
