/**
 * The console served under a sub-path (`--base-path /console`, user needs #13): one web build, the
 * server rewrites its <base href>, and sign-in, navigation, API calls and logout all stay under the
 * sub-path.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { launchBrowser, screenshot } from './harness/browser.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { LoginPage } from './pages/login-page.js';
import { Shell } from './pages/shell.js';

let stack: Stack;
let browser: Browser;
let page: Page;
const requests: string[] = [];

beforeAll(async () => {
  stack = await startStack({ basePath: '/console' });
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('Console under /console', () => {
  it('signs in, navigates and signs out without leaving the sub-path', async () => {
    expect(stack.consoleUrl.endsWith('/console')).toBe(true);
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await login.login(ROOT_USER, ROOT_PASSWORD);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/object-browser');

    await new Shell(page).menuItem('/buckets').click();
    await page.getByTestId(TEST_IDS.buckets.screen).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/buckets');
    await screenshot(page, 'sub-path-buckets');

    await new Shell(page).logout();
    expect(new URL(page.url()).pathname).toBe('/console/login');
    expect(requests.filter((path) => !path.startsWith('/console/'))).toEqual([]);
    expect(requests).toContain('/console/api/v1/session');
  });
});
