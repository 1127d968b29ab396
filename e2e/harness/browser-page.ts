/**
 * One browser page for a test file's ordered steps: Chromium with a fresh context (1366×860,
 * reduced motion, the light scheme, en-US, unless the file asks otherwise) and the page's uncaught
 * errors collected; a screenshot plus axe scan of the current screen, in one or both schemes; a
 * screenshot named after a failed step; the usual first step (root signs in, creates a bucket
 * through the console API).
 */
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { expect } from 'vitest';
import { LoginPage } from '../pages/login-page.js';
import { seriousViolations } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { ROOT_PASSWORD, ROOT_USER } from './stack.js';

export interface BrowserPage {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Messages of the page's uncaught errors, in order. */
  errors: string[];
}

/** Settled screenshots: modals and notifications appear without transitions under reduced motion. */
const DEFAULT_CONTEXT: BrowserContextOptions = {
  viewport: { width: 1366, height: 860 },
  reducedMotion: 'reduce',
  colorScheme: 'light',
  locale: 'en-US',
};

/** Launches Chromium with one page; `options` add to or replace the defaults above. */
export async function openBrowserPage(options: BrowserContextOptions = {}): Promise<BrowserPage> {
  const browser = await launchBrowser();
  const context = await browser.newContext({ ...DEFAULT_CONTEXT, ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { browser, context, page, errors };
}

/** Saves `{prefix}-{name}.png` and fails on any serious or critical axe violation on the screen. */
export async function expectAccessible(page: Page, prefix: string, name: string): Promise<void> {
  await screenshot(page, `${prefix}-${name}`);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Switches the system's scheme and waits until the page is drawn in it, colour transitions done. */
export async function inScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    scheme,
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * `expectAccessible` in the light and the dark scheme (`{name}-light`, `{name}-dark`; the app
 * follows the system's preference), then back to light.
 */
export async function expectAccessibleInBothSchemes(page: Page, prefix: string, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await inScheme(page, scheme);
    await expectAccessible(page, prefix, `${name}-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** For `afterEach`: a screenshot of the page as a failed step left it. */
export async function screenshotIfFailed(
  page: Page | undefined,
  prefix: string,
  task: { name: string; result?: { state?: string } },
): Promise<void> {
  if (task.result?.state !== 'fail' || page === undefined) return;
  await screenshot(page, `${prefix}-failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
}

/** Signs in as root through the login form and waits for the signed-in layout. */
export async function signInAsRoot(page: Page, consoleUrl: string): Promise<void> {
  const login = new LoginPage(page, consoleUrl);
  await login.open();
  await login.login(ROOT_USER, ROOT_PASSWORD);
}

/** Creates a bucket through the console API with the page's session; expects 201. */
export async function createBucket(
  page: Page,
  consoleUrl: string,
  data: { name: string; versioning?: boolean; locking?: boolean },
): Promise<void> {
  const created = await page.request.post(`${consoleUrl}/api/v1/buckets`, { data });
  expect(created.status(), `create bucket ${data.name}`).toBe(201);
}
