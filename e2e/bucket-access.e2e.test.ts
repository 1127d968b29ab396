/**
 * A bucket's access policy end to end (issue 8 §1), in a real Chromium against the real engine and
 * console server processes: open a bucket from the list, change its access to Public through the
 * Change Access Policy modal, reload and see Public on the summary's card — and an anonymous fetch
 * of an uploaded object straight from the engine succeeds; the custom editor refuses text that is
 * not a policy; back to Private, and the same fetch is refused. An axe scan (no serious or critical
 * violations) and a screenshot of the summary and the modal, in the light and the dark scheme,
 * under test-results/screenshots/bucket-access-*.png. The steps share one page and run in order.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { seriousViolations } from './harness/axe.js';
import { launchBrowser, screenshot } from './harness/browser.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { BucketSummaryPage } from './pages/bucket-summary-page.js';
import { LoginPage } from './pages/login-page.js';

const BUCKET = 'e2e-public-photos';
const OBJECT = 'hello.txt';
const CONTENT = 'Served to anyone while the bucket is public.\n';

let stack: Stack;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

/** Screenshot plus axe scan of the current screen; fails on serious or critical violations. */
async function check(name: string): Promise<void> {
  await screenshot(page, `bucket-access-${name}`);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

/** Switches the system's scheme and waits until the page is drawn in it, colour transitions done. */
async function inScheme(scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (wanted) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
    scheme,
  );
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/** The same screen in the dark scheme too (the app follows the system's preference). */
async function checkBothSchemes(name: string): Promise<void> {
  await inScheme('light');
  await check(`${name}-light`);
  await inScheme('dark');
  await check(`${name}-dark`);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** GET of the object straight from the engine, without any credentials. */
const anonymousGet = () => fetch(`${stack.engineUrl}/${BUCKET}/${OBJECT}`);

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
  context = await browser.newContext({
    viewport: { width: 1366, height: 860 },
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail' && page !== undefined) {
    await screenshot(page, `bucket-access-failed-${task.name.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`);
  }
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('bucket access policy in Chromium', () => {
  it('signs in, creates a bucket and uploads an object the engine keeps private', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await login.fill(ROOT_USER, ROOT_PASSWORD);
    await login.submit.click();
    await page.getByTestId(TEST_IDS.layout.sidebar).waitFor();
    const created = await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, { data: { name: BUCKET } });
    expect(created.status()).toBe(201);
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
    expect(pageErrors).toEqual([]);
  });
});
