/**
 * The object details page end to end (issue 9 §1), in a real Chromium against the real engine and
 * console server processes, in a bucket created with object locking (so versioned) holding three
 * versions of one file: tags added and deleted, legal hold on and off, a governance retention set
 * then removed, a compliance retention whose removal the engine refuses (the modal shows its
 * message), the Versions tab listing v1..v3 against the engine's version ids, a download of v1
 * byte-identical to what was uploaded first, and deleting an unprotected version (a protected one
 * is refused inside the modal). Each change is checked against what the console API reads back
 * from the engine. axe (no serious or critical violations) on the page, its modals and the Versions
 * tab (the page and the refusal also in the dark scheme); screenshots under
 * test-results/screenshots/object-details-*.png. The steps share one page and run in order.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import { seriousViolations } from './harness/axe.js';
import { screenshot } from './harness/browser.js';
import {
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
  signInAsRoot,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startStack } from './harness/stack.js';
import type { Stack } from './harness/stack.js';
import { ObjectDetailsPage } from './pages/object-details-page.js';

const BUCKET = 'e2e-locked';
const KEY = 'docs/report.txt';
const ids = TEST_IDS.objectDetails;

interface Entry {
  name: string;
  version_id?: string;
  is_latest?: boolean;
  tags?: Record<string, string>;
  legal_hold_status?: string;
  retention_mode?: string;
}

let stack: Stack;
let browser: BrowserPage;
let page: Page;
let details: ObjectDetailsPage;

async function check(name: string): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await screenshot(page, `object-details-${name}`);
  const violations = await seriousViolations(page);
  expect(violations, `axe on ${name}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
}

const checkBothSchemes = (name: string) => expectAccessibleInBothSchemes(page, 'object-details', name);

/** The key's versions as the console API reads them from the engine, newest first. */
async function stored(): Promise<Entry[]> {
  const res = await page.request.get(
    `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects?prefix=${encodeURIComponent(KEY)}&with_versions=true&with_metadata=true`,
  );
  expect(res.status()).toBe(200);
  return ((await res.json()) as { objects: Entry[] }).objects;
}

async function latest(): Promise<Entry | undefined> {
  return (await stored()).find((e) => e.is_latest === true);
}

async function uploadVersion(n: number): Promise<void> {
  const res = await page.request.post(
    `${stack.consoleUrl}/api/v1/buckets/${BUCKET}/objects/upload?prefix=docs/`,
    {
      multipart: {
        file: { name: 'report.txt', mimeType: 'text/plain', buffer: Buffer.from(`version ${n}\n`) },
      },
    },
  );
  expect(res.status()).toBe(200);
}

/** A date `days` from now as the date field takes it (YYYY-MM-DD, UTC). */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

beforeAll(async () => {
  stack = await startStack();
  browser = await openBrowserPage({
    acceptDownloads: true,
  });
  page = browser.page;
  details = new ObjectDetailsPage(page);
});

afterEach(({ task }) => screenshotIfFailed(page, 'object-details', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('object details in Chromium', () => {
  it('signs in, creates a locked bucket with three versions of a file and opens its details', async () => {
    await signInAsRoot(page, stack.consoleUrl);
    const created = await page.request.post(`${stack.consoleUrl}/api/v1/buckets`, {
      data: { name: BUCKET, versioning: true, locking: true },
    });
    expect(created.status()).toBe(201);
    for (const n of [1, 2, 3]) await uploadVersion(n);
    expect(await stored()).toHaveLength(3);

    await details.open(stack.consoleUrl, BUCKET, KEY);
    expect(await details.text(ids.header)).toBe('Object Browser > Details');
    await details.waitForValue(ids.legalHold, 'Off');
    expect(await details.text(ids.retention)).toBe('Undefined');
    await checkBothSchemes('details');
  });

  it('adds two tags (a new key, then the same key overwritten) and deletes one', async () => {
    await details.openModal(ids.addTag, 'Add New Tag');
    await check('add-tag-modal');
    await page.getByTestId(TEST_IDS.tagModal.key).fill('project');
    // Save waits for both fields (spec 2 §5).
    expect(await page.getByTestId(TEST_IDS.tagModal.save).isDisabled()).toBe(true);
    await page.getByTestId(TEST_IDS.tagModal.value).fill('apollo');
    await page.getByTestId(TEST_IDS.tagModal.save).click();
    await details.waitClosed('Add New Tag');
    await page.getByTestId(ids.tag('project')).filter({ hasText: 'project: apollo' }).waitFor();

    await details.addTag('stage', 'draft');
    await details.addTag('project', 'gemini');
    await page.getByTestId(ids.tag('project')).filter({ hasText: 'project: gemini' }).waitFor();
    expect((await latest())?.tags).toEqual({ project: 'gemini', stage: 'draft' });

    await page.getByTestId(ids.deleteTag('stage')).click();
    await details.dialog('Delete Tag').waitFor();
    await check('delete-tag-modal');
    await details.dialog('Delete Tag').getByRole('button', { name: 'Cancel' }).click();
    await details.waitClosed('Delete Tag');
    await details.deleteTag('stage');
    expect((await latest())?.tags).toEqual({ project: 'gemini' });
  });

  it('turns the legal hold on and off', async () => {
    await details.openModal(ids.editLegalHold, 'Set Legal Hold');
    await check('legal-hold-modal');
    await details.dialog('Set Legal Hold').getByRole('button', { name: 'Cancel' }).click();
    await details.waitClosed('Set Legal Hold');

    await details.toggleLegalHold();
    await details.waitForValue(ids.legalHold, /^on$/);
    expect((await latest())?.legal_hold_status).toBe('ON');
    await details.toggleLegalHold();
    await details.waitForValue(ids.legalHold, /^off$/);
    expect((await latest())?.legal_hold_status).toBe('OFF');
  });

  it('sets a governance retention, then removes it by disabling the status', async () => {
    await details.openModal(ids.editRetention, 'Set Retention Policy');
    await details.toggleRetentionStatus();
    await details.chooseRetention('Governance', dayFromNow(1));
    await check('retention-modal');
    expect(await details.saveRetention()).toBeUndefined();
    await details.waitForValue(ids.retention, /^Governance until /);
    expect((await latest())?.retention_mode).toBe('governance');

    await details.openModal(ids.editRetention, 'Set Retention Policy');
    // Once set, the type is locked.
    expect(await page.getByTestId(`${TEST_IDS.retentionModal.type}-compliance`).isDisabled()).toBe(true);
    await details.toggleRetentionStatus();
    expect(await details.saveRetention()).toBeUndefined();
    await details.waitForValue(ids.retention, 'Undefined');
    expect((await latest())?.retention_mode).toBeUndefined();
  });

  it('sets a compliance retention; removing it is refused with the server message', async () => {
    await details.openModal(ids.editRetention, 'Set Retention Policy');
    await details.toggleRetentionStatus();
    await details.chooseRetention('Compliance', dayFromNow(1));
    expect(await details.saveRetention()).toBeUndefined();
    await details.waitForValue(ids.retention, /^Compliance until /);

    await details.openModal(ids.editRetention, 'Set Retention Policy');
    await details.toggleRetentionStatus();
    const refused = await details.saveRetention();
    expect(refused).toContain('Access Denied because object protected by object lock.');
    await checkBothSchemes('retention-refused');
    await page.getByTestId(TEST_IDS.retentionModal.cancel).click();
    await details.waitClosed('Set Retention Policy');
    expect(await details.text(ids.retention)).toMatch(/^Compliance until /);
    expect((await latest())?.retention_mode).toBe('compliance');
  });

  it('lists v1..v3 on the Versions tab and downloads v1 as first uploaded', async () => {
    await details.openVersions();
    const engineVersions = (await stored()).map((e) => e.version_id ?? '');
    expect(await details.versionRows()).toEqual([
      ['v3', engineVersions[0], 'No'],
      ['v2', engineVersions[1], 'No'],
      ['v1', engineVersions[2], 'No'],
    ]);
    await checkBothSchemes('versions');

    const download = await details.downloadVersion(engineVersions[2] ?? '');
    expect(download.suggestedFilename()).toBe('report.txt');
    expect((await readFile(await download.path())).toString()).toBe('version 1\n');

    await page.getByTestId(ids.versionsSearch).fill((engineVersions[1] ?? '').slice(0, 8));
    await expect.poll(async () => (await details.versionRows()).map((r) => r[0])).toEqual(['v2']);
  });

  it('deletes an unprotected version from the Versions tab; a protected one is refused inside the modal', async () => {
    const [v3, v2] = (await stored()).map((e) => e.version_id ?? '');
    await page.getByTestId(ids.versionsSearch).fill('');
    // v2 has no retention and no legal hold: it goes.
    await page.getByTestId(ids.versionDelete(v2 ?? '')).click();
    await details.dialog('Delete Version').waitFor();
    await check('delete-version-modal');
    await page.getByTestId(TEST_IDS.deleteVersionModal.confirm).click();
    await details.waitClosed('Delete Version');
    await page.getByTestId(ids.versionRow(v2 ?? '')).waitFor({ state: 'detached' });
    expect((await stored()).map((e) => e.version_id)).not.toContain(v2);

    // v3 is under the compliance retention set above: the engine refuses, the modal says why.
    await page.getByTestId(ids.versionDelete(v3 ?? '')).click();
    await page.getByTestId(TEST_IDS.deleteVersionModal.confirm).click();
    const error = page.getByTestId(TEST_IDS.deleteVersionModal.error);
    await error.waitFor();
    expect(await error.textContent()).toContain('could not be deleted');
    await details.dialog('Delete Version').getByRole('button', { name: 'Cancel' }).click();
    await details.waitClosed('Delete Version');
    expect((await stored()).map((e) => e.version_id)).toContain(v3);
  });

  it('raised no uncaught errors in the page', () => {
    expect(browser.errors).toEqual([]);
  });
});
