/**
 * A bucket's default encryption end to end (issue 8 §2), in a real Chromium against the real engine
 * (with its built-in KMS) and console server processes: a new bucket's Encryption card says
 * Disabled; SSE-S3 is set through the Enable Bucket Encryption modal and, after a reload, the card
 * (read from the engine) still says so; SSE-KMS with a key the engine's KMS does not know is
 * refused and the modal shows the server's error; Disabled turns it off again. An axe scan of the
 * summary and the modal (no serious or critical violations) in the light and the dark scheme, and screenshots under
 * test-results/screenshots/bucket-encryption-*.png. The steps share one page and run in order.
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
import { EncryptionCard } from './pages/encryption-card.js';

const BUCKET = 'e2e-encrypted';

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const checkBothSchemes = (name: string) => expectAccessibleInBothSchemes(page, 'bucket-encryption', name);

/** What the console API reads from the engine for the bucket (status and body). */
async function storedInfo(): Promise<{ status: number; body: unknown }> {
  const res = await page.request.get(`${stack.consoleUrl}/api/v1/buckets/${BUCKET}/encryption/info`);
  return { status: res.status(), body: (await res.json()) as unknown };
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'bucket-encryption', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('bucket encryption in Chromium', () => {
  it('signs in, creates a bucket and opens it: the Encryption card says Disabled, without an error', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });

    await new BucketSummaryPage(page).openFromList(stack.consoleUrl, BUCKET);
    const card = new EncryptionCard(page);
    await card.waitFor('Disabled');
    expect(await page.getByTestId(TEST_IDS.encryption.readError).count()).toBe(0);
    expect((await storedInfo()).status).toBe(404);
    await checkBothSchemes('summary-disabled');
  });

  it('enables SSE-S3 through the modal; after a reload the card says SSE-S3', async () => {
    const card = new EncryptionCard(page);
    await card.open();
    expect(await card.type.inputValue()).toBe('disabled');
    await card.choose('sse-s3');
    await checkBothSchemes('modal-sse-s3');
    expect(await card.save()).toBeUndefined();
    await card.waitFor('SSE-S3');

    await page.reload();
    await card.waitFor('SSE-S3');
    expect(await storedInfo()).toEqual({ status: 200, body: { algorithm: 'AES256' } });
  });

  it('switching to SSE-KMS with a key the KMS does not know shows the server error inside the modal', async () => {
    const card = new EncryptionCard(page);
    await card.open();
    // The modal starts from what is stored (spec 1 §4).
    expect(await card.type.inputValue()).toBe('sse-s3');
    await card.choose('sse-kms');
    await card.kmsKeyId.fill('no-such-kms-key');
    const refused = await card.save();
    expect(refused).toContain('KMS.NotFoundException');
    await checkBothSchemes('modal-unknown-key');
    // Nothing changed on the engine; the modal stays open with what was typed.
    expect(await card.kmsKeyId.inputValue()).toBe('no-such-kms-key');
    expect(await storedInfo()).toEqual({ status: 200, body: { algorithm: 'AES256' } });
  });

  it('disables it: the card says Disabled, also after a reload', async () => {
    const card = new EncryptionCard(page);
    await card.choose('disabled');
    expect(await card.save()).toBeUndefined();
    await card.waitFor('Disabled');
    await page.reload();
    await card.waitFor('Disabled');
    expect((await storedInfo()).status).toBe(404);
  });

  it('raised no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
