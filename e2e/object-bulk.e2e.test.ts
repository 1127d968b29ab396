/**
 * Bulk object work in Chromium against the real stack (issue 9 §5, §6): the typed path bar opens
 * a deep folder; a folder row's download saves one ZIP (Playwright's download event) whose
 * `unzip -l` listing and bytes match what was stored, and a refused one is reported without leaving
 * the page; a delete of a folder of 2,500 objects shows
 * the server's running counts and ends with the exact count. axe finds nothing serious on the
 * screens involved. Objects are written straight to the engine over S3 (minio-js).
 */
import { execFile as execFileCb } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Client } from 'minio';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { seriousViolations } from './harness/axe.js';
import { screenshot } from './harness/browser.js';
import { expectAccessible, openBrowserPage, signInAsRoot } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { ROOT } from './harness/paths.js';
import { rootS3Client } from './harness/root-s3.js';
import { startStack, type Stack } from './harness/stack.js';
import { ObjectBrowserPage } from './pages/object-browser-page.js';
import { Shell } from './pages/shell.js';

const execFile = promisify(execFileCb);

// unzip reads the downloaded archive: installed through apt as root, else a failure naming it.
const systemDeps = (await import(pathToFileURL(path.join(ROOT, 'scripts/system-deps.mjs')).href)) as {
  ensureSystemDeps(options: { needs: string[]; log: (line: string) => void }): Promise<unknown>;
};
await systemDeps.ensureSystemDeps({ needs: ['unzip'], log: () => {} });

const BUCKET = 'e2e-bulk';
const DOCS = Array.from({ length: 40 }, (_, i) => ({
  key: `docs/${i % 2 === 0 ? '' : 'deep/er/'}file-${String(i).padStart(2, '0')}.txt`,
  body: Buffer.from(`document ${i}\n`.repeat(i * 13 + 1)),
}));
const TRASH = 2500;

let stack: Stack;
let s3: Client;
let browser: BrowserPage;
let page: Page;
let work: string;

beforeAll(async () => {
  stack = await startStack();
  s3 = rootS3Client(stack);
  await s3.makeBucket(BUCKET);
  for (const d of DOCS) await s3.putObject(BUCKET, d.key, d.body);
  // Sixteen writers at a time: enough on two cores.
  for (let start = 0; start < TRASH; start += 16) {
    const batch = Array.from({ length: Math.min(16, TRASH - start) }, (_, j) => start + j);
    await Promise.all(batch.map((i) => s3.putObject(BUCKET, `trash/t-${String(i).padStart(5, '0')}`, 'x')));
  }
  work = await mkdtemp(path.join(tmpdir(), 'coffer-e2e-bulk-'));
  browser = await openBrowserPage({ acceptDownloads: true });
  page = browser.page;
  await signInAsRoot(page, stack.consoleUrl);
});

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('Bulk object work', () => {
  it('opens a typed path from the path bar', async () => {
    const objects = new ObjectBrowserPage(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}`);
    await objects.row('docs/').waitFor();
    const bar = page.getByTestId(TEST_IDS.bulk.pathBar);
    await bar.fill('/docs/deep/er');
    await bar.press('Enter');
    await objects.row('docs/deep/er/file-01.txt').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/object-browser/${BUCKET}/docs/deep/er`);
    // The bar follows the browser when the user moves by the breadcrumb.
    await page.getByTestId(TEST_IDS.objectBrowser.breadcrumb).getByRole('link', { name: 'docs' }).click();
    await objects.row('docs/deep/').waitFor();
    expect(await bar.inputValue()).toBe('docs/');
    await expectAccessible(page, 'bulk', '01-path-bar');
  });

  it('downloads a folder as one ZIP that unzip lists with the stored names and sizes', async () => {
    const objects = new ObjectBrowserPage(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}`);
    await objects.row('docs/').waitFor();
    const download = await objects.download('docs/');
    expect(download.suggestedFilename()).toBe('docs.zip');
    const file = path.join(work, 'docs.zip');
    await download.saveAs(file);
    // An archive is a download, not a failure: no refusal was reported.
    expect(await page.getByText('The ZIP download could not start', { exact: false }).count()).toBe(0);
    const { stdout } = await execFile('unzip', ['-l', file]);
    const listed = new Map<string, number>();
    for (const line of stdout.split('\n')) {
      const m = /^\s*(\d+)\s+\S+\s+\S+\s+(.+)$/.exec(line);
      if (m?.[1] !== undefined && m[2] !== undefined && m[2] !== 'Name') listed.set(m[2], Number(m[1]));
    }
    // Names are relative to the folder the user is in (the bucket root here).
    expect([...listed.keys()].sort()).toEqual(DOCS.map((d) => d.key).sort());
    for (const d of DOCS) expect(listed.get(d.key), d.key).toBe(d.body.length);
    const sample = DOCS[7];
    const bytes = await execFile('unzip', ['-p', file, sample?.key ?? ''], { encoding: 'buffer' });
    expect(Buffer.compare(bytes.stdout, sample?.body ?? Buffer.alloc(0))).toBe(0);
  });

  it('says so when the server refuses the ZIP, and the console stays where it was', async () => {
    const objects = new ObjectBrowserPage(page);
    await s3.makeBucket('e2e-gone');
    await s3.putObject('e2e-gone', 'f/x.txt', 'x');
    await page.goto(`${stack.consoleUrl}/object-browser/e2e-gone`);
    await objects.row('f/').waitFor();
    // The bucket goes away behind the console's back: the archive cannot start.
    await s3.removeObject('e2e-gone', 'f/x.txt');
    await s3.removeBucket('e2e-gone');
    await page.getByTestId(TEST_IDS.objectBrowser.download('f/')).click();
    await new Shell(page).notification('The ZIP download could not start: the server refused it.');
    expect(new URL(page.url()).pathname).toBe('/object-browser/e2e-gone');
    await objects.row('f/').waitFor();
  });

  it('deletes a folder of 2,500 objects showing the running counts, then the exact count', async () => {
    const objects = new ObjectBrowserPage(page);
    const shell = new Shell(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}`);
    await objects.row('trash/').waitFor();
    await page.getByTestId(TEST_IDS.objectBrowser.select('trash/')).check();
    await page.getByTestId(TEST_IDS.objectBrowser.select('docs/')).check();
    // Both selected: ZIP download of the selection is offered too.
    await page.locator(`[data-testid="${TEST_IDS.bulk.downloadZip}"]:enabled`).waitFor();
    await page.getByTestId(TEST_IDS.objectBrowser.select('docs/')).uncheck();
    await page.getByTestId(TEST_IDS.objectBrowser.deleteSelected).click();
    await page.getByRole('dialog', { name: 'Delete Objects' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Record every text the progress line shows (it may change faster than a poll could see).
    await page.evaluate((testId) => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, TEST_IDS.bulk.progress);
    await page.getByTestId(TEST_IDS.deleteObjects.confirm).click();
    await shell.notification(`Object 'trash' deleted successfully. ${TRASH} deleted, 0 failed.`);
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(seen.length).toBeGreaterThan(0);
    const counts = seen.map((text) => {
      const m = /^Deleting… (\d+) deleted, 0 failed so far$/.exec(text);
      expect(m, text).not.toBeNull();
      return Number(m?.[1]);
    });
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.every((c) => c <= TRASH)).toBe(true);
    await objects.row('trash/').waitFor({ state: 'detached' });
    await screenshot(page, 'bulk-02-deleted');
    const left = await page.request.get(
      `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects?prefix=trash/&recursive=true`,
    );
    expect(((await left.json()) as { objects: unknown[] }).objects).toEqual([]);
  });
});
