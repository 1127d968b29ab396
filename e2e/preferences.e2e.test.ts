/**
 * Language and theme end to end (issue 7, item 6), in a real Chromium against the real engine and
 * console server processes, with the operating system's dark preference emulated: the app is dark
 * before any pick; the language picker on the login screen switches every text to German at once
 * and the choice survives a reload and the sign-in; the signed-in menu is German; a pick of the
 * light theme wins over the system's dark preference, also after a reload; back to English from
 * the side menu. An axe scan (no serious or critical violations) and a screenshot of the login
 * screen and a signed-in screen in both languages and both themes, under
 * test-results/screenshots/preferences-*.png. The steps share one browser page and run in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { expectAccessible, openBrowserPage, screenshotIfFailed } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { LoginPage } from './pages/login-page.js';
import { Preferences } from './pages/preferences.js';
import { Shell } from './pages/shell.js';

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessible(page, 'preferences', name);

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({
    // The operating system prefers dark, and the browser speaks English.
    colorScheme: 'dark',
  });
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'preferences', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('language and theme in Chromium', () => {
  it('is dark from the start when the system prefers dark, and English for an English browser', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    const preferences = new Preferences(page);
    await login.open();
    await login.accessKey.waitFor();
    expect(await preferences.scheme()).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Console Login');
    // Nothing picked yet, so there is no way "back" to the system's theme to offer.
    expect(await preferences.systemScheme.count()).toBe(0);
    await check('01-login-en-dark');
  });

  it('switches the login screen to German at once, and keeps it after a reload', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    const preferences = new Preferences(page);
    await preferences.pickLanguage('de');
    await page.getByRole('heading', { name: 'Konsolen-Anmeldung' }).waitFor();
    expect(await login.submit.textContent()).toBe('Anmelden');
    expect(await page.getByLabel('Benutzername').count()).toBe(1);
    expect(await page.title()).toBe('Coffer Konsole');
    await check('02-login-de-dark');

    await page.reload();
    await login.accessKey.waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Konsolen-Anmeldung');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await preferences.language.inputValue()).toBe('de');
  });

  it('signs in and shows the menu in German, still dark', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    const shell = new Shell(page);
    await login.login(ROOT_USER, ROOT_PASSWORD);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    expect(await shell.menuItem('/object-browser').textContent()).toContain('Objekt-Browser');
    expect(await shell.menuItem('/users').textContent()).toContain('Benutzer');
    expect(await shell.menuItem('/documentation').textContent()).toContain('Dokumentation');
    expect(await page.getByTestId(TEST_IDS.layout.logout).textContent()).toContain('Abmelden');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Objekt-Browser');
    expect(await new Preferences(page).scheme()).toBe('dark');
    await check('03-signed-in-de-dark');
  });

  it("lets a pick of the light theme win over the system's dark preference, also after a reload", async () => {
    const preferences = new Preferences(page);
    expect(await preferences.colorSchemeToggle.getAttribute('aria-label')).toBe('Zum hellen Design wechseln');
    await preferences.colorSchemeToggle.click();
    await preferences.waitForScheme('light');
    await check('04-signed-in-de-light');

    await page.reload();
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    expect(await preferences.scheme()).toBe('light');
    await preferences.systemScheme.waitFor();
  });

  it('switches back to English from the side menu, texts change at once', async () => {
    const preferences = new Preferences(page);
    const shell = new Shell(page);
    await preferences.pickLanguage('en');
    await page.getByRole('heading', { name: 'Object Browser' }).waitFor();
    expect(await shell.menuItem('/users').textContent()).toContain('Users');
    expect(await page.getByTestId(TEST_IDS.layout.logout).textContent()).toContain('Logout');
    await check('05-signed-in-en-light');
  });

  it('scrolls the side menu (taller than the window) to its last entry with the wheel, the controls below staying put', async () => {
    const shell = new Shell(page);
    const last = await shell.menuItem('/documentation').elementHandle();
    // The menu's own scroll container is the parent of its <nav>; it starts at the top.
    expect(
      await last?.evaluate((item) => {
        const menu = item.closest('nav')?.parentElement as HTMLElement;
        return menu.scrollHeight > menu.clientHeight && menu.scrollTop === 0;
      }),
    ).toBe(true);
    await shell.menuItem('/object-browser').hover();
    await page.mouse.wheel(0, 2000);
    await page.waitForFunction((item) => {
      const menu = item?.closest('nav')?.parentElement as HTMLElement;
      return (item?.getBoundingClientRect().bottom ?? Infinity) <= menu.getBoundingClientRect().bottom + 0.5;
    }, last);
    const picker = await new Preferences(page).language.boundingBox();
    expect((picker?.y ?? Infinity) + (picker?.height ?? 0)).toBeLessThanOrEqual(860);
  });

  it('shows the login screen in the light pick in both languages, and follows the system again on request', async () => {
    const shell = new Shell(page);
    const preferences = new Preferences(page);
    await shell.logout();
    await page.getByTestId(TEST_IDS.login.accessKey).waitFor();
    expect(await preferences.scheme()).toBe('light');
    await check('06-login-en-light');
    await preferences.pickLanguage('de');
    await page.getByRole('heading', { name: 'Konsolen-Anmeldung' }).waitFor();
    await check('07-login-de-light');

    await preferences.systemScheme.click();
    await preferences.waitForScheme('dark');
    expect(await preferences.systemScheme.count()).toBe(0);
    expect(browser.errors).toEqual([]);
  });
});
