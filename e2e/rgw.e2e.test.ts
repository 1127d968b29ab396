/**
 * The console in Chromium against Ceph RGW, a real S3 server that is not MinIO (issue 8 §8): sign
 * in (no STS: the keys sign), only the S3 pages in the menu and the admin-only screens absent or
 * explained, create a versioned bucket (quota explained), unknown sizes shown as unknown, a
 * missing bucket not-found, upload, browse, download with identical bytes, delete — and another
 * RGW user's bucket named `minio` changing nothing. axe on every screen; screenshots under
 * test-results/screenshots/rgw-*. The steps share one page and run in order.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { awsS3 } from './harness/awscli.js';
import { expectAccessible, openBrowserPage, screenshotIfFailed } from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startRgwStack, type RgwStack } from './harness/rgw-stack.js';
import { BucketsPage } from './pages/buckets-page.js';
import { LoginPage } from './pages/login-page.js';
import { ObjectBrowserPage } from './pages/object-browser-page.js';
import { Shell } from './pages/shell.js';

const BUCKET = 'rgw-walk';
const OTHER = 'rgw-made-elsewhere';
const FOLDER = 'docs';

let stack: RgwStack;
let browser: BrowserPage;
let page: Page;
let files: string;

const sha256 = async (path: string): Promise<string> =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

const check = (name: string) => expectAccessible(page, 'rgw', name);

beforeAll(async () => {
  stack = await startRgwStack();
  browser = await openBrowserPage({
    acceptDownloads: true,
  });
  page = browser.page;
  files = await mkdtemp(join(tmpdir(), 'coffer-e2e-rgw-files-'));
  await writeFile(join(files, 'notes.txt'), 'A file stored on Ceph RGW through the console.\n');
  // Above the console's default upload part size: a multipart upload to RGW.
  await writeFile(join(files, 'large.bin'), randomBytes(12 * 1024 * 1024));
});

afterEach(({ task }) => screenshotIfFailed(page, 'rgw', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
  if (files !== undefined) await rm(files, { recursive: true, force: true });
});

describe('Coffer console on Ceph RGW in Chromium', () => {
  it('signs in with RGW keys and lists only the S3 pages', async () => {
    const login = new LoginPage(page, stack.consoleUrl);
    await login.open();
    await login.login(stack.alice.accessKey, stack.alice.secretKey);
    const shell = new Shell(page);
    await shell.menuItem('/buckets').waitFor();
    await shell.menuItem('/object-browser').waitFor();
    for (const adminOnly of ['/users', '/groups', '/policies', '/account'])
      expect(await shell.menuItem(adminOnly).count(), adminOnly).toBe(0);
    await page.getByTestId(TEST_IDS.objectBrowser.bucketsScreen).waitFor();
    await check('01-signed-in');
  });

  it('keeps the admin-only screens out of reach', async () => {
    await page.goto(`${stack.consoleUrl}/users`);
    await page.getByTestId(TEST_IDS.layout.notFound).waitFor();
    await page.goto(`${stack.consoleUrl}/account`);
    await page.getByTestId(TEST_IDS.layout.notFound).waitFor();
  });

  it('creates a versioned bucket; quota is explained, sizes the console did not count are unknown', async () => {
    const buckets = new BucketsPage(page);
    await buckets.open(stack.consoleUrl);
    await buckets.fillCreateBucket({ name: BUCKET, versioning: true });
    await page.getByTestId(TEST_IDS.createBucket.noAdminApiMessage).waitFor();
    expect(await page.getByRole('switch', { name: 'Quota' }).isDisabled()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Object Locking' }).isEnabled()).toBe(true);
    expect(await page.getByTestId(TEST_IDS.createBucket.nonErasureMessage).count()).toBe(0);
    await page.locator(`[data-testid="${TEST_IDS.createBucket.save}"]:enabled`).waitFor();
    await check('02-create-bucket');
    await buckets.saveCreateBucket(BUCKET);
    await page.getByRole('dialog', { name: 'Create Bucket' }).waitFor({ state: 'hidden' });
    const versioning = await page.request.get(`${stack.consoleUrl}/api/v1/buckets/${BUCKET}/versioning`);
    expect(await versioning.json()).toMatchObject({ is_versioned: true });
    // RGW reports no usage: the bucket the console just made is counted by listing it (empty),
    // one made by another client has no figure at all.
    const other = await awsS3(join(files, 'aws-alice'), stack.rgw.url, stack.alice, ['mb', `s3://${OTHER}`]);
    expect(other.code, other.stderr).toBe(0);
    await page.reload();
    await page.getByTestId(TEST_IDS.buckets.size(BUCKET)).filter({ hasText: '0 B' }).waitFor();
    await page.getByTestId(TEST_IDS.buckets.size(OTHER)).filter({ hasText: 'Unknown' }).waitFor();
    const removed = await awsS3(join(files, 'aws-alice'), stack.rgw.url, stack.alice, [
      'rb',
      `s3://${OTHER}`,
    ]);
    expect(removed.code, removed.stderr).toBe(0);
    await check('03-buckets');
  });

  it('shows the bucket summary without Access Audit, which is explained when opened', async () => {
    await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/summary`);
    await page.getByTestId(TEST_IDS.buckets.summary).waitFor();
    await page.getByTestId(TEST_IDS.bucketDetail.menuItem('summary')).waitFor();
    expect(await page.getByTestId(TEST_IDS.bucketDetail.menuItem('access')).count()).toBe(0);
    await page.getByText('Enabled', { exact: true }).first().waitFor();
    await check('04-summary');

    await page.goto(`${stack.consoleUrl}/buckets/${BUCKET}/access`);
    await page
      .getByTestId(TEST_IDS.accessAudit.notOffered)
      .filter({ hasText: "this server does not offer MinIO's admin API" })
      .waitFor();
    await check('05-access-audit-not-offered');
  });

  it('shows a bucket that does not exist as not found', async () => {
    await page.goto(`${stack.consoleUrl}/buckets/no-such-bucket/summary`);
    await page.getByTestId(TEST_IDS.bucketDetail.notFound).waitFor();
    expect(await page.getByTestId(TEST_IDS.bucketDetail.menu).count()).toBe(0);
    await check('06-bucket-not-found');
  });

  it('uploads into a folder, browses, and downloads identical bytes', async () => {
    const objects = new ObjectBrowserPage(page);
    const shell = new Shell(page);
    await objects.openBucketList(stack.consoleUrl);
    await objects.openBucket(BUCKET);
    await objects.createFolder(FOLDER);
    await page.getByRole('heading', { level: 1, name: FOLDER }).waitFor();
    await objects.upload([join(files, 'notes.txt'), join(files, 'large.bin')]);
    await shell.notification('Object(s) uploaded successfully.');
    for (const name of ['notes.txt', 'large.bin']) await objects.row(`${FOLDER}/${name}`).waitFor();
    await check('07-folder');

    await page.getByTestId(TEST_IDS.objectBrowser.breadcrumb).getByRole('link', { name: BUCKET }).click();
    await objects.row(`${FOLDER}/`).waitFor();
    await objects.openFolder(`${FOLDER}/`);
    for (const name of ['notes.txt', 'large.bin']) {
      const download = await objects.download(`${FOLDER}/${name}`);
      expect(download.suggestedFilename()).toBe(name);
      expect(await sha256(await download.path())).toBe(await sha256(join(files, name)));
    }
  });

  it("another RGW user's bucket named 'minio' changes nothing", async () => {
    const made = await awsS3(join(files, 'aws'), stack.rgw.url, stack.bob, ['mb', 's3://minio']);
    expect(made.code, made.stderr).toBe(0);
    // The running session, reloaded, and a new one: RGW now answers the admin probe 403, not 404.
    await page.reload();
    const shell = new Shell(page);
    await shell.menuItem('/buckets').waitFor();
    await new ObjectBrowserPage(page).waitForList();
    await shell.logout();
    await new LoginPage(page, stack.consoleUrl).login(stack.alice.accessKey, stack.alice.secretKey);
    await shell.menuItem('/buckets').waitFor();
    expect(await shell.menuItem('/users').count()).toBe(0);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}/${FOLDER}`);
    await new ObjectBrowserPage(page).waitForList();
    await new ObjectBrowserPage(page).row(`${FOLDER}/notes.txt`).waitFor();
    const buckets = new BucketsPage(page);
    await buckets.open(stack.consoleUrl);
    await buckets.row(BUCKET).waitFor();
    expect(await buckets.row('minio').count()).toBe(0);
  });

  it('deletes the objects (every version) and the bucket', async () => {
    const objects = new ObjectBrowserPage(page);
    const shell = new Shell(page);
    await page.goto(`${stack.consoleUrl}/object-browser/${BUCKET}/${FOLDER}`);
    await objects.waitForList();
    await objects.deleteRow(`${FOLDER}/notes.txt`);
    await shell.notification("Object 'notes.txt' deleted successfully.");
    await page.getByTestId(TEST_IDS.objectBrowser.breadcrumb).getByRole('link', { name: BUCKET }).click();
    await objects.row(`${FOLDER}/`).waitFor();
    await objects.deleteRow(`${FOLDER}/`);
    await page
      .getByTestId(TEST_IDS.objectBrowser.empty)
      .filter({ hasText: 'This folder is empty.' })
      .waitFor();
    // A versioned bucket keeps old versions and delete markers: the bucket can go only once they do.
    const purge = await page.request.delete(
      `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects?path=${FOLDER}/&recursive=true&all_versions=true`,
    );
    expect(purge.status()).toBe(200);

    const buckets = new BucketsPage(page);
    await buckets.open(stack.consoleUrl);
    await buckets.deleteBucket(BUCKET);
    expect(browser.errors).toEqual([]);
  });
});
