/**
 * Single sign-on end to end (issue 13 proof; user need 14, SSO loops and callback errors), in a
 * real Chromium against the real engine, the console and a real OpenID provider (the test
 * provider on `oidc-provider`, with its own sign-in page): the login screen offers 'Login with
 * SSO'; the provider's page signs the user in and sends the browser back through /oauth_callback
 * into the console, whose menu shows the pages the policy claim allows; an error the provider
 * sends back shows as 'IDP Error:'; a callback that cannot complete lands on /login with the
 * reason in the banner, never silently. axe-clean, photographed light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  startOidcProvider,
  type TestOidcProvider,
} from '../packages/engine/test/helpers/identity/oidc-provider.js';
import {
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { freePort, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { LoginPage } from './pages/login-page.js';

const CLIENT_ID = 'coffer-console';
const CLIENT_SECRET = 'e2e-console-client-secret';

let idp: TestOidcProvider;
let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'sso', name);

beforeAll(async () => {
  const consolePort = await freePort();
  idp = await startOidcProvider({
    users: [{ username: 'ada', password: 'ada-password', policy: 'readwrite' }],
    clients: [
      {
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
        redirectUris: [`http://127.0.0.1:${consolePort}/oauth_callback`],
      },
    ],
  });
  stack = await startStack({
    consolePort,
    engineEnv: Object.fromEntries(
      Object.entries(idp.identityOpenIdConfig()).map(([k, v]) => [
        `MINIO_IDENTITY_OPENID_${k.toUpperCase()}`,
        v,
      ]),
    ),
    consoleArgs: [
      '--idp-config-url',
      idp.configUrl,
      '--idp-client-id',
      CLIENT_ID,
      '--idp-scopes',
      `openid,profile,${idp.claimName}`,
    ],
    consoleEnv: { CONSOLE_IDP_SECRET: CLIENT_SECRET },
  });
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'sso', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  await idp?.close();
});

describe('Single sign-on in Chromium', () => {
  it("signs in through the provider's own page and shows the pages the claim's policy allows", async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await page.getByRole('heading', { name: 'Welcome' }).waitFor();
    expect(await login.ssoLink.textContent()).toBe('Login with SSO');
    await check('login-redirect');
    await login.ssoLink.click();
    // The provider's page, not the console's.
    await page.waitForURL((url) => url.origin === idp.issuer);
    await page.locator('#username').fill('ada');
    await page.locator('#password').fill('ada-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId(TEST_IDS.layout.sidebar).waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(stack.consoleUrl).origin);
    // readwrite: buckets and objects, none of the admin screens.
    await page.getByTestId(TEST_IDS.layout.menuItem('/buckets')).waitFor();
    expect(await page.getByTestId(TEST_IDS.layout.menuItem('/users')).count()).toBe(0);
    expect(await page.getByTestId(TEST_IDS.layout.menuItem('/settings')).count()).toBe(0);
    await check('signed-in');
  });

  it('shows why a callback could not complete on the login screen, not a silent return', async () => {
    // A fresh browser signs in, then opens its callback address again: its state is spent.
    const context = await browser.browser.newContext();
    const other = await context.newPage();
    try {
      const login = new LoginPage(other, stack.consoleUrl);
      await login.open();
      const href = (await login.ssoLink.getAttribute('href')) ?? '';
      await login.ssoLink.click();
      await other.waitForURL((url) => url.origin === idp.issuer);
      await other.locator('#username').fill('ada');
      await other.locator('#password').fill('ada-password');
      // Note the callback address the provider sends the browser to.
      const callbacks: string[] = [];
      other.on('framenavigated', (frame) => {
        if (frame === other.mainFrame() && frame.url().includes('/oauth_callback'))
          callbacks.push(frame.url());
      });
      await other.getByRole('button', { name: 'Sign in' }).click();
      await other.getByTestId(TEST_IDS.layout.sidebar).waitFor();
      expect(href).toContain('code_challenge=');
      const callback = callbacks[0];
      expect(callback).toBeDefined();
      await other.goto(callback ?? '');
      await other.waitForURL((url) => url.pathname === '/login');
      const banner = other.getByTestId(TEST_IDS.login.errorBanner);
      await banner.waitFor();
      expect(await banner.textContent()).toBe(
        "This sign-in has already been completed. Start again with 'Login with SSO'.",
      );
    } finally {
      await context.close();
    }
  });

  it("shows the provider's own error on the callback as 'IDP Error:'", async () => {
    const context = await browser.browser.newContext();
    const other = await context.newPage();
    try {
      const login = new LoginPage(other, stack.consoleUrl);
      await login.open();
      // Ask the provider not to show its page: without a session it answers login_required.
      const href = new URL((await login.ssoLink.getAttribute('href')) ?? '');
      href.searchParams.set('prompt', 'none');
      await other.goto(href.href);
      const error = other.getByTestId(TEST_IDS.oauthCallback.idpError);
      await error.waitFor();
      expect(await error.textContent()).toMatch(/^IDP Error: login_required \S/);
      expect(new URL(other.url()).pathname).toBe('/oauth_callback');
      page = other;
      await check('idp-error');
    } finally {
      page = browser.page;
      await context.close();
    }
  });
});
