/** Page object of the summary's Encryption card and its Enable Bucket Encryption modal (spec 1 §2, §4). */
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.encryption;

export class EncryptionCard {
  constructor(private readonly page: Page) {}

  get value() {
    return this.page.getByTestId(ids.value);
  }
  get keyId() {
    return this.page.getByTestId(ids.keyId);
  }

  /** Waits until the card shows `text` (Disabled, SSE-S3 or SSE-KMS). */
  async waitFor(text: string): Promise<void> {
    await this.value.filter({ hasText: new RegExp(`^${text}$`) }).waitFor();
  }

  get modal() {
    return this.page.getByRole('dialog', { name: 'Enable Bucket Encryption' });
  }

  async open(): Promise<void> {
    await this.page.getByTestId(ids.edit).click();
    await this.modal.waitFor();
  }

  get type() {
    return this.page.getByTestId(ids.type);
  }
  get kmsKeyId() {
    return this.page.getByTestId(ids.kmsKeyId);
  }
  get error() {
    return this.page.getByTestId(ids.error);
  }

  async choose(type: 'disabled' | 'sse-s3' | 'sse-kms'): Promise<void> {
    await this.type.selectOption(type);
  }

  /** Saves and waits until the modal closes or shows the server's refusal; answers the refusal text, if any. */
  async save(): Promise<string | undefined> {
    await this.page.getByTestId(ids.save).click();
    const closed = this.modal.waitFor({ state: 'hidden' });
    const refused = this.error.waitFor();
    // Whichever comes first; the other wait is left to time out quietly.
    await Promise.race([closed, refused]);
    closed.catch(() => undefined);
    refused.catch(() => undefined);
    return (await this.error.isVisible()) ? ((await this.error.textContent()) ?? '') : undefined;
  }
}
