/** Page object of the object browser's transfer list and its folder picker (issue 9 §4). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.transfers;

export class TransfersPanel {
  constructor(private readonly page: Page) {}

  /** Every transfer line, newest unfinished first. */
  get rows() {
    return this.page
      .getByTestId(TEST_IDS.objectBrowser.uploads)
      .locator('[data-testid^="transfer-"][data-status]');
  }

  rowWithStatus(status: string) {
    return this.rows.and(this.page.locator(`[data-status="${status}"]`));
  }

  /** Picks `path` again for the (first) interrupted upload, which resumes it. */
  async resumeWith(path: string): Promise<void> {
    const row = this.rowWithStatus('interrupted').first();
    await row.waitFor();
    await row.locator('input[type="file"]').setInputFiles(path);
  }

  /** Picks a whole folder with the 'Upload Folder' directory picker. */
  async uploadFolder(dir: string): Promise<void> {
    await this.page.locator(`[data-testid="${ids.folder}"]:enabled`).waitFor();
    await this.page.getByTestId(ids.folderInput).setInputFiles(dir);
  }
}
