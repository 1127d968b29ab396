/**
 * Page object of the object details page (spec 2 §2 "Object details page", "Object modals"): the
 * Details values, tags, and the Set Retention Policy, Add New Tag, Delete Tag and Set Legal Hold
 * modals; the Versions tab.
 */
import type { Download, Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.objectDetails;

export class ObjectDetailsPage {
  constructor(private readonly page: Page) {}

  async open(baseUrl: string, bucket: string, key: string): Promise<void> {
    await this.page.goto(`${baseUrl}/object-browser/${bucket}/${key}`);
    await this.page.getByTestId(TEST_IDS.objectBrowser.fileView).waitFor();
  }

  /** Waits until a Details value (legal hold, retention) reads `text`. */
  async waitForValue(id: string, text: string | RegExp): Promise<void> {
    await this.page.getByTestId(id).filter({ hasText: text }).waitFor();
  }

  async text(id: string): Promise<string> {
    return (await this.page.getByTestId(id).textContent()) ?? '';
  }

  /** A modal by its title (Mantine's root element stays hidden; the dialog is what shows). */
  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async openModal(button: string, title: string): Promise<void> {
    await this.page.locator(`[data-testid="${button}"]:enabled`).click();
    await this.dialog(title).waitFor();
  }

  async waitClosed(title: string): Promise<void> {
    await this.dialog(title).waitFor({ state: 'hidden' });
  }

  async addTag(key: string, value: string): Promise<void> {
    await this.openModal(ids.addTag, 'Add New Tag');
    await this.page.getByTestId(TEST_IDS.tagModal.key).fill(key);
    await this.page.getByTestId(TEST_IDS.tagModal.value).fill(value);
    await this.page.getByTestId(TEST_IDS.tagModal.save).click();
    await this.waitClosed('Add New Tag');
  }

  async deleteTag(key: string): Promise<void> {
    await this.page.getByTestId(ids.deleteTag(key)).click();
    await this.page.getByTestId(TEST_IDS.deleteTagModal.confirm).click();
    await this.waitClosed('Delete Tag');
    await this.page.getByTestId(ids.tag(key)).waitFor({ state: 'detached' });
  }

  /** Flips the legal hold switch and saves. */
  async toggleLegalHold(): Promise<void> {
    await this.openModal(ids.editLegalHold, 'Set Legal Hold');
    await this.page.getByTestId(TEST_IDS.legalHoldModal.status).click();
    await this.page.getByTestId(TEST_IDS.legalHoldModal.save).click();
    await this.waitClosed('Set Legal Hold');
  }

  async toggleRetentionStatus(): Promise<void> {
    await this.page.getByTestId(TEST_IDS.retentionModal.status).click();
  }

  async chooseRetention(mode: 'Governance' | 'Compliance', date: string): Promise<void> {
    await this.dialog('Set Retention Policy').getByLabel(mode).check();
    await this.page.getByTestId(TEST_IDS.retentionModal.date).fill(date);
  }

  /** Saves the retention modal: undefined once it closed, or the error it shows. */
  async saveRetention(): Promise<string | undefined> {
    await this.page.getByTestId(TEST_IDS.retentionModal.save).click();
    const error = this.page.getByTestId(TEST_IDS.retentionModal.error);
    const closed = this.dialog('Set Retention Policy').waitFor({ state: 'hidden' });
    const refused = error.waitFor();
    // Whichever comes first; the other wait is left to time out quietly.
    await Promise.race([closed, refused]);
    closed.catch(() => undefined);
    refused.catch(() => undefined);
    return (await error.isVisible()) ? ((await error.textContent()) ?? '') : undefined;
  }

  async openVersions(): Promise<void> {
    await this.page.locator(`[data-testid="${ids.tabVersions}"]:enabled`).click();
    await this.page.getByTestId(ids.versionsTable).waitFor();
  }

  /** The Versions table's rows as [number, version id, deleted]. */
  async versionRows(): Promise<string[][]> {
    return this.page
      .getByTestId(ids.versionsTable)
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) =>
          [...r.querySelectorAll('td')]
            .slice(0, 4)
            .filter((_, i) => i !== 2)
            .map((c) => c.textContent ?? ''),
        ),
      );
  }

  async downloadVersion(versionId: string): Promise<Download> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.page.getByTestId(ids.versionDownload(versionId)).click(),
    ]);
    return download;
  }
}
