/** Page object of the signed-in layout: side menu, notifications, logout. */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

export class Shell {
  constructor(private readonly page: Page) {}

  get sidebar() {
    return this.page.getByTestId(TEST_IDS.layout.sidebar);
  }

  menuItem(path: string) {
    return this.page.getByTestId(TEST_IDS.layout.menuItem(path));
  }

  /** Waits for a snackbar or error toast containing `text`. */
  async notification(text: string): Promise<void> {
    await this.page.getByTestId(TEST_IDS.layout.notification).filter({ hasText: text }).first().waitFor();
  }

  async logout(): Promise<void> {
    await this.page.getByTestId(TEST_IDS.layout.logout).click();
    await this.page.getByTestId(TEST_IDS.login.screen).waitFor();
  }
}
