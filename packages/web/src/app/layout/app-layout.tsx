/**
 * The signed-in shell: the side menu and the routed screen. Routes come from the features and exist
 * only when the session allows their page (spec 1 §2). '/' and made-up paths go to the first allowed
 * page; paths under a known section that this session cannot open (not allowed, or not built yet)
 * show '404 Not Found'. The side menu is hidden on /metrics and on paths ending in /hop. Above
 * every screen, the restart banner (spec 3 §2) when the server waits for a restart.
 */
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useRoutes } from 'react-router';
import { SHELL_TEST_IDS } from '../../shared/test-ids.js';
import { useSession } from '../../shared/session/session-context.js';
import type { FeatureRoute } from '../../shared/routing.js';
import { useLogout } from '../../features/auth/routes.js';
import { RestartBanner } from '../../features/settings/routes.js';
import { firstAllowedPath, isKnownSection, visibleMenu } from './menu.js';
import { NotFound } from './not-found.js';
import { SIDEBAR_WIDTH, Sidebar } from './sidebar.js';

function UnknownRoute({ first }: { first: string | undefined }) {
  const { pathname } = useLocation();
  if (first !== undefined && !isKnownSection(pathname)) return <Navigate to={first} replace />;
  return <NotFound />;
}

export function AppLayout({ routes }: { routes: readonly FeatureRoute[] }) {
  const { t } = useTranslation(['layout', 'common']);
  const session = useSession();
  const { pathname } = useLocation();
  const [mobileOpen, { toggle }] = useDisclosure(false);
  const logout = useLogout();
  const builtPages = useMemo(() => new Set(routes.map((r) => r.page)), [routes]);
  const groups = useMemo(
    () =>
      visibleMenu({ pages: session.pages, builtPages, distributedMode: session.distributedMode === true }),
    [session, builtPages],
  );
  const first = firstAllowedPath(groups);
  const allowed = new Set(session.pages);
  const element = useRoutes([
    ...routes.filter((r) => allowed.has(r.page)).map((r) => ({ path: r.path, element: r.element })),
    { index: true, element: first === undefined ? <NotFound /> : <Navigate to={first} replace /> },
    { path: '*', element: <UnknownRoute first={first} /> },
  ]);
  const hideSidebar = pathname === '/metrics' || pathname.endsWith('/hop');

  return (
    <AppShell
      header={{ height: 48, collapsed: hideSidebar, offset: false }}
      navbar={{
        width: SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpen, desktop: hideSidebar },
      }}
      padding="lg"
    >
      <AppShell.Header hiddenFrom="sm">
        <Group h="100%" px="md">
          <Burger opened={mobileOpen} onClick={toggle} size="sm" aria-label={t('toggleMenu')} />
          <Text fw={800} c="light-dark(var(--mantine-color-indigo-7), var(--mantine-color-indigo-3))">
            {t('common:productName')}
          </Text>
        </Group>
      </AppShell.Header>
      {!hideSidebar && (
        <AppShell.Navbar>
          <Sidebar groups={groups} onLogout={() => logout.mutate()} />
        </AppShell.Navbar>
      )}
      <AppShell.Main data-testid={SHELL_TEST_IDS.layout.main}>
        <RestartBanner />
        {element}
      </AppShell.Main>
    </AppShell>
  );
}
