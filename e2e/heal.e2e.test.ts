/**
 * Heal end to end (issue 11), in a real Chromium against the real engine and console server: a
 * bucket with three objects loses one of the engine's four drives (its directory emptied; the
 * engine's own drive check slowed to an hour so that this heal does the work); the Heal page, in
 * the menu of root on this distributed (4-drive) server, heals the bucket recursively over the
 * live socket: the chart's numbers go from Yellow and Red before to all Green after, the figures
 * count the three objects healed, and the drive holds its shard files again. Force Start and Force
 * Stop exclude each other. The page is scanned with axe and photographed in the light and the dark
 * scheme (test-results/screenshots/heal-*.png).
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
  signInAsRoot,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { rootS3Client } from './harness/root-s3.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';

const BUCKET = 'e2e-heal';
const heal = TEST_IDS.heal;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'heal', name);
const drive2 = () => join(stack.dataDir, 'engine', 'drive2');

/** Shard files of committed objects on a drive (the engine's layout: .coffer.sys/data/…/part.N). */
async function shardFiles(drive: string): Promise<string[]> {
  const entries = await readdir(join(drive, '.coffer.sys', 'data'), {
    withFileTypes: true,
    recursive: true,
  }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && /^part\.\d+$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

beforeAll(async () => {
  stack = await startStack({ engineArgs: ['--drive-check-interval', '3600'] });
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'heal', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Heal in Chromium', () => {
  it('a drive is emptied under a bucket of three objects', async () => {
    const s3 = rootS3Client(stack);
    await s3.makeBucket(BUCKET);
    await s3.putObject(BUCKET, 'small.txt', Buffer.from('hello heal'));
    await s3.putObject(BUCKET, 'docs/medium.bin', Buffer.alloc(300 * 1024, 7));
    await s3.putObject(BUCKET, 'docs/large.bin', Buffer.alloc(2 * 1024 * 1024, 9));
    expect((await shardFiles(drive2())).length).toBe(2);
    for (const name of await readdir(drive2()))
      await rm(join(drive2(), name), { recursive: true, force: true });
    expect(await shardFiles(drive2())).toEqual([]);
  });

  it('opens Heal from the menu; Force Start and Force Stop exclude each other', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await page.getByTestId(TEST_IDS.layout.menuItem('/heal')).click();
    await page.getByTestId(heal.screen).waitFor();
    await page.getByTestId(heal.forceStart).check();
    await page.getByTestId(heal.forceStop).check();
    expect(await page.getByTestId(heal.forceStart).isChecked()).toBe(false);
    await page.getByTestId(heal.forceStart).check();
    expect(await page.getByTestId(heal.forceStop).isChecked()).toBe(false);
    await page.getByTestId(heal.forceStart).uncheck();
    await page.getByTestId(heal.bucket).click();
    await page.getByRole('option', { name: BUCKET }).click();
    await page.getByTestId(heal.recursive).check();
    await page.mouse.move(1300, 840);
    await check('idle');
  });

  it('heals the bucket: before Yellow and Red, after all Green; the shard files are back', async () => {
    await page.getByTestId(heal.start).click();
    // The socket closes when the heal has finished: Start is enabled again.
    await page.getByTestId(heal.objectsHealed).filter({ hasText: 'Objects healed: 3 / 3' }).waitFor();
    await page.locator(`[data-testid="${heal.start}"]:not([disabled])`).waitFor();
    const summary = await page.getByTestId(heal.chartSummary).getAttribute('aria-label');
    // The bucket (a copy on every drive: Red with one gone) and three objects (Yellow) → all Green.
    expect(summary).toBe(
      'Green 0 % before, 100 % after; Yellow 75 % before, 0 % after; Red 25 % before, 0 % after; Grey 0 % before, 0 % after',
    );
    expect(await page.getByTestId(heal.error).count()).toBe(0);
    expect(await page.getByTestId(heal.sizeScanned).textContent()).toMatch(/^Size scanned: 2\.3 MiB$/);
    expect((await shardFiles(drive2())).length).toBe(2);
    await page.mouse.move(1300, 840);
    await check('healed');
  });
});
