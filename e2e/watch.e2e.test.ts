/**
 * Watch end to end (spec 2 §2 Watch, §4 Watch; issue 11 proof "watch shows it"), in a real Chromium
 * against the real engine and console server: root opens Watch from the menu, picks a bucket and a
 * prefix and starts; the inputs lock; objects uploaded over S3 appear in the table (only those under
 * the prefix) with their size, event type and path; Stop returns to idle. Every state is scanned
 * with axe and photographed in both schemes (test-results/screenshots/watch-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  createBucket,
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
  signInAsRoot,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { rootS3Client } from './harness/root-s3.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { WatchPage } from './pages/watch-page.js';

const BUCKET = 'e2e-watch';
const ids = TEST_IDS.watch;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'watch', name);

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'watch', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Watch in Chromium', () => {
  it('opens from the menu, idle, with no changes', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });
    await page.getByTestId(TEST_IDS.layout.menuItem('/watch')).click();
    await page.getByTestId(ids.screen).waitFor();
    await page.getByTestId(ids.empty).waitFor();
    expect(await page.getByTestId(ids.empty).textContent()).toBe('No Changes at this time');
    // Start waits for a bucket of the list.
    expect(await page.getByTestId(ids.start).isDisabled()).toBe(true);
    await page.mouse.move(1300, 840);
    await check('idle');
  });

  it('starts for the chosen bucket and prefix, locks the inputs, and shows the uploads under the prefix', async () => {
    const watch = new WatchPage(page);
    await watch.start(BUCKET, 'docs/');
    for (const input of ['bucket', 'prefix', 'suffix'] as const) {
      expect(await watch.input(input).isDisabled(), input).toBe(true);
    }
    const s3 = rootS3Client(stack);
    await watch.waitUntilLive(s3, BUCKET, 'docs/');

    await s3.putObject(BUCKET, 'other/outside.txt', Buffer.from('not watched'));
    await s3.putObject(BUCKET, 'docs/report 2026.txt', Buffer.from('hello watch'));
    expect(await watch.rowText('docs/report 2026.txt', 's3:ObjectCreated:Put')).toContain('11 B');
    // Events arrive in order: the object outside the prefix, uploaded before, was never sent.
    expect(await watch.rows.filter({ hasText: 'other/outside.txt' }).count()).toBe(0);
    // Newest first.
    expect(await watch.rows.first().textContent()).toContain('docs/report 2026.txt');

    await s3.removeObject(BUCKET, 'docs/report 2026.txt');
    expect(await watch.rowText('docs/report 2026.txt', 's3:ObjectRemoved:Delete')).toContain('0 B');
    await page.mouse.move(1300, 840);
    await check('running');
  });

  it('Stop returns to idle with the inputs free again', async () => {
    const watch = new WatchPage(page);
    await watch.stop();
    for (const input of ['bucket', 'prefix', 'suffix'] as const) {
      expect(await watch.input(input).isDisabled(), input).toBe(false);
    }
    expect(await watch.rows.count()).toBeGreaterThan(0);
    expect(browser.errors).toEqual([]);
  });
});
