/**
 * Page object of the bucket Summary's setting cards (Versioning, Quota, Retention, Object Locking,
 * Replication, Reported Usage) and their modals: Edit Versioning, Enable Bucket Quota, Set
 * Retention Configuration.
 */
import type { Locator, Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.bucketSettings;

export const MODAL_TITLES = {
  versioning: 'Edit Versioning',
  quota: 'Enable Bucket Quota',
  retention: 'Set Retention Configuration',
} as const;

export type EditableSetting = keyof typeof MODAL_TITLES;

/** Each modal's confirming button and its refusal. */
const MODAL_IDS: Record<EditableSetting, { confirm: string; error: string }> = {
  versioning: { confirm: ids.versioningConfirm, error: ids.versioningError },
  quota: { confirm: ids.quotaSave, error: ids.quotaError },
  retention: { confirm: ids.retentionSave, error: ids.retentionError },
};

export class BucketSettings {
  constructor(private readonly page: Page) {}

  value(setting: string): Locator {
    return this.page.getByTestId(ids.value(setting));
  }

  detail(setting: string): Locator {
    return this.page.getByTestId(ids.detail(setting));
  }

  /** Waits until the card of `setting` shows exactly `text`. */
  async waitForValue(setting: string, text: string): Promise<void> {
    await this.value(setting)
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .waitFor();
  }

  modal(setting: EditableSetting): Locator {
    return this.page.getByRole('dialog', { name: MODAL_TITLES[setting] });
  }

  /** Opens the setting's modal from its card's edit button. */
  async open(setting: EditableSetting): Promise<Locator> {
    await this.page.getByTestId(ids.edit(setting)).click();
    const modal = this.modal(setting);
    await modal.waitFor();
    return modal;
  }

  /** Presses the modal's confirming button and waits for it to close, or fails with the refusal shown. */
  async confirm(setting: EditableSetting): Promise<void> {
    const modal = this.modal(setting);
    await this.page.getByTestId(MODAL_IDS[setting].confirm).click();
    const error = this.refusal(setting);
    const closed = modal.waitFor({ state: 'hidden' });
    const refused = error.waitFor();
    // Whichever comes first; the other wait is left to time out quietly.
    await Promise.race([closed, refused]);
    closed.catch(() => undefined);
    refused.catch(() => undefined);
    if (await modal.isVisible()) {
      throw new Error(`${MODAL_TITLES[setting]} refused: ${(await error.textContent()) ?? ''}`);
    }
  }

  /** The refusal shown inside the setting's modal. */
  refusal(setting: EditableSetting): Locator {
    return this.page.getByTestId(MODAL_IDS[setting].error);
  }

  /** Presses the confirming button and waits for the refusal the server gives. */
  async confirmRefused(setting: EditableSetting): Promise<string> {
    await this.page.getByTestId(MODAL_IDS[setting].confirm).click();
    await this.refusal(setting).waitFor();
    return (await this.refusal(setting).textContent()) ?? '';
  }

  /** Enable Bucket Quota: switch on, pick the type, type the size and pick the unit. */
  async fillQuota(type: 'Hard' | 'FIFO', size: string, unit: string): Promise<void> {
    const enabled = this.page.getByTestId(ids.quotaEnabled);
    if (!(await enabled.isChecked())) await enabled.check();
    await this.page.getByTestId(ids.quotaType).getByRole('radio', { name: type }).check();
    await this.page.getByTestId(ids.quotaSize).fill(size);
    await this.page.getByTestId(ids.quotaUnit).selectOption(unit);
  }

  /** Set Retention Configuration: mode, validity and unit ('days' or 'years'). */
  async fillRetention(mode: 'Compliance' | 'Governance', validity: string, unit: 'days' | 'years') {
    await this.page.getByTestId(ids.retentionMode).getByRole('radio', { name: mode }).check();
    await this.page.getByTestId(ids.retentionValidity).fill(validity);
    await this.page.getByTestId(ids.retentionUnit).selectOption(unit);
  }
}
