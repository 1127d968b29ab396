/**
 * Route-level code splitting: each screen's component is loaded with `React.lazy` when its route
 * first renders, so the first load holds only the shell and grows by nothing as areas are added.
 * While a screen's code loads, its place in the layout shows a loading state: the side menu and
 * header stay put (the fallback fills the main area, so nothing jumps), the spinner appears only
 * if loading takes long enough to notice, and screen readers hear a polite status. A screen whose
 * code cannot be fetched (offline, or the console was upgraded and the old chunk is gone) shows an
 * alert with Reload instead of leaving the page blank.
 */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Component, Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../selectors.js';

/** The loading state of a screen whose code is on its way. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center
      mih="50vh"
      role="status"
      aria-live="polite"
      className="screen-loading"
      data-testid={TEST_IDS.layout.screenLoading}
    >
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** What replaces a screen whose code could not be fetched. */
function ScreenLoadFailed() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="50vh" data-testid={TEST_IDS.layout.screenLoadFailed}>
      <Stack align="center" gap="xs" role="alert">
        <Text>{t('screenLoadFailed')}</Text>
        <Button variant="outline" onClick={() => window.location.reload()}>
          {t('reload')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Catches a failed chunk load below it (the only error a lazy boundary adds). */
class ScreenLoadBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ScreenLoadFailed />;
  }
}

/**
 * A screen component loaded on first render: `lazyScreen(() => import('./users-page.js'),
 * 'UsersPage')`. The module's named export is used (the features export components by name).
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): ComponentType<P> {
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await load())[name] }));
  function Screen(props: P) {
    return (
      <ScreenLoadBoundary>
        <Suspense fallback={<ScreenLoading />}>
          <Lazy {...props} />
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  Screen.displayName = `Lazy(${name})`;
  return Screen;
}
