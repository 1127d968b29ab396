/** Page object of a bucket's summary (spec 1 §2 "Bucket detail") with its Change Access Policy modal. */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.accessPolicy;

export class BucketSummaryPage {
  constructor(private readonly page: Page) {}

  /** Opens the bucket from the bucket list (its row leads to the summary). */
  async openFromList(baseUrl: string, bucket: string): Promise<void> {
    await this.page.goto(`${baseUrl}/buckets`);
    await this.page.getByTestId(TEST_IDS.buckets.row(bucket)).getByText(bucket, { exact: true }).click();
    await this.page.getByTestId(TEST_IDS.buckets.summary).waitFor();
  }

  get accessValue() {
    return this.page.getByTestId(ids.value);
  }

  /** Waits until the Access Policy card shows `text` (e.g. 'Public'). */
  async waitForAccess(text: string): Promise<void> {
    await this.page
      .getByTestId(ids.value)
      .filter({ hasText: new RegExp(`^${text}$`) })
      .waitFor();
  }

  get modal() {
    return this.page.getByRole('dialog', { name: 'Change Access Policy' });
  }

  async openChangeAccess(): Promise<void> {
    await this.page.getByTestId(ids.edit).click();
    await this.modal.waitFor();
  }

  /** Picks Private, Public or Custom in the open modal. */
  async choose(access: 'PRIVATE' | 'PUBLIC' | 'CUSTOM'): Promise<void> {
    await this.page.getByTestId(ids.option(access)).check();
  }

  get document() {
    return this.page.getByTestId(ids.document);
  }
  get documentProblem() {
    return this.page.getByTestId(ids.documentProblem);
  }
  get save() {
    return this.page.getByTestId(ids.save);
  }

  /** Sets the chosen access and waits for the modal to close; a refusal fails with the server's words. */
  async saveAccess(): Promise<void> {
    await this.save.click();
    const error = this.page.getByTestId(ids.error);
    const closed = this.modal.waitFor({ state: 'hidden' });
    const refused = error.waitFor();
    // Whichever comes first; the other wait is left to time out quietly.
    await Promise.race([closed, refused]);
    closed.catch(() => undefined);
    refused.catch(() => undefined);
    if (await error.isVisible())
      throw new Error(`Change Access Policy refused: ${(await error.textContent()) ?? ''}`);
  }
}
