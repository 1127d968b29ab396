/** Page object of /buckets with its Create Bucket and Delete Bucket modals (spec 1 §2, §4). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.buckets;
const create = TEST_IDS.createBucket;

export interface NewBucket {
  name: string;
  versioning?: boolean;
  quota?: { size: number; unit: string; type?: 'hard' | 'fifo' };
}

export class BucketsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/buckets`);
    await this.page.getByTestId(ids.screen).waitFor();
  }

  row(name: string) {
    return this.page.getByTestId(ids.row(name));
  }

  get createButton() {
    return this.page.getByTestId(ids.createBucket);
  }

  get setReplication() {
    return this.page.getByTestId(ids.setReplication);
  }

  /** Opens the Create Bucket modal and fills it in, without saving. */
  async fillCreateBucket(bucket: NewBucket): Promise<void> {
    await this.createButton.click();
    await this.page.getByTestId(create.name).fill(bucket.name);
    if (bucket.versioning === true) await this.page.getByRole('switch', { name: 'Versioning' }).check();
    if (bucket.quota !== undefined) {
      await this.page.getByRole('switch', { name: 'Quota' }).check();
      if (bucket.quota.type === 'fifo') await this.page.getByRole('radio', { name: 'FIFO' }).check();
      await this.page.getByTestId(create.quotaSize).fill(String(bucket.quota.size));
      await this.page.getByTestId(create.quotaUnit).selectOption(bucket.quota.unit);
    }
  }

  /**
   * Saves the modal (Save enables after the 1000 ms name debounce) and waits for the new row; a
   * refusal shown inside the modal fails at once with the server's words.
   */
  async saveCreateBucket(name: string): Promise<void> {
    await this.page.getByTestId(create.save).click();
    const error = this.page.getByTestId(create.error);
    await this.row(name).or(error).first().waitFor();
    if (await error.isVisible())
      throw new Error(`Create Bucket refused: ${(await error.textContent()) ?? ''}`);
  }

  async deleteBucket(name: string): Promise<void> {
    await this.page.getByTestId(ids.delete(name)).click();
    await this.page.getByTestId(TEST_IDS.deleteBucket.confirm).click();
    await this.row(name).waitFor({ state: 'detached' });
  }
}
