/** Page object of the Share File modal (spec 2 §2 "Object modals"): date, switch, URL, Copy, links. */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.share;

export class ShareModal {
  constructor(private readonly page: Page) {}

  /** Opens the modal from the file view's Share button and waits for the first link. */
  async open(): Promise<string> {
    await this.page.getByTestId(ids.open).click();
    await this.dialog.waitFor();
    return this.waitForUrl('');
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Share File' });
  }

  get date() {
    return this.page.getByTestId(ids.date);
  }

  get dateError() {
    return this.page.getByTestId(ids.dateError);
  }

  /** Waits until the URL field shows a link other than `previous`, and answers it. */
  async waitForUrl(previous: string): Promise<string> {
    const field = this.page.getByTestId(ids.url);
    await this.page.waitForFunction(
      ([id, old]) => {
        const input = document.querySelector(`[data-testid="${id}"]`);
        return input instanceof HTMLInputElement && input.value !== '' && input.value !== old;
      },
      [ids.url, previous] as const,
    );
    return field.inputValue();
  }

  async copy(): Promise<void> {
    await this.page.getByTestId(ids.copy).click();
  }

  /** Revokes the link signed with access key `id` from the Active links list. */
  async revoke(id: string): Promise<void> {
    await this.page.getByTestId(ids.revoke(id)).click();
    await this.page.getByTestId(ids.link(id)).waitFor({ state: 'detached' });
  }

  async close(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.dialog.waitFor({ state: 'hidden' });
  }
}
