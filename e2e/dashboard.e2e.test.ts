/**
 * The dashboard end to end (issue 11), in a real Chromium against the real engine and console
 * server processes and no Prometheus: the console scrapes the engine's metrics itself (every
 * second here) and the widgets draw charts from that history. Steps: the Dashboard menu entry;
 * Summary's figures and pie; Traffic's request-rate line after S3 calls; Resources' memory line;
 * a layout change kept across a reload; /metrics without the side menu. Every tab is scanned with
 * axe and photographed in the light and the dark scheme (test-results/screenshots/dashboard-*.png).
 * Waits are for the widgets' data state (`data-state="ready"` and the chart's drawn SVG), never
 * for time. The steps share one page and run in order.
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

const BUCKET = 'e2e-dashboard';
const dash = TEST_IDS.dashboard;

let stack: Stack;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'dashboard', name);
const widget = (id: number) => page.getByTestId(dash.widget(id));
/**
 * A widget's chart element once its series are drawn (attached: a flat line has an empty box,
 * which Playwright counts as hidden).
 */
const drawn = (id: number, selector: string) => ({
  waitFor: () =>
    page
      .locator(`[data-testid="${dash.widget(id)}"][data-state="ready"] ${selector}`)
      .first()
      .waitFor({ state: 'attached' }),
  textContent: () =>
    page
      .locator(`[data-testid="${dash.widget(id)}"][data-state="ready"] ${selector}`)
      .first()
      .textContent(),
});

beforeAll(async () => {
  stack = await startStack({ consoleArgs: ['--metrics-interval', '1'] });
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'dashboard', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Dashboard in Chromium, without Prometheus', () => {
  it('opens from the menu and shows Summary with figures and the capacity pie', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });
    await rootS3Client(stack).putObject(BUCKET, 'hello.txt', Buffer.from('hello dashboard'));
    await page.getByTestId(TEST_IDS.layout.menuItem('/dashboard')).click();
    await page.getByTestId(dash.grid).waitFor();
    const drives = drawn(5, '[data-role="widget-value"]');
    await drives.waitFor();
    expect(await drives.textContent()).toBe('4');
    await drawn(7, '.recharts-pie-sector').waitFor();
    expect(await widget(7).locator('.recharts-pie-sector').count()).toBe(2);
    expect(await widget(7).locator('.recharts-legend-item-text').allTextContents()).toEqual(['Used', 'Free']);
    await drawn(4, '[data-role="widget-value"]').waitFor();
    await page.mouse.move(1300, 840);
    await check('summary');
  });

  it('draws the S3 request rate on Traffic once requests were made', async () => {
    const s3 = rootS3Client(stack);
    await page.getByTestId(dash.tab('traffic')).click();
    // Requests keep coming until a scrape has seen the rate rise above zero and the chart shows it.
    let answered = false;
    const traffic = (async () => {
      while (!answered) await s3.bucketExists(BUCKET).catch(() => (answered = true));
    })();
    await page.getByTestId(dash.sync).click();
    await page.locator(`[data-testid="${dash.widget(10)}"][data-state="ready"]`).waitFor();
    try {
      // A line needs two points: a rate is the difference of two scrapes, so three scrapes must
      // have happened (on a loaded machine the chart first drew a lone point and waited in vain).
      await page.waitForFunction(
        async (url) => {
          const r = await fetch(url);
          const body = (await r.json()) as { series: { values: [number, number][] }[] };
          return body.series.some((s) => s.values.length >= 2 && s.values.some(([, v]) => v > 0));
        },
        `${stack.consoleUrl}/api/v1/admin/info/widgets/10/?step=0`,
        { polling: 500, timeout: 30_000 },
      );
    } finally {
      answered = true;
      await traffic;
    }
    await page.getByTestId(dash.sync).click();
    await drawn(10, '.recharts-line-curve').waitFor();
    await drawn(14, '.recharts-bar-rectangle').waitFor();
    await page.mouse.move(1300, 840);
    await check('traffic');
  });

  it('draws node memory, drives and their latency on Resources', async () => {
    await page.getByTestId(dash.tab('resources')).click();
    await drawn(16, '.recharts-line-curve').waitFor();
    await drawn(20, '.recharts-bar-rectangle').waitFor();
    // Drive latency: the bucket and object written earlier went through the drives' commits.
    await drawn(21, '.recharts-line-curve').waitFor();
    await page.mouse.move(1300, 840);
    await check('resources');
  });

  it('keeps a layout change across a reload (stored locally)', async () => {
    await page.getByTestId(dash.tab('summary')).click();
    const card = widget(8);
    await card.waitFor();
    expect(await card.evaluate((el) => (el as HTMLElement).style.gridColumn)).toBe('span 4');
    await page.getByTestId(dash.resize(8)).click();
    expect(await card.evaluate((el) => (el as HTMLElement).style.gridColumn)).toBe('span 2');
    await page.reload();
    await widget(8).waitFor();
    expect(await widget(8).evaluate((el) => (el as HTMLElement).style.gridColumn)).toBe('span 2');
    expect(await page.evaluate(() => window.localStorage.getItem('coffer.dashboardLayout'))).toBeTruthy();
  });

  it('shows the same widgets on /metrics without the side menu', async () => {
    await page.goto(`${stack.consoleUrl}/metrics`);
    await drawn(7, '.recharts-pie-sector').waitFor();
    expect(await page.getByTestId(TEST_IDS.layout.sidebar).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Metrics');
    await page.mouse.move(1300, 840);
    await check('metrics');
  });
});
