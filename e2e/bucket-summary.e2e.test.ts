/**
 * The bucket Summary end to end (issue 8 §3–§6), in a real Chromium against the real engine and
 * console server processes: on a versioned bucket with object locking, every section of a
 * distributed setup shows; suspending its versioning through Edit Versioning is refused with the
 * engine's own message inside the modal; a fifo quota set through Enable Bucket Quota and a
 * default retention set through Set Retention Configuration are shown on the summary after a
 * reload (and prefill the modals); on a plain bucket Edit Versioning enables versioning and the
 * retention is not available. An axe scan (no serious or critical violations) and a screenshot of
 * the summary and every modal, under test-results/screenshots/bucket-summary-*.png. The steps
 * share one page and run in order.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { expectAccessible, openBrowserPage, screenshotIfFailed } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { ROOT_PASSWORD, ROOT_USER, startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { BucketSettings } from './pages/bucket-settings.js';
import { BucketSummaryPage } from './pages/bucket-summary-page.js';
import { LoginPage } from './pages/login-page.js';

const LOCKED = 'e2e-vault';
const PLAIN = 'e2e-drafts';
const LOCKED_VERSIONING =
  'An Object Lock configuration is present on this bucket, so the versioning state cannot be changed.';
const ids = TEST_IDS.bucketSettings;

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let settings: BucketSettings;

const check = (name: string) => expectAccessible(page, 'bucket-summary', name);

/** The console's own answer for a setting of `bucket`, with the browser's session. */
async function consoleSetting(bucket: string, setting: string): Promise<unknown> {
  const response = await page.request.get(`${stack.consoleUrl}/api/v1/buckets/${bucket}/${setting}`);
  expect(response.status()).toBe(200);
  return response.json();
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
  settings = new BucketSettings(page);
});

afterEach(({ task }) => screenshotIfFailed(page, 'bucket-summary', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('bucket summary in Chromium', () => {
  it('signs in and creates a versioned bucket with object locking, and a plain one', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await login.fill(ROOT_USER, ROOT_PASSWORD);
    await login.submit.click();
    await page.getByTestId(TEST_IDS.layout.sidebar).waitFor();
    for (const data of [{ name: LOCKED, versioning: true, locking: true }, { name: PLAIN }]) {
      const created = await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, { data });
      expect(created.status()).toBe(201);
    }
  });

  it('opens the locked bucket: every section of a distributed setup, with its value', async () => {
    await new BucketSummaryPage(page).openFromList(stack.consoleUrl, LOCKED);
    await settings.waitForValue('versioning', 'Enabled');
    await settings.waitForValue('object-locking', 'Enabled');
    await settings.waitForValue('quota', 'No quota');
    await settings.waitForValue('retention', 'No default retention');
    await settings.waitForValue('replication', '0 rules');
    await settings.waitForValue('usage', '0 B');
    await check('locked');
  });

  it("suspending the locked bucket's versioning is refused with the engine's message, inside the modal", async () => {
    const modal = await settings.open('versioning');
    expect(await modal.textContent()).toContain(
      `Are you sure you want to suspend versioning for bucket ${LOCKED}?`,
    );
    await check('versioning-modal');
    expect(await settings.confirmRefused('versioning')).toContain(LOCKED_VERSIONING);
    await check('versioning-refused');
    await page.getByTestId(ids.versioningCancel).click();
    await modal.waitFor({ state: 'hidden' });
    await page.reload();
    await settings.waitForValue('versioning', 'Enabled');
  });

  it('sets a fifo quota through Enable Bucket Quota; after a reload the card shows it', async () => {
    await settings.open('quota');
    await settings.fillQuota('FIFO', '0', 'GiB');
    await page.getByTestId(ids.quotaProblem).waitFor();
    expect(await page.getByTestId(ids.quotaSave).isDisabled()).toBe(true);
    await settings.fillQuota('FIFO', '5', 'GiB');
    await check('quota-modal');
    await settings.confirm('quota');
    await settings.waitForValue('quota', '5 GiB');

    await page.reload();
    await settings.waitForValue('quota', '5 GiB');
    expect(await settings.detail('quota').textContent()).toBe('Type: FIFO');
    expect(await consoleSetting(LOCKED, 'quota')).toEqual({
      enabled: true,
      quota: 5 * 1024 ** 3,
      type: 'fifo',
    });
    // The modal opens on the stored quota.
    await settings.open('quota');
    expect(await page.getByTestId(ids.quotaSize).inputValue()).toBe('5');
    expect(await page.getByTestId(ids.quotaUnit).inputValue()).toBe('GiB');
    expect(await page.getByTestId(ids.quotaType).getByRole('radio', { name: 'FIFO' }).isChecked()).toBe(true);
    await page.getByTestId(ids.quotaCancel).click();
    await settings.modal('quota').waitFor({ state: 'hidden' });
  });

  it('sets the default retention through Set Retention Configuration; after a reload the card shows it', async () => {
    await settings.open('retention');
    await settings.fillRetention('Governance', '0', 'days');
    await page.getByTestId(ids.retentionProblem).waitFor();
    expect(await page.getByTestId(ids.retentionSave).isDisabled()).toBe(true);
    await settings.fillRetention('Governance', '30', 'days');
    await check('retention-modal');
    await settings.confirm('retention');
    await settings.waitForValue('retention', 'Governance, 30 days');

    await page.reload();
    await settings.waitForValue('retention', 'Governance, 30 days');
    expect(await consoleSetting(LOCKED, 'retention')).toEqual({
      mode: 'governance',
      unit: 'days',
      validity: 30,
    });
    await settings.open('retention');
    expect(await page.getByTestId(ids.retentionValidity).inputValue()).toBe('30');
    expect(
      await page.getByTestId(ids.retentionMode).getByRole('radio', { name: 'Governance' }).isChecked(),
    ).toBe(true);
    await page.getByTestId(ids.retentionCancel).click();
    await settings.modal('retention').waitFor({ state: 'hidden' });
    await check('locked-set');
  });

  it('the plain bucket: retention not available; Edit Versioning enables versioning, shown after a reload', async () => {
    await new BucketSummaryPage(page).openFromList(stack.consoleUrl, PLAIN);
    await settings.waitForValue('object-locking', 'Disabled');
    await settings.waitForValue('retention', 'Not available');
    expect(await page.getByTestId(ids.edit('retention')).count()).toBe(0);
    await settings.waitForValue('versioning', 'Unversioned');
    const modal = await settings.open('versioning');
    expect(await modal.textContent()).toContain(
      `Are you sure you want to enable versioning for bucket ${PLAIN}?`,
    );
    await settings.confirm('versioning');
    await settings.waitForValue('versioning', 'Enabled');
    await page.reload();
    await settings.waitForValue('versioning', 'Enabled');
    expect(await consoleSetting(PLAIN, 'versioning')).toEqual({ is_versioned: true, status: 'Enabled' });
    await check('plain');
  });

  it('raised no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
