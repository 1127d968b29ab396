import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import type { i18n } from 'i18next';
import { startTransition } from 'react';
import type { ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/create-i18n.js';
import { loadLanguage } from '../../i18n/catalogue-loader.js';
import type { Namespace } from '../../i18n/namespaces.js';
import { TEST_IDS } from '../../selectors.js';
import { renderWithApp } from '../../test/render.js';
import { lazyScreen } from './lazy-screen.js';

function Greeting({ name }: { name: string }) {
  return <h1>Hello {name}</h1>;
}

describe('lazyScreen', () => {
  it('shows a polite loading status until the code arrives, then the screen with its props', async () => {
    let arrive: (module: { Greeting: typeof Greeting }) => void = () => undefined;
    const module = new Promise<{ Greeting: typeof Greeting }>((resolve) => (arrive = resolve));
    const Screen = lazyScreen(() => module, 'Greeting', []);
    renderWithApp(<Screen name="Ada" />, { handler: () => ({ status: 404 }) });

    const loading = screen.getByTestId(TEST_IDS.layout.screenLoading);
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.getAttribute('aria-live')).toBe('polite');
    expect(screen.queryByRole('heading')).toBeNull();

    arrive({ Greeting });
    expect((await screen.findByRole('heading')).textContent).toBe('Hello Ada');
    expect(screen.queryByTestId(TEST_IDS.layout.screenLoading)).toBeNull();
  });
});

describe('lazyScreen when the code cannot be fetched', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows an alert with Reload instead of a blank page', async () => {
    // React reports the caught error on the console; the boundary is what is under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Screen = lazyScreen<'Greeting', { name: string }>(
      () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      'Greeting',
      [],
    );
    renderWithApp(<Screen name="Ada" />, { handler: () => ({ status: 404 }) });
    const failed = await screen.findByTestId(TEST_IDS.layout.screenLoadFailed);
    expect(screen.getByRole('alert').textContent).toContain('This screen could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(failed).toBeTruthy();
  });
});

describe("lazyScreen and its area's catalogues", () => {
  afterEach(() => vi.restoreAllMocks());

  /** A screen of the heal area that records every title it rendered (a raw key included). */
  function healScreen(namespaces: readonly Namespace[]) {
    const rendered: string[] = [];
    function HealTitle() {
      const { t } = useTranslation('heal');
      const title = t('title');
      rendered.push(title);
      return <h1>{title}</h1>;
    }
    return { Screen: lazyScreen(() => Promise.resolve({ HealTitle }), 'HealTitle', namespaces), rendered };
  }

  /** Rendered as the app does; awaited, as a screen suspended on its catalogues needs in a test. */
  const renderIn = (instance: i18n, ui: ReactElement) =>
    act(async () => {
      render(
        <I18nextProvider i18n={instance}>
          <MantineProvider>{ui}</MantineProvider>
        </I18nextProvider>,
      );
    });

  it('renders the screen only once its namespace arrived, in the current language and after a switch', async () => {
    const instance = await createI18n('en');
    expect(instance.hasResourceBundle('en', 'heal')).toBe(false);
    const { Screen, rendered } = healScreen(['heal']);
    await renderIn(instance, <Screen />);
    expect((await screen.findByRole('heading')).textContent).toBe('Heal');
    expect(await loadLanguage(instance, 'de')).toBe(true);
    await act(() => instance.changeLanguage('de'));
    expect((await screen.findByRole('heading')).textContent).toBe('Reparatur');
    expect(rendered).not.toContain('title');
    expect(new Set(rendered)).toEqual(new Set(['Heal', 'Reparatur']));
  });

  it('renders the screen when its catalogue arrives while React is still rendering (a concurrent render)', async () => {
    const instance = await createI18n('en');
    const { Screen } = healScreen(['heal']);
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    // Outside act and in a transition, as the router renders: React waits for a quickly settled
    // promise and replays only the component that suspended on it.
    startTransition(() =>
      root.render(
        <I18nextProvider i18n={instance}>
          <MantineProvider>
            <Screen />
          </MantineProvider>
        </I18nextProvider>,
      ),
    );
    await vi.waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Heal'));
    root.unmount();
    container.remove();
  });

  it('shows raw keys when a screen does not name its namespace (what the declaration prevents)', async () => {
    const instance = await createI18n('en');
    const { Screen, rendered } = healScreen([]);
    await renderIn(instance, <Screen />);
    await screen.findByRole('heading');
    expect(rendered).toContain('title');
  });

  it('fails the screen, with Reload, when its catalogue cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const instance = await createI18n('en');
    const { Screen } = healScreen(['no-such-area' as Namespace]);
    await renderIn(instance, <Screen />);
    await screen.findByTestId(TEST_IDS.layout.screenLoadFailed);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });
});
