/**
 * The object browser on a big prefix, in Chromium against the real stack: 2,500 objects under one
 * folder (two and a half pages of 1000). The list shows the first page, keeps only the visible rows
 * in the DOM (virtualised), loads the next pages as the user scrolls, and 'Search Objects' finds an
 * object the browser has not loaded yet by asking the server. Objects are written straight to the
 * engine over S3 (minio-js), as any other client would.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { screenshot } from './harness/browser.js';
import { expectAccessible, openBrowserPage, signInAsRoot } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { rootS3Client } from './harness/root-s3.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { ObjectBrowserPage } from './pages/object-browser-page.js';

const BUCKET = 'e2e-big';
const COUNT = 2500;
const key = (i: number) => `many/obj-${String(i).padStart(5, '0')}.txt`;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

beforeAll(async () => {
  stack = await startStack();
  const s3 = rootS3Client(stack);
  await s3.makeBucket(BUCKET);
  // Sixteen writers at a time: enough to fill the prefix quickly on two cores.
  for (let start = 0; start < COUNT; start += 16) {
    const batch = Array.from({ length: Math.min(16, COUNT - start) }, (_, j) => start + j);
    await Promise.all(batch.map((i) => s3.putObject(BUCKET, key(i), Buffer.from(`object ${i}\n`))));
  }
  browser = await openBrowserPage();
  page = browser.page;
  await signInAsRoot(page, stack.consoleUrl);
});

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

/** Rows currently in the DOM (the virtualised table renders only those in view). */
const renderedRows = () =>
  page.getByTestId(TEST_IDS.objectBrowser.table).locator('[role="row"][data-testid]').count();
const status = () => page.getByTestId(TEST_IDS.objectBrowser.empty).textContent();

describe('Object browser on a prefix of 2,500 objects', () => {
  it('shows the first page with only the visible rows in the DOM, and loads the rest while scrolling', async () => {
    const objects = new ObjectBrowserPage(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}/many`);
    await objects.row(key(0)).waitFor();
    expect(await status()).toMatch(/^1000\+ entries/);
    expect(await renderedRows()).toBeLessThan(60);
    await expectAccessible(page, 'scale', '01-first-page');

    const scroller = page.getByTestId(TEST_IDS.objectBrowser.table).locator('[role="rowgroup"]').nth(1);
    await expect
      .poll(
        async () => {
          await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
          return status();
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(`${COUNT} entries`);
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await objects.row(key(COUNT - 1)).waitFor();
    expect(await renderedRows()).toBeLessThan(60);
    await screenshot(page, 'scale-02-scrolled-to-end');
  });

  it('finds an object that is not loaded yet through the server-side search', async () => {
    const objects = new ObjectBrowserPage(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}/many`);
    await objects.row(key(0)).waitFor();
    await page.getByTestId(TEST_IDS.objectBrowser.search).fill('obj-02400');
    await objects.row(key(2400)).waitFor();
    expect(await objects.rowNames()).toEqual([key(2400)]);
    await screenshot(page, 'scale-03-server-search');
  });
});
