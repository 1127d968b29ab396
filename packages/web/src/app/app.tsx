/**
 * The app's providers, outermost first: the texts (i18next, language from the stored pick or the
 * browser, created by `createAppI18n` before the first render), theme (Mantine, light and dark,
 * following the operating system until the user picks), the API client, the query client with the
 * global failure rule, notifications, and the router under the detected base path. Everything else
 * stateful is created here, once per app instance, and passed down.
 */
import { Loader, MantineProvider, Notification, createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';
import { Notifications, createNotificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { TFunction, i18n } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router';
import { createI18n } from '../i18n/create-i18n.js';
import { initialLanguage, readStoredLanguage } from '../i18n/languages.js';
import type { ApiClient } from '../lib/api-client.js';
import { ApiClientProvider } from '../shared/api/api-client-context.js';
import { NotifyProvider, createNotify } from '../shared/components/notify.js';
import { SESSION_KEY } from '../shared/session/get-session.js';
import { createQueryClient } from './query-client.js';
import { TransfersProvider } from '../features/objects/api/transfers-provider.js';
import { AppRoutes } from './routes.js';

/** The theme; its only texts are the close buttons' names, in the current language. */
const createAppTheme = (t: TFunction): MantineThemeOverride =>
  createTheme({
    primaryColor: 'indigo',
    // Darker shades than Mantine's default keep white button text above 4.5:1 contrast (WCAG AA).
    primaryShade: { light: 7, dark: 8 },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    // Users who ask their system for less motion get no modal and notification animations.
    respectReducedMotion: true,
    components: {
      // Every close button gets a name screen readers can announce.
      // (A plain object, not `Modal.extend`: importing Modal here would put it, its scroll lock and
      // its focus trap in the first load; only screens open modals.)
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('actions.close') } } },
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': t('actions.closeNotification') } },
      }),
      // A spinner is a status: its 'Loading…' name is announced, and an aria-label on an element
      // without a role is not allowed (axe's aria-prohibited-attr, seen when a page was caught loading).
      Loader: Loader.extend({ defaultProps: { role: 'status' } }),
    },
  });

/**
 * Dimmed text one shade darker than Mantine's default, and links and validation errors darker than
 * Mantine's light-scheme defaults, for 4.5:1 contrast on white and on a hovered table row (WCAG AA);
 * in the dark scheme validation errors one shade lighter than Mantine's, for the same contrast on a
 * modal's dark background.
 */
const CSS_VARIABLES: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
  },
});

/** Lets code created outside the router (the query client) navigate once the router is mounted. */
interface Navigator {
  attach(navigate: ((to: string) => void) | null): void;
  go(to: string): void;
}

function createNavigator(): Navigator {
  let current: ((to: string) => void) | null = null;
  return {
    attach: (navigate) => {
      current = navigate;
    },
    go: (to) => current?.(to),
  };
}

function NavigationBridge({ navigator }: { navigator: Navigator }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigator.attach((to) => void navigate(to, { replace: true }));
    return () => navigator.attach(null);
  }, [navigate, navigator]);
  return null;
}

/** Keeps `<html lang>` on the current language, for screen readers, hyphenation and spelling. */
function followLanguage(instance: i18n): void {
  const apply = (language: string) => {
    document.documentElement.lang = language;
  };
  apply(instance.language);
  instance.on('languageChanged', apply);
}

/**
 * The app's texts in the starting language (stored pick, else the browser's), resolved once that
 * language's shell catalogues are there: render the app only then.
 */
export async function createAppI18n(): Promise<i18n> {
  const instance = await createI18n(
    initialLanguage(readStoredLanguage(window.localStorage), window.navigator.languages),
  );
  followLanguage(instance);
  return instance;
}

export function App({ client, i18n }: { client: ApiClient; i18n: i18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ThemedApp client={client} />
    </I18nextProvider>
  );
}

function ThemedApp({ client }: { client: ApiClient }) {
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme(t), [t]);
  const [navigator] = useState(createNavigator);
  const [notificationsStore] = useState(createNotificationsStore);
  const [queryClient] = useState(() => {
    const notify = createNotify(notificationsStore);
    const created = createQueryClient({
      onAuthLost: () => {
        navigator.go('/login');
        created.removeQueries({ queryKey: SESSION_KEY });
      },
      onError: (error) => notify.error(error),
    });
    return created;
  });

  return (
    // 'auto' follows the operating system's preference until the user picks light or dark; Mantine
    // stores that pick in local storage and applies it before the first paint of the app.
    <MantineProvider theme={theme} defaultColorScheme="auto" cssVariablesResolver={CSS_VARIABLES}>
      <Notifications store={notificationsStore} position="bottom-right" />
      <ApiClientProvider client={client}>
        <QueryClientProvider client={queryClient}>
          <NotifyProvider store={notificationsStore}>
            <BrowserRouter basename={client.basePath === '' ? '/' : client.basePath}>
              <NavigationBridge navigator={navigator} />
              <TransfersProvider>
                <AppRoutes />
              </TransfersProvider>
            </BrowserRouter>
          </NotifyProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </MantineProvider>
  );
}
