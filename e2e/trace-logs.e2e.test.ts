/**
 * Trace and Error Logs end to end (issue 11), in a real Chromium against the real engine and
 * console server processes: the Trace page (S3 only by default, filters disabled while running)
 * shows the upload this test makes, with its path and status, and Stop marks it stopped; Error
 * Logs shows the error entry of a failed request (a 501 the engine logs) and 'Highlight Line'
 * marks it, matching case-insensitively; Audit Logs stays disabled without log-search. Every
 * screen is scanned with axe and photographed in the light and the dark scheme, under
 * test-results/screenshots/trace-logs-*.png. The steps share one page and run in order.
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
import { rootS3Client } from './harness/root-s3.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';

const BUCKET = 'e2e-trace';
const KEY = 'traced/upload-from-e2e.txt';
const trace = TEST_IDS.trace;
const logs = TEST_IDS.logs;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'trace-logs', name);

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'trace-logs', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Trace and Error Logs in Chromium', () => {
  it('signs in; Trace opens from the menu, not started, S3 only', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });
    await page.getByTestId(TEST_IDS.layout.menuItem('/logs')).waitFor();
    await page.getByTestId(TEST_IDS.layout.menuItem('/trace')).click();
    await page.getByTestId(trace.screen).waitFor();
    expect(await page.getByTestId(trace.state).getAttribute('data-state')).toBe('notStarted');
    expect(await page.getByTestId(trace.call('s3')).isChecked()).toBe(true);
    expect(await page.getByTestId(trace.call('internal')).isChecked()).toBe(false);
    expect(await page.getByTestId(trace.call('all')).isChecked()).toBe(false);
    // A threshold below 0 is refused before anything starts.
    await page.getByTestId(trace.threshold).fill('-5');
    expect(await page.getByTestId(trace.start).isDisabled()).toBe(true);
    await page.getByTestId(trace.threshold).fill('0');
    await page.mouse.move(1300, 840);
    await check('not-started');
  });

  it('Start traces: the filters are disabled and the upload this test makes shows up', async () => {
    await page.getByTestId(trace.start).click();
    await page.locator(`[data-testid="${trace.state}"][data-state="running"]`).waitFor();
    expect(await page.getByTestId(trace.call('s3')).isDisabled()).toBe(true);
    expect(await page.getByTestId(trace.threshold).isDisabled()).toBe(true);
    expect(await page.getByTestId(trace.filter('path')).isDisabled()).toBe(true);
    // The socket is open once the state says so; the engine subscribes as the console's call
    // arrives, so upload until the trace shows it (each attempt is a new PUT of the same key).
    const row = page.locator(`[data-testid="${trace.row}"][data-api="s3.PutObject"]`, { hasText: KEY });
    const s3 = rootS3Client(stack);
    for (let attempt = 0; (await row.count()) === 0; attempt++) {
      expect(attempt, 'the upload never appeared in the trace').toBeLessThan(20);
      await s3.putObject(BUCKET, KEY, Buffer.from(`traced upload ${attempt}`));
      await row
        .first()
        .waitFor({ timeout: 1500 })
        .catch(() => undefined);
    }
    const text = await row.first().textContent();
    expect(text).toContain(`/${BUCKET}/${KEY}`);
    expect(text).toContain('200 OK');
    await page.mouse.move(1300, 840);
    await check('running');
  });

  it('Stop marks the trace stopped and enables the filters again', async () => {
    await page.getByTestId(trace.stop).click();
    await page.locator(`[data-testid="${trace.state}"][data-state="stopped"]`).waitFor();
    expect(await page.getByTestId(trace.call('s3')).isDisabled()).toBe(false);
    // 'All' overrides the rest: the single kinds are ticked and disabled.
    await page.getByTestId(trace.call('all')).check();
    expect(await page.getByTestId(trace.call('os')).isChecked()).toBe(true);
    expect(await page.getByTestId(trace.call('os')).isDisabled()).toBe(true);
    await page.getByTestId(trace.call('all')).uncheck();
    expect(await page.getByTestId(trace.call('os')).isChecked()).toBe(false);
  });

  it('Error Logs shows the error entry of a failed request; Highlight Line marks it', async () => {
    await page.getByTestId(TEST_IDS.layout.menuItem('/logs')).click();
    await page.getByTestId(logs.errorLogs).waitFor();
    // The console keeps an audit log and root may read it: Audit Logs is enabled (audit-logs.e2e).
    expect(await page.getByTestId(logs.tab('audit')).isDisabled()).toBe(false);
    await page.locator(`[data-testid="${logs.state}"][data-state="running"]`).waitFor();
    // A request for a sub-resource the engine does not implement: a 501 it logs as an error.
    const failed = await fetch(`${stack.engineUrl}/${BUCKET}/${KEY}?torrent`);
    expect(failed.status).toBe(501);
    const requestId = failed.headers.get('x-amz-request-id') ?? '';
    expect(requestId).not.toBe('');
    const line = page.locator(`[data-testid="${logs.line}"][data-level="ERROR"]`, { hasText: requestId });
    await line.waitFor();
    expect(await line.getAttribute('data-highlighted')).toBe('no');
    await page.getByTestId(logs.highlight).fill(requestId.toLowerCase());
    await page
      .locator(`[data-testid="${logs.line}"][data-highlighted="yes"]`, { hasText: requestId })
      .waitFor();
    expect(await page.locator(`[data-testid="${logs.line}"][data-highlighted="yes"]`).count()).toBe(1);
    await page.mouse.move(1300, 840);
    await check('error-logs');
  });
});
