/** Page object of the object browser (spec 2 §2): bucket list, folders, uploads, downloads, deletes. */
import type { Download, Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.objectBrowser;

export class ObjectBrowserPage {
  constructor(private readonly page: Page) {}

  async openBucketList(baseUrl: string): Promise<void> {
    await this.page.goto(`${baseUrl}/object-browser`);
    await this.page.getByTestId(ids.bucketsScreen).waitFor();
  }

  async openBucket(name: string): Promise<void> {
    await this.page.getByTestId(ids.bucketRow(name)).getByRole('link', { name, exact: true }).click();
    await this.waitForList();
  }

  /** Waits until the listing has loaded (the table is shown). */
  async waitForList(): Promise<void> {
    await this.page.getByTestId(ids.table).waitFor();
  }

  row(key: string) {
    return this.page.getByTestId(ids.row(key));
  }

  async rowNames(): Promise<string[]> {
    return this.page
      .getByTestId(ids.table)
      .locator('[role="row"][data-testid]')
      .evaluateAll((rows) =>
        rows.map((r) => (r.getAttribute('data-testid') ?? '').replace(/^object-row-/, '')),
      );
  }

  async createFolder(folder: string): Promise<void> {
    await this.page.getByTestId(ids.createFolder).click();
    await this.page.getByTestId(TEST_IDS.addFolder.path).fill(folder);
    await this.page.getByTestId(TEST_IDS.addFolder.save).click();
    await this.waitForList();
  }

  async upload(paths: string[]): Promise<void> {
    // Upload turns on once the server said the account may write here (asked per folder).
    await this.page.locator(`[data-testid="${ids.upload}"]:enabled`).waitFor();
    await this.page.getByTestId(ids.uploadInput).setInputFiles(paths);
  }

  async openFolder(key: string): Promise<void> {
    await this.row(key).getByRole('link').click();
    await this.waitForList();
  }

  async download(key: string): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(ids.download(key)).click(),
    ]);
    return download;
  }

  async deleteRow(key: string): Promise<void> {
    await this.page.getByTestId(ids.delete(key)).click();
    await this.page.getByTestId(TEST_IDS.deleteObjects.confirm).click();
    await this.row(key).waitFor({ state: 'detached' });
  }
}
