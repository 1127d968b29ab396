/**
 * Settings and bucket events end to end (issue 10 §4 proof), in a real Chromium against the real
 * engine and console server processes: a webhook notification target is configured in Lambda
 * Notifications (its receiver is a tiny HTTP server of this test), a bucket subscribes to it in its
 * Events tab, an upload reaches the receiver as MinIO's event record; a cache setting, which needs
 * a restart, raises the restart banner, Restart restarts the engine and the banner goes. Every
 * screen is scanned with axe and photographed in the light and the dark scheme, under
 * test-results/screenshots/settings-events-*.png. The steps share one page and run in order.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
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

const BUCKET = 'e2e-events';
const KEY = 'reports/hello.txt';
const TOKEN = 'e2e-receiver-token';
const settings = TEST_IDS.settings;
const lambda = TEST_IDS.lambda;
const events = TEST_IDS.bucketEvents;
const banner = TEST_IDS.restartBanner;

/** What the receiver got: each request's Authorization header and JSON body. */
interface Received {
  authorization: string | undefined;
  body: {
    EventName?: string;
    Key?: string;
    Records?: { eventName: string; s3: { object: { key: string } } }[];
  };
}

/** A webhook receiver on a free loopback port; `next(match)` resolves with the first matching request. */
function startReceiver(): Promise<{
  server: Server;
  url: string;
  next: (match: (r: Received) => boolean) => Promise<Received>;
}> {
  const received: Received[] = [];
  const waiting: { match: (r: Received) => boolean; resolve: (r: Received) => void }[] = [];
  const read = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return (text === '' ? {} : JSON.parse(text)) as Received['body'];
  };
  const server = createServer((request, response) => {
    void read(request).then((body) => {
      const entry = { authorization: request.headers.authorization, body };
      received.push(entry);
      for (const waiter of waiting.filter((w) => w.match(entry))) waiter.resolve(entry);
      response.writeHead(200).end();
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        url: `http://127.0.0.1:${port}/events`,
        next: (match) =>
          new Promise((done) => {
            const already = received.find(match);
            if (already !== undefined) done(already);
            else waiting.push({ match, resolve: done });
          }),
      });
    });
  });
}

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'settings-events', name);
const field = (name: string) => page.getByTestId(settings.field(name));

beforeAll(async () => {
  receiver = await startReceiver();
  stack = await startStack();
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'settings-events', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  await new Promise((resolve) => receiver?.server.close(resolve));
});

describe('Settings and bucket events in Chromium', () => {
  it('signs in, creates a bucket and opens Settings from the menu', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    await createBucket(page, stack.consoleUrl, { name: BUCKET });
    await page.getByTestId(TEST_IDS.layout.menuItem('/settings')).click();
    await page.getByTestId(settings.configEntry('region')).waitFor();
    // Away from the menu item, so the scan sees it as it is, not hovered.
    await page.mouse.move(1300, 840);
    await check('configurations');
  });

  it('adds a webhook target in Lambda Notifications; it runs after the restart the banner asks for', async () => {
    await page.getByTestId(settings.tab('lambda')).click();
    await page.getByTestId(lambda.empty).waitFor();
    await page.getByTestId(lambda.add).click();
    await page.getByTestId(lambda.service('webhook')).waitFor();
    await check('pick-service');
    await page.getByTestId(lambda.service('webhook')).click();
    await page.getByText('Webhook - Add Lambda Notification Target').waitFor();
    await field('endpoint').fill(receiver.url);
    await field('auth_token').fill(TOKEN);
    await field('queue_dir').fill(join(stack.dataDir, 'webhook-queue'));
    await check('webhook-form');
    await page.getByTestId(settings.save).click();
    // A new target runs once the engine restarts (it answers "restart needed", as MinIO does).
    await page.getByTestId(lambda.table).waitFor();
    await page.getByTestId(banner.banner).waitFor();
    await check('restart-needed');
    await page.getByTestId(banner.restart).click();
    await page.getByTestId(banner.banner).waitFor({ state: 'detached', timeout: 90_000 });
    await page.getByTestId(banner.restarting).waitFor({ state: 'detached', timeout: 90_000 });
    await page.getByTestId(lambda.refresh).click();
    const status = page.getByTestId(lambda.status('webhook:1'));
    await status.waitFor();
    expect(await status.textContent()).toBe('Online');
    await check('targets');
  });

  it('subscribes the bucket to the target in its Events tab', async () => {
    await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/summary`);
    await page.getByTestId(TEST_IDS.bucketDetail.menuItem('events')).click();
    await page.getByTestId(events.empty).waitFor();
    await page.getByTestId(events.subscribe).click();
    const arn = page.getByTestId(events.arn);
    await page
      .locator(`[data-testid="${events.arn}"] option[value^="arn:minio:sqs:"]`)
      .waitFor({ state: 'attached' });
    const value = await page
      .locator(`[data-testid="${events.arn}"] option[value^="arn:minio:sqs:"]`)
      .first()
      .getAttribute('value');
    expect(value).toMatch(/^arn:minio:sqs:[^:]*:1:webhook$/);
    await arn.selectOption(value ?? '');
    await page.getByTestId(events.event('put')).check();
    await page.getByTestId(events.prefix).fill('reports/');
    await check('subscribe-modal');
    await page.getByTestId(events.subscribeSave).click();
    const row = page.getByTestId(events.row(0));
    await row.waitFor();
    expect(await row.textContent()).toContain('reports/');
    await check('events-tab');
  });

  it('an upload reaches the receiver as an s3:ObjectCreated:Put record, with the token', async () => {
    const arrived = receiver.next(
      (r) =>
        r.body.Records?.[0]?.s3.object.key === encodeURIComponent(KEY) ||
        r.body.Records?.[0]?.s3.object.key === KEY,
    );
    await rootS3Client(stack).putObject(BUCKET, KEY, Buffer.from('hello events'));
    const got = await arrived;
    expect(got.body.Records?.[0]?.eventName).toBe('s3:ObjectCreated:Put');
    expect(got.body.EventName).toBe('s3:ObjectCreated:Put');
    expect(got.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a cache change needs a restart: the banner shows; Restart restarts and the banner goes', async () => {
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.getByTestId(settings.configEntry('cache')).click();
    await page.getByTestId(settings.notUsedNote).waitFor();
    await page.getByTestId(settings.csvEntry('drives', 0)).fill('/mnt/cache1');
    await page.getByTestId(settings.csvAdd('drives')).click();
    await page.getByTestId(settings.csvEntry('drives', 1)).fill('/mnt/cache2');
    // The CSV value reaches the form 500 ms after typing; Save is enabled once it has.
    await page.locator(`[data-testid="${settings.save}"]:not([disabled])`).waitFor();
    await check('cache-form');
    await page.getByTestId(settings.save).click();
    await page.getByTestId(banner.banner).waitFor();
    expect(await page.getByTestId(banner.banner).textContent()).toContain(
      'The instance needs to be restarted for configuration changes to take effect.',
    );
    const stored = await page.request.get(`${stack.consoleUrl}/api/v1/configs/cache`);
    expect(
      ((await stored.json()) as { key_values: { key: string; value: string }[] }).key_values,
    ).toContainEqual({
      key: 'drives',
      value: '/mnt/cache1,/mnt/cache2',
    });
    // A reload still shows it: the console server remembers.
    await page.reload();
    await page.getByTestId(banner.banner).waitFor();
    await check('restart-banner');
    await page.getByTestId(banner.restart).click();
    await page.getByTestId(banner.banner).waitFor({ state: 'detached', timeout: 90_000 });
    await page.getByTestId(banner.restarting).waitFor({ state: 'detached', timeout: 90_000 });
    await page.reload();
    await page.getByTestId(settings.configEntry('cache')).waitFor();
    const state = await page.request.get(`${stack.consoleUrl}/api/v1/service/restart`);
    expect(await state.json()).toEqual({ restart_required: false });
    expect(await page.getByTestId(banner.banner).count()).toBe(0);
  });

  it('events still arrive after the restart', async () => {
    const key = 'reports/after-restart.txt';
    const arrived = receiver.next(
      (r) => r.body.Records?.[0]?.s3.object.key.endsWith('after-restart.txt') === true,
    );
    await rootS3Client(stack).putObject(BUCKET, key, Buffer.from('still here'));
    expect((await arrived).body.Records?.[0]?.eventName).toBe('s3:ObjectCreated:Put');
  });

  it('the logger webhook screen lists, adds and shows its targets', async () => {
    await page.goto(`${stack.consoleUrl}/settings`);
    await page.getByTestId(settings.configEntry('logger_webhook')).click();
    await page.getByTestId(TEST_IDS.webhooks.screen('logger')).waitFor();
    await page.getByTestId(TEST_IDS.webhooks.add).click();
    await page.getByTestId(TEST_IDS.webhooks.name).fill('ops');
    await page
      .getByTestId(TEST_IDS.webhooks.modal)
      .getByTestId(settings.field('endpoint'))
      .fill(receiver.url);
    await page.getByTestId(TEST_IDS.webhooks.modal).getByTestId(settings.field('auth_token')).fill(TOKEN);
    await check('logger-webhook-modal');
    await page.getByTestId(TEST_IDS.webhooks.modalSave).click();
    await page.getByTestId(TEST_IDS.webhooks.row('logger_webhook:ops')).waitFor();
    await check('logger-webhook');
    expect(browser.errors).toEqual([]);
  });
});
