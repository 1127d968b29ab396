/**
 * A bucket's access policy end to end (issue 8 §1), in a real Chromium against the real engine and
 * console server processes: open a bucket from the list, change its access to Public through the
 * Change Access Policy modal, reload and see Public on the summary's card — and an anonymous fetch
 * of an uploaded object straight from the engine succeeds; the custom editor refuses text that is
 * not a policy; back to Private, and the same fetch is refused. An axe scan (no serious or critical
 * violations) and a screenshot of the summary and the modal, in the light and the dark scheme,
 * under test-results/screenshots/bucket-access-*.png. The steps share one page and run in order.
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
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { BucketSummaryPage } from './pages/bucket-summary-page.js';

const BUCKET = 'e2e-public-photos';
const OBJECT = 'hello.txt';
const CONTENT = 'Served to anyone while the bucket is public.\n';

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const checkBothSchemes = (name: string) => expectAccessibleInBothSchemes(page, 'bucket-access', name);

/** GET of the object straight from the engine, without any credentials. */
const anonymousGet = () => fetch(`${stack.engineUrl}/${BUCKET}/${OBJECT}`);

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'bucket-access', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('bucket access policy in Chromium', () => {
  it('signs in, creates a bucket and uploads an object the engine keeps private', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });
    const uploaded = await page.request.post(`${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects/upload`, {
      multipart: { file: { name: OBJECT, mimeType: 'text/plain', buffer: Buffer.from(CONTENT) } },
    });
    expect(uploaded.status()).toBe(200);
    expect((await anonymousGet()).status).toBe(403);
  });

  it('opens the bucket: the Access Policy card says Private', async () => {
    const summary = new BucketSummaryPage(page);
    await summary.openFromList(stack.consoleUrl, BUCKET);
    await summary.waitForAccess('Private');
    await checkBothSchemes('summary-private');
  });

  it('the custom editor keeps Set disabled while the text is not a policy', async () => {
    const summary = new BucketSummaryPage(page);
    await summary.openChangeAccess();
    await summary.choose('CUSTOM');
    await summary.document.fill('{"Version": "2012-10-17", "Statement": [');
    await summary.documentProblem.filter({ hasText: /^The policy is not valid JSON/ }).waitFor();
    expect(await summary.save.isDisabled()).toBe(true);
    await checkBothSchemes('modal-custom-invalid');
  });

  it('changes the access to Public through the modal; after a reload the card says Public and anyone can read', async () => {
    const summary = new BucketSummaryPage(page);
    await summary.choose('PUBLIC');
    await page.getByTestId(TEST_IDS.accessPolicy.publicWarning).waitFor();
    await checkBothSchemes('modal-public');
    await summary.saveAccess();
    await summary.waitForAccess('Public');

    await page.reload();
    await summary.waitForAccess('Public');
    await checkBothSchemes('summary-public');
    const read = await anonymousGet();
    expect(read.status).toBe(200);
    expect(await read.text()).toBe(CONTENT);
  });

  it('back to Private: the card says so after a reload and the anonymous fetch is refused', async () => {
    const summary = new BucketSummaryPage(page);
    await summary.openChangeAccess();
    expect(await page.getByTestId(TEST_IDS.accessPolicy.option('PUBLIC')).isChecked()).toBe(true);
    await summary.choose('PRIVATE');
    await summary.saveAccess();
    await summary.waitForAccess('Private');
    await page.reload();
    await summary.waitForAccess('Private');
    expect((await anonymousGet()).status).toBe(403);
  });

  it('raised no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
