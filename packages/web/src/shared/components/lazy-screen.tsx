/**
 * Route-level code splitting: each screen's component is loaded with `React.lazy` when its route
 * first renders, so the first load holds only the shell and grows by nothing as areas are added.
 * While a screen's code loads, its place in the layout shows a loading state: the side menu and
 * header stay put (the fallback fills the main area, so nothing jumps), the spinner appears only
 * if loading takes long enough to notice, and screen readers hear a polite status. A screen whose
 * code cannot be fetched (offline, or the console was upgraded and the old chunk is gone) shows an
 * alert with Reload instead of leaving the page blank. A screen names the catalogue namespaces its
 * area uses: they are fetched alongside its code (in the current language, again after a switch
 * of language if they are not there yet), and the screen renders only once both arrived, so it
 * never shows raw keys; a catalogue that cannot be fetched fails the screen like its code.
 */
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { Component, Suspense, lazy, use } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasCatalogues, loadCatalogues } from '../../i18n/catalogue-loader.js';
import type { Namespace } from '../../i18n/namespaces.js';
import { SHELL_TEST_IDS } from '../test-ids.js';

/** The loading state of a screen whose code is on its way. */
export function ScreenLoading() {
  const { t } = useTranslation();
  return (
    <Center
      mih="50vh"
      role="status"
      aria-live="polite"
      className="screen-loading"
      data-testid={SHELL_TEST_IDS.layout.screenLoading}
    >
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** What replaces a screen whose code could not be fetched. */
function ScreenLoadFailed() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="50vh" data-testid={SHELL_TEST_IDS.layout.screenLoadFailed}>
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
 * Renders its children once the namespaces are there in the current language, and suspends while
 * they are fetched (a catalogue that cannot be fetched throws to the load boundary). It suspends
 * itself rather than through a child that renders nothing: when the fetch ends while React is
 * still rendering, React replays only the component that suspended, and a child returning null
 * would then leave the screen blank (seen in a CI run: an empty main area, no spinner).
 * `useTranslation` re-renders it when the language changes, before the screen.
 */
function Catalogues({ namespaces, children }: { namespaces: readonly Namespace[]; children: ReactNode }) {
  const { i18n } = useTranslation();
  if (!hasCatalogues(i18n, i18n.language, namespaces)) use(loadCatalogues(i18n, namespaces));
  return children;
}

/**
 * A screen component loaded on first render: `lazyScreen(() => import('./users-page.js'),
 * 'UsersPage', ['iam'])`. The module's named export is used (the features export components by
 * name); `catalogues` are the area's namespaces beyond the shell's (`SHELL_NAMESPACES`).
 */
export function lazyScreen<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  catalogues: readonly Namespace[],
): ComponentType<P> {
  let code: Promise<Record<K, ComponentType<P>>> | undefined;
  const loadCode = () => (code ??= load());
  const Lazy = lazy<ComponentType<P>>(async () => ({ default: (await loadCode())[name] }));
  function Screen(props: P) {
    // The code's fetch starts now, not after the catalogues' (a failure surfaces through `Lazy`).
    loadCode().catch(() => undefined);
    return (
      <ScreenLoadBoundary>
        <Suspense fallback={<ScreenLoading />}>
          <Catalogues namespaces={catalogues}>
            <Lazy {...props} />
          </Catalogues>
        </Suspense>
      </ScreenLoadBoundary>
    );
  }
  Screen.displayName = `Lazy(${name})`;
  return Screen;
}
