/** Page object of the Watch page (spec 2 §2 Watch). */
import type { Client } from 'minio';
import type { Page } from 'playwright-core';
import { TEST_IDS } from '../../packages/web/src/selectors.js';

const ids = TEST_IDS.watch;

export class WatchPage {
  constructor(private readonly page: Page) {}

  get rows() {
    return this.page.getByTestId(ids.row);
  }

  input(name: 'bucket' | 'prefix' | 'suffix') {
    return this.page.getByTestId(ids[name]);
  }

  /** Picks the bucket and prefix, presses Start and waits for the running state (Stop shown). */
  async start(bucket: string, prefix: string): Promise<void> {
    await this.input('bucket').click();
    await this.page.getByRole('option', { name: bucket }).click();
    await this.input('prefix').fill(prefix);
    await this.page.getByTestId(ids.start).click();
    await this.page.getByTestId(ids.stop).waitFor();
  }

  /**
   * The socket opens before the console's listen call reaches the storage server: uploads probes
   * under `prefix` until the first one shows, after which the listener is live. Returns the
   * probes' count.
   */
  async waitUntilLive(s3: Client, bucket: string, prefix: string): Promise<number> {
    let probe = 0;
    while ((await this.rows.count()) === 0) {
      probe += 1;
      if (probe > 30) throw new Error('no probe upload showed up in Watch');
      await s3.putObject(bucket, `${prefix}probe-${probe}.txt`, Buffer.from('probe'));
      await this.rows
        .first()
        .waitFor({ timeout: 2_000 })
        .catch(() => undefined);
    }
    return probe;
  }

  /** Waits for the row of `path` with event type `type`; answers its text. */
  async rowText(path: string, type: string): Promise<string> {
    const row = this.rows.filter({ hasText: path }).filter({ hasText: type });
    await row.first().waitFor();
    return (await row.first().textContent()) ?? '';
  }

  async stop(): Promise<void> {
    await this.page.getByTestId(ids.stop).click();
    await this.page.getByTestId(ids.start).waitFor();
  }
}
