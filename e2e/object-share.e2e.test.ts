/**
 * Share links end to end (issue 9 §3) in a real Chromium against the real engine and console
 * server processes: the Share File modal on a file makes a link at once; a past date and a date
 * beyond 7 days show the spec's messages; a valid date makes a new link; Copy says 'Share URL
 * Copied to clipboard'; the link opened in a fresh browser context (no cookie) downloads the
 * object's bytes — also after the sharer signed out; revoked from 'Active links', the link is
 * refused. axe on the modal in the light and the dark scheme; screenshots under
 * test-results/screenshots/object-share-*.png. The steps share one page and run in order.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { dateText } from '../packages/web/src/features/objects/components/share-form.js';
import {
  expectAccessible,
  inScheme,
  openBrowserPage,
  screenshotIfFailed,
  signInAsRoot,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { ShareModal } from './pages/share-modal.js';
import { Shell } from './pages/shell.js';

const BUCKET = 'e2e-share';
const KEY = 'reports/q3 numbers.bin';
const BYTES = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 31 + 7) % 256));

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let link = '';

const check = (name: string) => expectAccessible(page, 'object-share', name);

/** Opens `url` in a new browser context — no cookie, no session — as the one receiving the link. */
async function openInFreshContext(url: string): Promise<{ status: number; bytes?: Buffer }> {
  const fresh = await browser.browser.newContext({ acceptDownloads: true });
  try {
    const tab = await fresh.newPage();
    const download = tab.waitForEvent('download', { timeout: 30_000 }).catch(() => undefined);
    const response = await tab.goto(url).catch(() => null);
    // An object sent as a download does not navigate: the download event carries it.
    const file = await (response === null ? download : Promise.resolve(undefined));
    if (file !== undefined) {
      const path = await file.path();
      return { status: 200, bytes: await readFile(path) };
    }
    return { status: response?.status() ?? 0 };
  } finally {
    await fresh.close();
  }
}

const accessKeyOf = (url: string) => new URL(url).searchParams.get('X-Amz-Credential')?.split('/')[0] ?? '';

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: new URL(stack.consoleUrl).origin,
  });
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'object-share', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('share links in Chromium', () => {
  it('opens the Share File modal on a file: a link is made at once; axe clean in both schemes', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    expect(
      (await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, { data: { name: BUCKET } })).status(),
    ).toBe(201);
    const uploaded = await page.request.post(
      `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects/upload?prefix=reports%2F`,
      {
        multipart: { file: { name: 'q3 numbers.bin', mimeType: 'application/octet-stream', buffer: BYTES } },
      },
    );
    expect(uploaded.status()).toBe(200);

    await page.goto(
      `${stack.consoleUrl}/object-browser/${BUCKET}/${KEY.split('/').map(encodeURIComponent).join('/')}`,
    );
    await page.getByTestId(TEST_IDS.objectBrowser.fileView).waitFor();
    const modal = new ShareModal(page);
    link = await modal.open();
    expect(link.startsWith(`${stack.engineUrl}/${BUCKET}/reports/q3%20numbers.bin?`)).toBe(true);
    await page.getByTestId(TEST_IDS.share.link(accessKeyOf(link))).waitFor();
    await inScheme(page, 'light');
    await check('modal-light');
    await inScheme(page, 'dark');
    await check('modal-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it("shows the spec's messages for a past date and for more than 7 days; a valid date makes a new link", async () => {
    const modal = new ShareModal(page);
    const day = (offset: number) => {
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return dateText(d);
    };
    await modal.date.fill(day(-1));
    await modal.dateError.waitFor();
    expect(await modal.dateError.textContent()).toBe('Selected date must be greater than current time.');
    await modal.date.fill(day(9));
    await page.getByText('You can share a file only for less than 7 days.').waitFor();
    await check('modal-too-long');
    await modal.date.fill(day(2));
    await modal.dateError.waitFor({ state: 'detached' });
    const next = await modal.waitForUrl(link);
    expect(accessKeyOf(next)).not.toBe(accessKeyOf(link));
    link = next;
  });

  it('copies the link, which a fresh browser context downloads — also after the sharer signed out', async () => {
    const modal = new ShareModal(page);
    await modal.copy();
    await page.getByText('Share URL Copied to clipboard').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await modal.close();

    const opened = await openInFreshContext(link);
    expect(opened.status).toBe(200);
    expect(opened.bytes?.equals(BYTES)).toBe(true);

    await new Shell(page).logout();
    await page.waitForURL(/\/login$/);
    const afterLogout = await openInFreshContext(link);
    expect(afterLogout.bytes?.equals(BYTES)).toBe(true);
  });

  it("revoked from 'Active links', the link is refused", async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await page.goto(
      `${stack.consoleUrl}/object-browser/${BUCKET}/${KEY.split('/').map(encodeURIComponent).join('/')}`,
    );
    await page.getByTestId(TEST_IDS.objectBrowser.fileView).waitFor();
    const modal = new ShareModal(page);
    await modal.open();
    await modal.revoke(accessKeyOf(link));
    expect((await openInFreshContext(link)).status).toBe(403);
  });
});
