/**
 * The Create New Tenant wizard end to end (issue 15: "create a tenant through the wizard, see its
 * pods come up"), in a real Chromium against the console server in operator mode and the
 * simulated Kubernetes cluster (whose operator starts a real engine for the tenant): operator
 * login with a service-account JWT, the list's Create Tenant, a bad tenant name refused with the
 * spec's message, a namespace that does not exist yet created from the wizard, every advanced step,
 * the size step's parity from the server, Create, the credentials dialog, the tenant listed, and
 * its four pods Running. axe-clean, photographed light and dark (test-results/screenshots/
 * tenant-create-*.png).
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_TEST_IDS } from '../packages/web/src/operator-selectors.js';
import { TEST_IDS } from '../packages/web/src/selectors.js';
import {
  expectAccessibleInBothSchemes,
  openBrowserPage,
  screenshotIfFailed,
  type BrowserPage,
} from './harness/browser-page.js';
import { startOperatorStack, type OperatorStack } from './harness/operator-stack.js';
import { TenantWizardPage } from './pages/tenant-wizard-page.js';

const TENANT = 'e2e-tenant';
const NAMESPACE = 'e2e-wizard';
const ids = TEST_IDS.tenantCreate;

let stack: OperatorStack;
let browser: BrowserPage;
let page: Page;
let wizard: TenantWizardPage;

const check = (name: string) => expectAccessibleInBothSchemes(page, 'tenant-create', name);

beforeAll(async () => {
  stack = await startOperatorStack();
  browser = await openBrowserPage();
  page = browser.page;
  wizard = new TenantWizardPage(page, stack.consoleUrl);
});

afterEach(({ task }) => screenshotIfFailed(page, 'tenant-create', task));

afterAll(async () => {
  await browser?.browser.close();
  await stack?.stop();
});

describe('Create New Tenant wizard in Chromium', () => {
  it('signs in as operator and opens the wizard from the tenant list', async () => {
    await wizard.signIn(stack.token);
    await page.getByTestId(OPERATOR_TEST_IDS.tenants.create).click();
    await wizard.at('nameTenant');
    expect(new URL(page.url()).pathname).toBe('/tenants/add');
    expect(await wizard.next.isDisabled()).toBe(true);
  });

  it('refuses a bad tenant name with the spec’s message', async () => {
    await wizard.field('tenantName').fill('Bad_Name');
    await page
      .getByText("Name only can contain lowercase letters, numbers and '-'. Min. Length: 3")
      .waitFor();
    expect(await wizard.next.isDisabled()).toBe(true);
    await check('name-invalid');
  });

  it('creates the missing namespace from the wizard', async () => {
    await wizard.field('tenantName').fill(TENANT);
    await wizard.field('namespace').fill(NAMESPACE);
    // The namespace does not exist: its quota cannot be read.
    await page.getByText('Please enter a valid namespace').waitFor();
    await page.getByTestId(ids.addNamespace).click();
    await page.getByText(`Are you sure you want to add a namespace called ${NAMESPACE}?`).waitFor();
    await check('namespace-dialog');
    await page.getByTestId(ids.namespaceConfirm).click();
    await page.locator(`[data-testid="${ids.next}"]:enabled`).waitFor();
    expect(await wizard.field('selectedStorageClass').inputValue()).not.toBe('');
    await check('name-step');
  });

  it('walks the advanced steps with their defaults', async () => {
    await page.getByTestId(ids.advancedMode).check();
    await wizard.nextTo('configure');
    await check('configure-step');
    await wizard.nextTo('affinity');
    await check('affinity-step');
    await wizard.nextTo('identityProvider');
    expect(await wizard.field('keys.0.access_key').inputValue()).toMatch(/^[A-Za-z0-9]{16}$/);
    await check('identity-provider-step');
    await wizard.nextTo('security');
    await check('security-step');
    await wizard.nextTo('encryption');
    await check('encryption-step');
  });

  it('sizes the tenant with the parity the server offers', async () => {
    await wizard.nextTo('tenantSize');
    await page.getByTestId(ids.parityTable).waitFor();
    // 4 servers × 1 drive: MinIO's only choice is EC:2.
    expect(await wizard.field('ecParity').inputValue()).toBe('EC:2');
    await wizard.field('volumeSize').fill('3');
    await page
      .getByText('Disk Size with this combination would be less than 1Gi, please try another combination')
      .waitFor();
    expect(await wizard.next.isDisabled()).toBe(true);
    await wizard.field('volumeSize').fill('16');
    await page.locator(`[data-testid="${ids.next}"]:enabled`).waitFor();
    await check('size-step');
  });

  it('creates the tenant and shows the console credentials once', async () => {
    await wizard.nextTo('preview');
    expect(await page.getByTestId(ids.preview('tenantName')).textContent()).toBe(TENANT);
    await check('preview-step');
    await wizard.create.click();
    await page.getByTestId(ids.credentialsAccessKey).waitFor({ timeout: 60_000 });
    expect((await page.getByTestId(ids.credentialsAccessKey).textContent())?.length).toBeGreaterThanOrEqual(
      8,
    );
    expect((await page.getByTestId(ids.credentialsSecretKey).textContent())?.length).toBeGreaterThanOrEqual(
      8,
    );
    await check('credentials');
    await page.getByTestId(ids.credentialsDone).click();
    await page.getByTestId(OPERATOR_TEST_IDS.tenants.row(`${NAMESPACE}/${TENANT}`)).waitFor();
  });

  it('brings the tenant’s pods up', async () => {
    await page.goto(`${stack.consoleUrl}/namespaces/${NAMESPACE}/tenants/${TENANT}/pods`);
    const running = page.locator(`[data-testid^="tenant-pods-row-"]`, { hasText: 'Running' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByTestId(OPERATOR_TEST_IDS.tenantPods.screen).waitFor();
          await page.locator('[data-testid^="tenant-pods-row-"]').first().waitFor();
          return running.count();
        },
        { timeout: 90_000, interval: 1_000 },
      )
      .toBe(4);
    await check('pods');
  });
});
