/**
 * Replication, tiers and lifecycle end to end (issue 12 §4 proof), in a real Chromium against the
 * real engine and console processes and a second engine as the remote: the Set Multiple Bucket
 * Replication wizard replicates two buckets to the second engine and an upload appears there; a
 * MinIO tier added in Settings → Tiers (its name forced to uppercase, the spec's message for a bad
 * character) is the target of a lifecycle transition rule added in the bucket's Lifecycle tab; the
 * object moves to the tier (a one-second lifecycle day, a short scan pause) and still downloads
 * from the object browser, byte for byte. Every screen is scanned with axe and photographed in the
 * light and the dark scheme, under test-results/screenshots/replication-tiers-*.png.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'minio';
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
import { ENGINE_CLI } from './harness/paths.js';
import { rootS3Client } from './harness/root-s3.js';
import { freePort, startProcess, startStack, stopProcess, waitUntilServing } from './harness/stack.js';
import type { Running, Stack } from './harness/stack.js';
import { ObjectBrowserPage } from './pages/object-browser-page.js';

const REMOTE_USER = 'e2e-remote-admin';
const REMOTE_PASSWORD = 'e2e-remote-secret-password';
const SOURCES = ['e2e-repl-a', 'e2e-repl-b'];
const LIFE = 'e2e-life';
const COLD_KEY = 'cold/report.bin';
const wizard = TEST_IDS.replication;
const tiers = TEST_IDS.tiers;
const lifecycle = TEST_IDS.lifecycle;

let stack: Stack;
let remoteDir: string;
let remoteEngine: Running;
let remoteUrl: string;
let remoteS3: Client;
let browser: BrowserPage;
let page: Page;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'replication-tiers', name);

async function remoteNames(bucket: string): Promise<string[]> {
  const names: string[] = [];
  for await (const item of remoteS3.listObjectsV2(bucket, '', true)) if (item.name) names.push(item.name);
  return names;
}

beforeAll(async () => {
  // A lifecycle "day" of one second and a short scan pause: a 1-day transition runs within seconds.
  stack = await startStack({ engineEnv: { COFFER_ILM_DAY_SECONDS: '1', COFFER_SCANNER_INTERVAL: '0.5' } });
  remoteDir = await mkdtemp(join(tmpdir(), 'coffer-e2e-remote-'));
  const port = await freePort();
  remoteUrl = `http://127.0.0.1:${port}`;
  remoteEngine = startProcess(
    'remote engine',
    [ENGINE_CLI, '--address', `127.0.0.1:${port}`, '--data', remoteDir, '--drives', '4'],
    { COFFER_ROOT_USER: REMOTE_USER, COFFER_ROOT_PASSWORD: REMOTE_PASSWORD },
  );
  await waitUntilServing(`${remoteUrl}/minio/health/live`, remoteEngine, 'the remote engine');
  remoteS3 = new Client({
    endPoint: '127.0.0.1',
    port,
    useSSL: false,
    accessKey: REMOTE_USER,
    secretKey: REMOTE_PASSWORD,
  });
  for (const bucket of ['e2e-dest-a', 'e2e-dest-b', 'e2e-warm']) {
    await remoteS3.makeBucket(bucket);
    await remoteS3.setBucketVersioning(bucket, { Status: 'Enabled' });
  }
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(({ task }) => screenshotIfFailed(page, 'replication-tiers', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  await stopProcess(remoteEngine);
  await rm(remoteDir, { recursive: true, force: true });
});

describe('Replication, tiers and lifecycle in Chromium', () => {
  it('replicates two buckets to the second engine with the wizard; an upload appears there', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    for (const name of [...SOURCES, LIFE])
      await createBucket(page, stack.consoleUrl, { name, versioning: true });
    await page.goto(`${stack.consoleUrl}/buckets`);
    for (const name of SOURCES) await page.getByRole('checkbox', { name: `Select bucket ${name}` }).check();
    await page.getByTestId(TEST_IDS.buckets.setReplication).click();

    await page.getByTestId(wizard.targetURL).fill(new URL(remoteUrl).host);
    await page.getByTestId(wizard.useTLS).uncheck();
    await page.getByTestId(wizard.accessKey).fill(REMOTE_USER);
    await page.getByTestId(wizard.secretKey).fill(REMOTE_PASSWORD);
    await check('wizard-remote');
    await page.getByTestId(wizard.next).click();

    // The remote listed its buckets: each origin picks its destination from them.
    const [first, second] = SOURCES.map((name) => page.getByTestId(wizard.destination(name)));
    await first?.locator('option[value="e2e-dest-a"]').waitFor({ state: 'attached' });
    await first?.selectOption('e2e-dest-a');
    await second?.selectOption('e2e-dest-b');
    await check('wizard-assign');
    await page.getByTestId(wizard.create).click();
    // Every bucket worked: the wizard closes.
    await page.getByTestId(wizard.wizard).waitFor({ state: 'hidden' });

    await rootS3Client(stack).putObject('e2e-repl-a', 'hello.txt', Buffer.from('across the wire'));
    await expect.poll(() => remoteNames('e2e-dest-a'), { timeout: 30_000 }).toContain('hello.txt');
  });

  it("lists the bucket's rule on its Replication tab", async () => {
    await page.goto(`${stack.consoleUrl}/buckets/e2e-repl-a/summary`);
    await page.getByTestId(TEST_IDS.bucketDetail.menuItem('replication')).click();
    const table = page.getByTestId(TEST_IDS.replicationTab.table);
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().textContent()).toContain('e2e-dest-a');
    await page.mouse.move(1300, 840);
    await check('replication-tab');
  });

  it('adds a MinIO tier in Settings → Tiers: the name is uppercase, a bad character gets the spec message', async () => {
    await page.goto(`${stack.consoleUrl}/settings?tab=tiers`);
    await page.getByTestId(tiers.empty).waitFor();
    await page.getByTestId(tiers.add).click();
    await page.getByTestId(tiers.type('minio')).waitFor();
    await check('tier-types');
    await page.getByTestId(tiers.type('minio')).click();
    const name = page.getByTestId(tiers.field('name'));
    await name.fill('warm!');
    expect(await name.inputValue()).toBe('WARM!');
    expect(await page.getByTestId(tiers.nameError).textContent()).toBe(
      'Please verify that string is uppercase only and contains valid characters (numbers, dashes & underscores).',
    );
    await name.fill('warm');
    expect(await name.inputValue()).toBe('WARM');
    await page.getByTestId(tiers.field('endpoint')).fill(remoteUrl);
    await page.getByTestId(tiers.field('accesskey')).fill(REMOTE_USER);
    await page.getByTestId(tiers.field('secretkey')).fill(REMOTE_PASSWORD);
    await page.getByTestId(tiers.field('bucket')).fill('e2e-warm');
    await page.getByTestId(tiers.field('prefix')).fill('tiered');
    await page.getByTestId(tiers.field('region')).fill('us-east-1');
    await check('tier-form');
    await page.getByTestId(tiers.save).click();
    const row = page.getByTestId(tiers.row('WARM'));
    await row.waitFor();
    expect(await row.textContent()).toContain('e2e-warm');
    await page.mouse.move(1300, 840);
    await check('tiers');
  });

  it('a transition rule to the tier moves an object there; it still downloads from the console', async () => {
    const body = Buffer.alloc(256 * 1024, 'cold and quiet ');
    await rootS3Client(stack).putObject(LIFE, COLD_KEY, body);
    await page.goto(`${stack.consoleUrl}/buckets/${LIFE}/summary`);
    await page.getByTestId(TEST_IDS.bucketDetail.menuItem('lifecycle')).click();
    expect(await page.getByTestId(lifecycle.empty).textContent()).toBe('There are no Lifecycle rules yet');
    await page.getByTestId(lifecycle.add).click();
    await page.getByTestId(lifecycle.typeTransition).check();
    const storageClass = page.getByTestId(lifecycle.storageClass);
    await storageClass.locator('option[value="WARM"]').waitFor({ state: 'attached' });
    await storageClass.selectOption('WARM');
    await page.getByTestId(lifecycle.days).fill('1');
    await page.getByTestId(lifecycle.prefix).fill('cold/');
    await check('lifecycle-add');
    await page.getByTestId(lifecycle.addSave).click();
    await page.getByTestId(lifecycle.addModal).waitFor({ state: 'hidden' });
    const table = page.getByTestId(lifecycle.table);
    await table.locator('tbody tr').first().waitFor();
    expect(await table.locator('tbody tr').first().textContent()).toContain('WARM');
    await page.mouse.move(1300, 840);
    await check('lifecycle-tab');

    await expect.poll(() => remoteNames('e2e-warm'), { timeout: 30_000 }).toHaveLength(1);

    const objects = new ObjectBrowserPage(page);
    await objects.openBucketList(stack.consoleUrl);
    await objects.openBucket(LIFE);
    await objects.openFolder('cold/');
    const download = await objects.download(COLD_KEY);
    expect((await readFile(await download.path())).equals(body)).toBe(true);
  });
});
