/** Page object of the login screen (spec 1 §2). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.login;

export class LoginPage {
  constructor(
    private readonly page: Page,
    private readonly baseUrl: string,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.baseUrl}/login`);
    await this.page.getByTestId(ids.screen).waitFor();
  }

  get accessKey() {
    return this.page.getByTestId(ids.accessKey);
  }
  get secretKey() {
    return this.page.getByTestId(ids.secretKey);
  }
  get submit() {
    return this.page.getByTestId(ids.submit);
  }
  get banner() {
    return this.page.getByTestId(ids.errorBanner);
  }
  get ssoLink() {
    return this.page.getByTestId(ids.ssoLink);
  }
  get unreachable() {
    return this.page.getByTestId(ids.unreachable);
  }
  get retry() {
    return this.page.getByTestId(ids.retry);
  }

  async fill(accessKey: string, secretKey: string): Promise<void> {
    await this.accessKey.fill(accessKey);
    await this.secretKey.fill(secretKey);
  }

  /** Signs in through the form and waits for the signed-in layout. */
  async login(accessKey: string, secretKey: string): Promise<void> {
    await this.fill(accessKey, secretKey);
    await this.submit.click();
    await this.page.getByTestId(TEST_IDS.layout.sidebar).waitFor();
  }
}
