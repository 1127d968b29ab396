/**
 * Operator mode end to end (issue 15 proof, spec 3 §2 and spec 1's operator login), in a real
 * Chromium against the real console server in operator mode and the cluster simulator — a
 * Kubernetes API server whose simulated MinIO operator runs real engine processes per pool:
 * - sign in with the cluster's service-account JWT ('Operator Login'), the operator title, the
 *   Operator menu with License under it;
 * - the demo tenant in the list; its summary, its pods, one pod's events and log;
 * - the hop into the tenant's own console (proxied), creating a bucket there on the tenant's engine;
 * - Expand Tenant (a second pool, read back from the cluster), Storage's volumes, formatting a
 *   direct-csi drive ('YES, PROCEED') until it is Ready, and deleting the tenant by its typed name.
 * Independent of the wizard (features/tenant-create): the tenant is the simulator's demo tenant.
 * axe-clean, photographed light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TEST_IDS as ids } from '../packages/web/src/operator-selectors.js';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
} from './harness/browser-page.js';
import type { BrowserPage } from './harness/browser-page.js';
import { startOperatorStack } from './harness/operator-stack.js';
import type { OperatorStack } from './harness/operator-stack.js';

const NS = 'tenant-demo';
const TENANT = 'demo';
const KEY = `${NS}/${TENANT}`;
const TENANT_URL = `/namespaces/${NS}/tenants/${TENANT}`;
const BUCKET = 'hopped-bucket';

let stack: OperatorStack;
let consoleUrl: string;
let browser: BrowserPage;
let page: Page;

/** axe in both schemes, the pointer parked off the menus (a hovered active entry is a transient state). */
async function check(name: string): Promise<void> {
  await page.mouse.move(0, 0);
  await expectAccessibleInBothSchemes(page, 'operator', name);
}

/** What the console answers for a call, with this browser's session. */
async function api<T>(path: string): Promise<T> {
  const response = await page.request.get(`${consoleUrl}/api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** Polls a console call until `ok` holds: waiting for the cluster's state, never for time. */
async function until<T>(what: string, path: string, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 150_000;
  let last: T = await api<T>(path);
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last).slice(0, 400)}`);
    await page.waitForTimeout(250);
    last = await api<T>(path);
  }
  return last;
}

beforeAll(async () => {
  stack = await startOperatorStack({ demoTenant: true, stepMs: 30, monitorMs: 500 });
  consoleUrl = stack.consoleUrl;
  browser = await openBrowserPage();
  page = browser.page;
});

afterEach(async (context) => screenshotIfFailed(page, 'operator', context.task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('operator mode (spec 3 §2, spec 1 operator login)', () => {
  it('signs in with the service-account JWT and lands on the tenant list under the operator title', async () => {
    await page.goto(`${consoleUrl}/login`);
    await page.getByRole('heading', { name: 'Operator Login' }).waitFor();
    await check('login');
    const submit = page.getByTestId(TEST_IDS.login.submit);
    expect(await submit.isDisabled()).toBe(true);
    await page.getByTestId(TEST_IDS.login.jwt).fill('not-a-token');
    await submit.click();
    await page.getByTestId(TEST_IDS.login.errorBanner).waitFor();
    await page.getByTestId(TEST_IDS.login.jwt).fill(stack.token);
    await submit.click();
    await page.getByTestId(ids.tenants.screen).waitFor();
    expect(await page.title()).toBe('Coffer Operator');
    // License sits under Operator when the tenants page is allowed (spec 1 §2).
    const operatorGroup = page.getByTestId(TEST_IDS.layout.menuGroup('Operator'));
    await operatorGroup.getByTestId(TEST_IDS.layout.menuItem('/license')).waitFor();
    expect(await page.getByTestId(TEST_IDS.layout.menuGroup('License')).count()).toBe(0);
    // The License page offers activation only in operator mode (spec 2 §2).
    await operatorGroup.getByTestId(TEST_IDS.layout.menuItem('/license')).click();
    await page.getByTestId(TEST_IDS.license.activate).waitFor();
    await check('license');
    await operatorGroup.getByTestId(TEST_IDS.layout.menuItem('/tenants')).click();
  });

  it('lists the demo tenant with its health and opens its summary', async () => {
    await page.getByTestId(ids.tenants.row(KEY)).waitFor();
    await until<{ tenants: { name: string; currentState: string; health_status: string }[] }>(
      'the demo tenant initialised and healthy',
      '/tenants',
      ({ tenants }) =>
        tenants.some(
          (t) => t.name === TENANT && t.currentState === 'Initialized' && t.health_status === 'green',
        ),
    );
    await page.getByTestId(ids.tenants.refresh).click();
    await page.locator(`[data-testid="${ids.tenants.health(KEY)}"][data-health="green"]`).waitFor();
    await check('tenants');
    await page.getByTestId(ids.tenants.view(KEY)).click();
    await page.getByTestId(ids.tenantSummary.screen).waitFor();
    expect(page.url()).toBe(`${consoleUrl}${TENANT_URL}/summary`);
    expect(await page.getByTestId(ids.tenantSummary.field('state')).textContent()).toBe('Initialized');
    expect(await page.getByTestId(ids.tenantSummary.field('instances')).textContent()).toBe('4');
    await page.getByText(/^Used: /).waitFor();
    await check('tenant-summary');
  });

  it("edits the tenant's YAML, showing the API server's refusal in the dialog", async () => {
    await page.getByTestId(ids.tenantDetail.editYaml).click();
    const editor = page.getByTestId(ids.editYaml.editor);
    await page.waitForFunction(
      (id) =>
        (document.querySelector(`[data-testid="${id}"]`) as HTMLTextAreaElement | null)?.value.includes(
          'kind: Tenant',
        ),
      ids.editYaml.editor,
    );
    const yaml = await editor.inputValue();
    await check('edit-yaml');
    // A pool without servers: the Tenant schema refuses it, and the dialog says so in red.
    await editor.fill(yaml.replace(/servers: \d+/, 'servers: many'));
    await page.getByTestId(ids.editYaml.save).click();
    await page.getByTestId(ids.editYaml.error).waitFor();
    await check('edit-yaml-error');
    await editor.fill('');
    expect(await page.getByTestId(ids.editYaml.save).isDisabled()).toBe(true);
    await editor.fill(yaml);
    await page.getByTestId(ids.editYaml.save).click();
    await page.getByTestId(ids.editYaml.modal).waitFor({ state: 'hidden' });
    await page.getByText('The tenant specification was saved').waitFor();
  });

  it('shows the metrics (the tenant console through the hop), security and license tabs', async () => {
    await page.getByTestId(ids.tenantDetail.menuItem('metrics')).click();
    const metrics = page.frameLocator(`[data-testid="${ids.tenantMetrics.frame}"]`);
    await metrics.getByTestId(TEST_IDS.dashboard.screen).waitFor({ timeout: 90_000 });
    await check('tenant-metrics');
    await page.getByTestId(ids.tenantDetail.menuItem('security')).click();
    await page.getByTestId(ids.tenantSecurity.autoCert).waitFor();
    await check('tenant-security');
    await page.getByTestId(ids.tenantDetail.menuItem('license')).click();
    await page.getByTestId(ids.tenantLicense.screen).waitFor();
    await check('tenant-license');
  });

  it("shows the tenant's pods, a pod's events and its log", async () => {
    await page.getByTestId(ids.tenantDetail.menuItem('pods')).click();
    const pod = `${TENANT}-pool-0-0`;
    await page.getByTestId(ids.tenantPods.row(pod)).waitFor();
    expect(await page.getByTestId(ids.tenantPods.row(pod)).textContent()).toContain('Running');
    await check('tenant-pods');
    await page.getByTestId(ids.tenantPods.view(pod)).click();
    await page.getByTestId(ids.podDetail.event(0)).waitFor();
    await check('pod-events');
    await page.getByTestId(ids.podDetail.tab('logs')).click();
    await page.getByTestId(ids.podDetail.logLine(0)).waitFor();
    const lines = await page.getByTestId(ids.podDetail.logs).textContent();
    expect(lines?.length ?? 0).toBeGreaterThan(0);
    // Highlight a word of the first line, in other letter case: that line is marked.
    const first = (await page.getByTestId(ids.podDetail.logLine(0)).textContent()) ?? '';
    const word = first.split(/\s+/).find((w) => /[a-z]{3,}/i.test(w)) ?? first;
    await page.getByTestId(ids.podDetail.highlight).fill(word.toUpperCase());
    await page.locator(`[data-testid="${ids.podDetail.logLine(0)}"][data-highlighted="true"]`).waitFor();
    await check('pod-logs');
  });

  it("hops into the tenant's own console and creates a bucket there, on the tenant's engine", async () => {
    await page.goto(`${consoleUrl}${TENANT_URL}/summary`);
    await page.getByTestId(ids.tenantSummary.managementUi).click();
    await page.getByTestId(ids.management.screen).waitFor();
    // The side menu is hidden on …/hop (spec 1 §2).
    expect(await page.getByTestId(TEST_IDS.layout.sidebar).count()).toBe(0);
    const frame = page.frameLocator(`[data-testid="${ids.management.frame}"]`);
    // The tenant's console signs in by itself (the hop): its own side menu, its own buckets.
    await frame.getByTestId(TEST_IDS.layout.menuItem('/buckets')).click({ timeout: 90_000 });
    await frame.getByTestId(TEST_IDS.buckets.screen).waitFor();
    await check('hop');
    await frame.getByTestId(TEST_IDS.buckets.createBucket).click();
    await frame.getByTestId(TEST_IDS.createBucket.name).fill(BUCKET);
    await frame.getByTestId(TEST_IDS.createBucket.save).click();
    await frame.getByTestId(TEST_IDS.buckets.row(BUCKET)).waitFor();
    // Asked again through the proxy, the tenant's engine holds it.
    await page.getByTestId(ids.management.refresh).click();
    await frame.getByTestId(TEST_IDS.layout.menuItem('/buckets')).click({ timeout: 90_000 });
    await frame.getByTestId(TEST_IDS.buckets.row(BUCKET)).waitFor();
  });

  it('adds a pool (Expand Tenant) that the cluster then holds', async () => {
    await page.goto(`${consoleUrl}${TENANT_URL}/pools`);
    await page.getByTestId(ids.tenantPools.row('pool-0')).waitFor();
    await page.getByTestId(ids.tenantPools.expand).click();
    await page.getByTestId(ids.addPool.servers).fill('4');
    await page.getByTestId(ids.addPool.volumes).fill('1');
    await page.getByTestId(ids.addPool.size).fill('1');
    await check('add-pool');
    await page.getByTestId(ids.addPool.save).click();
    await page.getByTestId(ids.tenantPools.row('pool-1')).waitFor();
    const detail = await api<{
      pools: { name: string; servers: number; volume_configuration: { size: number } }[];
    }>(`${TENANT_URL}`);
    expect(detail.pools.map((p) => p.name)).toEqual(['pool-0', 'pool-1']);
    expect(detail.pools[1]?.volume_configuration.size).toBe(1073741824);
  });

  it("lists the tenant's volumes and formats a drive until it is Ready", async () => {
    await page.getByTestId(TEST_IDS.layout.menuItem('/storage')).click();
    await page.getByTestId(ids.volumes.screen).waitFor();
    await page.getByTestId(ids.volumes.row(`${NS}/data0-${TENANT}-pool-0-0`)).waitFor();
    await check('volumes');

    await page.getByTestId(ids.storage.menuItem('drives')).click();
    const { drives } = await api<{ drives: { drive: string; node: string; status: string }[] }>(
      '/direct-csi/drives',
    );
    // A fresh drive (sdb: no filesystem yet); not owned by direct-csi, so its status carries a '*'.
    const target = drives.find((d) => d.drive === '/dev/sdb1' && d.status.startsWith('Available'));
    expect(target, JSON.stringify(drives)).toBeDefined();
    const key = `${target?.node}:${target?.drive}`;
    await page.getByTestId(ids.drives.row(key)).waitFor();
    await check('drives');
    await page.getByTestId(ids.drives.select(key)).check();
    await page.getByTestId(ids.drives.formatSelected).click();
    const confirm = page.getByTestId(ids.formatDrives.confirm);
    await page.getByTestId(ids.formatDrives.phrase).fill('YES, PROCEED');
    expect(await confirm.isDisabled()).toBe(false);
    await check('format');
    await confirm.click();
    await page.getByTestId(ids.formatDrives.modal).waitFor({ state: 'hidden' });
    await until<{ drives: { drive: string; node: string; status: string }[] }>(
      'the formatted drive Ready',
      '/direct-csi/drives',
      (list) => list.drives.some((d) => `${d.node}:${d.drive}` === key && d.status === 'Ready'),
    );
    await page.getByTestId(ids.drives.refresh).click();
    await page.getByTestId(ids.drives.row(key)).getByText('Ready', { exact: true }).waitFor();
  });

  it('deletes the tenant once its name is typed', async () => {
    await page.getByTestId(TEST_IDS.layout.menuItem('/tenants')).click();
    await page.getByTestId(ids.tenants.delete(KEY)).click();
    const confirm = page.getByTestId(ids.deleteTenant.confirm);
    await page.getByTestId(ids.deleteTenant.input).fill('dem');
    await page.getByTestId(ids.deleteTenant.mismatch).waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await check('delete-tenant');
    await page.getByTestId(ids.deleteTenant.input).fill(TENANT);
    await confirm.click();
    await page.getByText('Tenant Deleted').waitFor();
    await page.getByTestId(ids.tenants.row(KEY)).waitFor({ state: 'detached' });
    const { tenants } = await api<{ tenants: { name: string }[] }>('/tenants');
    expect(tenants.map((t) => t.name)).not.toContain(TENANT);
  });
});
