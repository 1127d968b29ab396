/**
 * The whole app in the test document: the language starts from the browser and follows the
 * picker at once — every text, `<html lang>` — and a pick survives a reload; the theme follows the
 * system's dark preference until the user picks, and the pick wins.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOGUE_LOADERS } from '../i18n/catalogue-loader.js';
import { createApiClient } from '../lib/api-client.js';
import { TEST_IDS } from '../selectors.js';
import { fakeFetch } from '../test/render.js';
import { App, createAppI18n } from './app.js';

const originalMatchMedia = window.matchMedia;

/** A system that prefers a dark (or light) colour scheme. */
function preferDark(dark: boolean): void {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: dark && query.includes('prefers-color-scheme: dark'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

/** The app as main.tsx starts it: its texts first (the starting language's catalogues), then it. */
async function renderApp() {
  const { fetch } = fakeFetch((call) =>
    call.url.endsWith('/login')
      ? { status: 200, body: { loginStrategy: 'form' } }
      : { status: 401, body: {} },
  );
  const i18n = await createAppI18n();
  return render(<App client={createApiClient({ basePath: '', fetch })} i18n={i18n} />);
}

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/login');
});

afterEach(() => {
  Object.defineProperty(window, 'matchMedia', { configurable: true, value: originalMatchMedia });
  window.localStorage.clear();
});

describe('language', () => {
  it('switches every text and <html lang> at once, and keeps the pick after a reload', async () => {
    preferDark(false);
    const first = await renderApp();
    await screen.findByTestId(TEST_IDS.login.accessKey);
    expect(screen.getByRole('heading', { name: 'Console Login' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');

    await act(async () => {
      fireEvent.change(screen.getByTestId(TEST_IDS.preferences.language), { target: { value: 'de' } });
    });
    expect(await screen.findByRole('heading', { name: 'Konsolen-Anmeldung' })).toBeTruthy();
    expect(screen.getByLabelText('Benutzername')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Coffer Konsole');
    first.unmount();

    await renderApp();
    await screen.findByTestId(TEST_IDS.login.accessKey);
    expect(screen.getByRole('heading', { name: 'Konsolen-Anmeldung' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
  });
});

describe('a language that cannot be fetched', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is not switched to: the texts and the stored pick stay, and a notification says why', async () => {
    preferDark(false);
    // Offline, or the console was upgraded and the old chunk is gone.
    vi.spyOn(CATALOGUE_LOADERS.de, 'common').mockRejectedValue(new TypeError('Failed to fetch'));
    await renderApp();
    await screen.findByTestId(TEST_IDS.login.accessKey);
    await act(async () => {
      fireEvent.change(screen.getByTestId(TEST_IDS.preferences.language), { target: { value: 'de' } });
    });
    expect(
      (await screen.findByText('Deutsch could not be loaded; the texts stay as they are.')).textContent,
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Console Login' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(window.localStorage.length).toBe(0);
  });
});

describe('theme', () => {
  it("follows the system's dark preference until the user picks, and the pick wins", async () => {
    preferDark(true);
    const first = await renderApp();
    await screen.findByTestId(TEST_IDS.login.accessKey);
    const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
    expect(scheme()).toBe('dark');
    expect(screen.queryByTestId(TEST_IDS.preferences.systemScheme)).toBeNull();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Switch to the light theme' }));
    });
    expect(scheme()).toBe('light');
    first.unmount();

    await renderApp();
    await screen.findByTestId(TEST_IDS.login.accessKey);
    expect(scheme()).toBe('light');
    // Back to the system's preference.
    await act(async () => {
      fireEvent.click(screen.getByTestId(TEST_IDS.preferences.systemScheme));
    });
    expect(scheme()).toBe('dark');
  });
});
