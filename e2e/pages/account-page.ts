/** Page object of /account: service accounts and the password change (spec 2 §2 Account page). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const created = TEST_IDS.newServiceAccount;

export interface Keys {
  accessKey: string;
  secretKey: string;
}

export class AccountPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/account`);
    await this.page.getByTestId(TEST_IDS.account.screen).waitFor();
  }

  row(accessKey: string) {
    return this.page.getByTestId(TEST_IDS.serviceAccounts.row(accessKey));
  }

  /**
   * Creates a service account from the Create Service Account modal opened by `opener` and reads
   * the keys from 'New Service Account Created' (left open).
   */
  async createServiceAccount(opener: string): Promise<Keys> {
    await this.page.getByTestId(opener).click();
    await this.page.getByRole('dialog', { name: 'Create Service Account' }).waitFor();
    await this.page.getByTestId(TEST_IDS.createServiceAccount.save).click();
    await this.page.getByRole('dialog', { name: 'New Service Account Created' }).waitFor();
    return {
      accessKey: await this.page.getByTestId(created.accessKey).inputValue(),
      secretKey: await this.page.getByTestId(created.secretKey).inputValue(),
    };
  }

  async closeNewServiceAccount(): Promise<void> {
    await this.page.getByTestId(created.close).click();
    await this.page.getByRole('dialog', { name: 'New Service Account Created' }).waitFor({ state: 'hidden' });
  }

  async deleteServiceAccount(accessKey: string): Promise<void> {
    await this.page.getByTestId(TEST_IDS.serviceAccounts.delete(accessKey)).click();
    await this.page.getByRole('dialog', { name: 'Delete ServiceAccount' }).waitFor();
    await this.page.getByTestId(TEST_IDS.deleteServiceAccount.confirm).click();
    await this.row(accessKey).waitFor({ state: 'detached' });
  }
}
