/**
 * One browser page for a test file's ordered steps: Chromium with a fresh context (1366×860,
 * reduced motion, the light scheme, en-US) and the page's uncaught errors collected; a screenshot
 * plus axe scan of the current screen; a screenshot named after a failed step.
 */
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';

export interface BrowserPage {
  browser: Browser;
  page: Page;
  /** Messages of the page's uncaught errors, in order. */
  errors: string[];
}

export async function openBrowserPage(): Promise<BrowserPage> {
  const browser = await launchBrowser();
  const context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { browser, page, errors };
}

/** Saves `{prefix}-{name}.png` and fails on any serious or critical axe violation on the screen. */
export async function expectAccessible(page: Page, prefix: string, name: string): Promise<void> {
  await screenshot(page, `${prefix}-${name}`);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
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
