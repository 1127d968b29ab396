/**
 * Catalogues fetched on demand (decision 0027), end to end in Chromium against the real stack: a
 * browser that speaks German gets German from the first render — on the login screen and on fresh
 * loads of area screens whose catalogues are fetched with them — and never a heading in English or
 * a raw catalogue key, not even for a moment (every `<h1>` text the page ever showed is recorded
 * from before the app's first script runs). Screenshots and an axe scan of two German screens,
 * under test-results/screenshots/catalogues-*.png.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { de } from '../packages/web/src/i18n/locales/de/index.js';
import { en } from '../packages/web/src/i18n/locales/en/index.js';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { expectAccessible, openBrowserPage, screenshotIfFailed } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { LoginPage } from './pages/login-page.js';

type Tree = { readonly [key: string]: string | Tree };

/** Every key path of a catalogue ('users.title') and its English texts. */
function flatten(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );
}
const entries = Object.entries(en as unknown as Record<string, Tree>).flatMap(([ns, tree]) =>
  flatten(tree).map(([key, text]) => [ns, key, text] as const),
);
/** What a missing text would show: a key, bare or with its namespace. */
const RAW_KEYS = new Set(entries.flatMap(([ns, key]) => [key, `${ns}:${key}`]));
/** English texts German words differently (so seeing one means English was shown). */
const ENGLISH_ONLY = new Set(
  entries.map(([, , text]) => text).filter((text) => !JSON.stringify(de).includes(JSON.stringify(text))),
);

let stack: Stack;
let browser: BrowserPage;
let page: Page;

/** Every `<h1>` text shown since the page (re)loaded, in order. */
const headings = (): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { headings: string[] }).headings);

/** The visible texts of the page, one per line. */
const texts = async (): Promise<string[]> =>
  (await page.locator('body').innerText()).split('\n').map((line) => line.trim());

function expectGermanOnly(shown: string[]): void {
  expect(
    shown.filter((text) => RAW_KEYS.has(text)),
    'raw keys',
  ).toEqual([]);
  expect(
    shown.filter((text) => ENGLISH_ONLY.has(text)),
    'English texts',
  ).toEqual([]);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({ locale: 'de-DE' });
  page = browser.page;
  // Before any script of the page: record each heading text the moment it is in the document.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => {
      for (const h1 of document.querySelectorAll('h1')) {
        const text = h1.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
});

afterEach(({ task }) => screenshotIfFailed(page, 'catalogues', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('a German browser, fresh loads', () => {
  it('shows the login screen in German from its first render', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await login.accessKey.waitFor();
    expect(await headings()).toEqual([de.auth.consoleLogin]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expectGermanOnly(await texts());
    await login.login(ROOT_USER, ROOT_PASSWORD);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    expect((await headings()).at(-1)).toBe(de.objects.title);
    expectGermanOnly([...(await headings()), ...(await texts())]);
  });

  it.each([
    ['/users', TEST_IDS.users.screen, de.iam.users.title, 'users'],
    ['/settings', TEST_IDS.settings.screen, de.settings.title, 'settings'],
  ])('loads %s in German with its area catalogue, never a raw key', async (path, screen, title, name) => {
    await page.goto(`${stack.consoleUrl}${path}`);
    await page.getByTestId(screen).waitFor();
    await page.locator('h1').first().waitFor();
    expect(await headings()).toEqual([title]);
    expectGermanOnly(await texts());
    await expectAccessible(page, 'catalogues', `${name}-de-light`);
  });
});
