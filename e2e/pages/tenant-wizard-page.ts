/** Page object of the Create New Tenant wizard (spec 3 §2) and the operator login it starts from. */
import type { Page } from 'playwright-core';
import { OPERATOR_TEST_IDS } from '../../packages/web/src/operator-selectors.js';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.tenantCreate;

export class TenantWizardPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  /** Operator Login with a service-account JWT; lands on the tenant list. */
  async signIn(token: string): Promise<void> {
    await this.page.goto(`${this.baseUrl}/login`);
    await this.page.getByTestId(TEST_IDS.login.jwt).fill(token);
    await this.page.getByTestId(TEST_IDS.login.submit).click();
    await this.page.getByTestId(OPERATOR_TEST_IDS.tenants.screen).waitFor();
  }

  field(name: string) {
    return this.page.getByTestId(ids.field(name));
  }
  get next() {
    return this.page.getByTestId(ids.next);
  }
  get create() {
    return this.page.getByTestId(ids.create);
  }

  /** Waits for the panel of `step`. */
  async at(step: string): Promise<void> {
    await this.page.getByTestId(ids.stepPanel(step)).waitFor();
  }

  /** Next, once it is enabled, to `step`. */
  async nextTo(step: string): Promise<void> {
    await this.page.locator(`[data-testid="${ids.next}"]:enabled`).click();
    await this.at(step);
  }
}
