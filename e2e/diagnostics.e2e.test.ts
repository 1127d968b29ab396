/**
 * The Diagnostic page end to end (issue 11 proof: "diagnostic file downloads and parses"), in a
 * real Chromium against the real engine and console processes: Diagnostics from the menu, Start
 * Diagnostic shows the spinner and the start message, then 'Diagnostic file is ready to be
 * downloaded.'; Download saves diagnostic.json, which parses as the engine's health report with
 * its sections (CPU, memory, OS, drive partitions, server info, drive speed test). axe-clean,
 * photographed light and dark (test-results/screenshots/diagnostics-*.png).
 */
import { readFile } from 'node:fs/promises';
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
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';

const ids = TEST_IDS.diagnostics;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'diagnostics', name);

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({ acceptDownloads: true });
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'diagnostics', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Diagnostics in Chromium', () => {
  it('opens from the menu with Download disabled until there is a report', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await page.getByTestId(TEST_IDS.layout.menuItem('/health-info')).click();
    await page.getByTestId(ids.start).waitFor();
    expect(await page.getByTestId(ids.download).isDisabled()).toBe(true);
    expect(await page.getByTestId(ids.status).getAttribute('data-status')).toBe('empty');
    await page.mouse.move(1300, 840);
    await check('empty');
  });

  it('runs the diagnostic and downloads diagnostic.json with the expected sections', async () => {
    // The engine answers within a second: record every state the page shows, with its message and
    // whether Download was enabled, instead of racing to look at the running state.
    await page.evaluate(
      ({ status, download }) => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const note = () => {
          const el = document.querySelector(`[data-testid="${status}"]`);
          const button = document.querySelector<HTMLButtonElement>(`[data-testid="${download}"]`);
          seen.push(
            `${el?.getAttribute('data-status')}|${el?.textContent}|${button?.disabled ? 'off' : 'on'}`,
          );
        };
        new MutationObserver(note).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
        });
      },
      { status: ids.status, download: ids.download },
    );
    await page.getByTestId(ids.start).click();
    await page.getByText('Diagnostic file is ready to be downloaded.').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    expect(seen).toContain('inProgress|Diagnostic started. Please do not refresh page during diagnosis.|off');
    expect(seen.filter((s) => s.startsWith('inProgress|')).every((s) => s.endsWith('|off'))).toBe(true);
    expect(seen.at(-1)).toBe('success|Diagnostic file is ready to be downloaded.|on');
    expect(await page.getByTestId(ids.status).getAttribute('data-status')).toBe('success');
    await page.mouse.move(1300, 840);
    await check('ready');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId(ids.download).click(),
    ]);
    expect(download.suggestedFilename()).toBe('diagnostic.json');
    const file = await download.path();
    const doc = JSON.parse(await readFile(file, 'utf8')) as {
      version: string;
      sys: Record<string, unknown[]>;
      minio: { info: { deploymentID: string } };
      perf: { drives: { drives: { path: string; latency: { avg: number } }[] }[] };
    };
    expect(doc.version).toBe('3');
    for (const section of ['cpus', 'meminfo', 'osinfo', 'partitions']) {
      expect(doc.sys[section]?.length, section).toBe(1);
    }
    expect(doc.minio.info.deploymentID).not.toBe('');
    const drives = doc.perf.drives[0]?.drives ?? [];
    expect(drives).toHaveLength(4);
    for (const drive of drives) expect(drive.latency.avg).toBeGreaterThan(0);
  });
});
