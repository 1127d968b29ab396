/**
 * Audit log search end to end (issue 11 proof: "audit search finds the request by its id"), in a
 * real Chromium against the real engine and console processes, wired as `npm start` wires them
 * (the engine's audit_webhook delivers to the console's audit log): an S3 upload straight to the
 * engine, then Logs → Audit Logs with the request's id in Advanced Filters finds exactly that
 * request; a filter nothing matches shows 'There is no information with this criteria'; a column
 * switched off leaves the table; Timestamp sorts; scrolling to the end loads the next page. axe-clean, photographed light and dark
 * (test-results/screenshots/audit-logs-*.png).
 */
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

const BUCKET = 'e2e-audit';
const ids = TEST_IDS.auditLogs;

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let requestId = '';

const check = (name: string) => expectAccessibleInBothSchemes(page, 'audit-logs', name);
const rows = () => page.getByTestId(ids.row);

beforeAll(async () => {
  stack = await startStack({ auditLog: true });
  browser = await openBrowserPage();
  page = browser.page;
  const s3 = rootS3Client(stack);
  await s3.makeBucket(BUCKET, 'us-east-1');
  const url = await s3.presignedPutObject(BUCKET, 'reports/found-me.txt', 600);
  const res = await fetch(url, { method: 'PUT', body: 'found me' });
  expect(res.status).toBe(200);
  requestId = res.headers.get('x-amz-request-id') ?? '';
  expect(requestId).not.toBe('');
});

afterEach(({ task }) => screenshotIfFailed(page, 'audit-logs', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Audit Logs in Chromium', () => {
  it('opens Logs from the menu with the Audit Logs form', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await page.getByTestId(TEST_IDS.layout.menuItem('/logs')).click();
    await page.getByTestId(TEST_IDS.logs.tab('audit')).click();
    await page.getByTestId(ids.submit).waitFor();
    expect(new URL(page.url()).search).toBe('?view=audit');
    await page.getByTestId(ids.advancedToggle).click();
    await page.getByTestId(ids.hint).waitFor();
    await check('form');
  });

  it('finds the upload by its request id', async () => {
    await page.getByTestId(ids.filter('request_id')).fill(requestId);
    // The delivery is asynchronous: ask again until the entry has arrived.
    await expect
      .poll(
        async () => {
          await page.getByTestId(ids.submit).click();
          await page.getByTestId(ids.table).waitFor();
          await page.locator(`[data-testid="${ids.row}"], [data-testid="${ids.empty}"]`).first().waitFor();
          return rows().count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(1);
    const cells = rows().first().locator('td');
    const text = (column: string) => rows().first().locator(`td[data-column="${column}"]`).textContent();
    expect(await text('request_id')).toBe(requestId);
    expect(await text('api_name')).toBe('PutObject');
    expect(await text('bucket')).toBe(BUCKET);
    expect(await text('object')).toBe('reports/found-me.txt');
    expect(await text('response_status')).toBe('200 OK');
    expect(await text('request_content_length')).toBe(String('found me'.length));
    expect(await cells.count()).toBe(11);
    await page.mouse.move(1300, 840);
    await check('found');
  });

  it('loads the next page of 100 when the table is scrolled to its end', async () => {
    const s3 = rootS3Client(stack);
    for (let i = 0; i < 120; i += 1) await s3.statObject(BUCKET, 'reports/found-me.txt');
    await page.getByTestId(ids.filter('request_id')).fill('');
    await page.getByTestId(ids.filter('api_name')).fill('HeadObject');
    await expect
      .poll(
        async () => {
          await page.getByTestId(ids.submit).click();
          await page.getByTestId(ids.table).waitFor();
          await page.locator(`[data-testid="${ids.row}"], [data-testid="${ids.empty}"]`).first().waitFor();
          return rows().count();
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(100);
    await page.getByTestId(ids.loadMore).scrollIntoViewIfNeeded();
    await expect.poll(() => rows().count(), { timeout: 15_000 }).toBe(120);
    await page.getByTestId(ids.filter('api_name')).fill('');
    await page.getByTestId(ids.filter('request_id')).fill(requestId);
    await page.getByTestId(ids.submit).click();
    await expect.poll(() => rows().count()).toBe(1);
  });

  it('switches a column off, sorts by Timestamp, and says when nothing matches', async () => {
    await page.getByTestId(ids.columns).click();
    await page.getByTestId(ids.columnToggle('user_agent')).click();
    await page.keyboard.press('Escape');
    expect(await rows().first().locator('td').count()).toBe(10);
    expect(await rows().first().locator('td[data-column="user_agent"]').count()).toBe(0);
    const header = page.locator('th[aria-sort]');
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    await page.getByTestId(ids.sortTime).click();
    await page.locator('th[aria-sort="ascending"]').waitFor();
    await rows().first().waitFor();
    await page.getByTestId(ids.filter('request_id')).fill('');
    await page.getByTestId(ids.filter('bucket')).fill('no-such-bucket-*');
    await page.getByTestId(ids.submit).click();
    await page.getByTestId(ids.empty).waitFor();
    expect(await page.getByTestId(ids.empty).textContent()).toBe(
      'There is no information with this criteria',
    );
    await check('empty');
  });
});
