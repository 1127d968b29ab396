/**
 * Rewind end to end (issue 9 §2) in a real Chromium against the real engine and console server
 * processes: in a versioned bucket a file is deleted; the folder no longer lists it, but rewound to
 * a date before the delete it is there again (Deleted: No) and downloads with its bytes of then;
 * rewound to after the delete it shows as deleted (no download); 'Show Current Data' returns to
 * the current list. axe on the rewind table and the modal; screenshots under
 * test-results/screenshots/object-rewind-*.png. The steps share one page and run in order.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  expectAccessible,
  openBrowserPage,
  screenshotIfFailed,
  signInAsRoot,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';

const BUCKET = 'e2e-rewind';
const ids = TEST_IDS.rewind;

let stack: Stack;
let browser: BrowserPage;
let page: Page;
/** A whole second after the uploads and before the delete (UTC, the picker's time zone here). */
let beforeDelete = '';

const check = (name: string) => expectAccessible(page, 'object-rewind', name);

async function upload(name: string, body: string): Promise<void> {
  const res = await page.request.post(
    `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects/upload?prefix=docs%2F`,
    {
      multipart: { file: { name, mimeType: 'application/octet-stream', buffer: Buffer.from(body) } },
    },
  );
  expect(res.status()).toBe(200);
}

/** Waits until the clock has passed `ms` (sequencing the writes around a whole second). */
async function clockPast(ms: number): Promise<void> {
  while (Date.now() <= ms) await new Promise((r) => setTimeout(r, Math.max(1, ms - Date.now() + 1)));
}

async function rewindTo(local: string): Promise<void> {
  await page.locator(`[data-testid="${ids.button}"]:enabled`).click();
  const dialog = page.getByRole('dialog', { name: 'Rewind' });
  await dialog.waitFor();
  await page.getByLabel('Rewind to').fill(local);
  await page.getByTestId(ids.apply).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByTestId(ids.table).waitFor();
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({
    timezoneId: 'UTC',
    acceptDownloads: true,
  });
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'object-rewind', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('rewind in Chromium', () => {
  it('a deleted file is gone from the folder', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    const created = await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, {
      data: { name: BUCKET, versioning: true },
    });
    expect(created.status()).toBe(201);
    await upload('keep.txt', 'kept');
    await upload('gone.txt', 'deleted later');
    // The rewind date: the next whole second after the uploads; the delete comes after it.
    const second = Math.floor(Date.now() / 1000) * 1000 + 1000;
    beforeDelete = new Date(second).toISOString().slice(0, 19);
    await clockPast(second + 1000);
    const deleted = await page.request.delete(
      `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects?path=docs%2Fgone.txt`,
    );
    expect(deleted.status()).toBe(200);

    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}/docs/`);
    await page.getByTestId(TEST_IDS.objectBrowser.row('docs/keep.txt')).waitFor();
    expect(await page.getByTestId(TEST_IDS.objectBrowser.row('docs/gone.txt')).count()).toBe(0);
    expect(await page.getByTestId(ids.badge).count()).toBe(0);
  });

  it('rewound to before the delete, the file is there again and downloads as it was', async () => {
    await rewindTo(beforeDelete);
    await page.getByTestId(ids.row('docs/gone.txt')).waitFor();
    expect(await page.getByTestId(ids.deleted('docs/gone.txt')).textContent()).toBe('No');
    expect(await page.getByTestId(ids.deleted('docs/keep.txt')).textContent()).toBe('No');
    await page.getByTestId(ids.badge).waitFor();
    expect(await page.getByTestId(ids.label).textContent()).toMatch(/^Rewind: /);
    for (const id of [
      TEST_IDS.objectBrowser.refresh,
      TEST_IDS.objectBrowser.createFolder,
      TEST_IDS.objectBrowser.upload,
    ])
      expect(await page.getByTestId(id).isDisabled()).toBe(true);
    await check('before-delete');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(ids.download('docs/gone.txt')).click(),
    ]);
    expect((await readFile(await download.path())).toString()).toBe('deleted later');
  });

  it('rewound to now, the file shows as deleted with no download; Show Current Data returns', async () => {
    await rewindTo(new Date(Date.now() + 60_000).toISOString().slice(0, 19));
    await page.waitForFunction(
      (testId) => document.querySelector(`[data-testid="${testId}"]`)?.textContent === 'Yes',
      ids.deleted('docs/gone.txt'),
    );
    expect(await page.getByTestId(ids.download('docs/gone.txt')).isDisabled()).toBe(true);

    await page.locator(`[data-testid="${ids.button}"]:enabled`).click();
    await page.getByRole('dialog', { name: 'Rewind' }).waitFor();
    await page.getByRole('switch', { name: 'Current Status' }).click({ force: true });
    expect(await page.getByTestId(ids.apply).textContent()).toBe('Show Current Data');
    await check('modal-current');
    await page.getByTestId(ids.apply).click();
    await page.getByTestId(TEST_IDS.objectBrowser.table).waitFor();
    expect(await page.getByTestId(ids.badge).count()).toBe(0);
    expect(await page.getByTestId(TEST_IDS.objectBrowser.row('docs/gone.txt')).count()).toBe(0);
  });
});
