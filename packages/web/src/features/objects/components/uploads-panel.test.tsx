/**
 * The transfer list with thousands of transfers: only the first lines are drawn (running ones
 * first), the rest counted; interrupted uploads offer Resume and Cancel; finished ones can be
 * cleared.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client.js';
import { TEST_IDS } from '../../../selectors.js';
import { renderWithApp } from '../../../test/render.js';
import { PendingUploads } from '../api/pending-uploads.js';
import { TransferManager } from '../api/transfer-manager.js';
import { UploadsPanel, VISIBLE_TRANSFERS } from './uploads-panel.js';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

describe('UploadsPanel', () => {
  it(`draws ${VISIBLE_TRANSFERS} of 3,000 transfers, running first, and counts the rest`, () => {
    const pending = new PendingUploads(memoryStorage());
    pending.save({
      bucket: 'bkt',
      key: 'dir/big.bin',
      uploadId: 'u1',
      token: 't',
      partSize: 5,
      fileName: 'big.bin',
      size: 3 * 1024 * 1024,
      lastModified: 1,
      startedAt: 0,
    });
    const manager = new TransferManager({
      client: createApiClient({ basePath: '', fetch: async () => new Response('{}') }),
      pending,
      sendPart: () => ({ done: new Promise(() => undefined), abort: () => undefined }),
      // Never answers: every batch stays queued or running.
      uploadFiles: () => ({ done: new Promise(() => undefined), abort: () => undefined }),
      maxParallel: 2,
    });
    for (let i = 0; i < 3000; i++)
      manager.start('bkt', '', [{ file: new File(['x'], `f${i}.txt`), path: `f${i}.txt` }]);
    const transfers = manager.getSnapshot();
    expect(transfers).toHaveLength(3001);
    renderWithApp(<UploadsPanel transfers={transfers} manager={manager} />, {
      handler: () => ({ status: 200 }),
    });
    const panel = screen.getByTestId(TEST_IDS.objectBrowser.uploads);
    const rows = panel.querySelectorAll('[data-status]');
    expect(rows).toHaveLength(VISIBLE_TRANSFERS);
    expect(Array.from(rows, (r) => r.getAttribute('data-status')).slice(0, 3)).toEqual([
      'uploading',
      'uploading',
      'queued',
    ]);
    expect(screen.getByTestId(TEST_IDS.transfers.more).textContent).toBe(
      `${3001 - VISIBLE_TRANSFERS} more transfers not shown`,
    );
  });

  it('offers Resume and Cancel for an upload interrupted by a reload', () => {
    const pending = new PendingUploads(memoryStorage());
    pending.save({
      bucket: 'bkt',
      key: 'dir/big.bin',
      uploadId: 'u1',
      token: 't',
      partSize: 5,
      fileName: 'big.bin',
      size: 30,
      lastModified: 1,
      startedAt: 0,
    });
    const manager = new TransferManager({
      client: createApiClient({ basePath: '', fetch: async () => new Response(null, { status: 204 }) }),
      pending,
      sendPart: () => ({ done: new Promise(() => undefined), abort: () => undefined }),
      uploadFiles: () => ({ done: new Promise(() => undefined), abort: () => undefined }),
    });
    const transfers = manager.getSnapshot();
    renderWithApp(<UploadsPanel transfers={transfers} manager={manager} />, {
      handler: () => ({ status: 200 }),
    });
    const id = transfers[0]?.id ?? 0;
    expect(screen.getByTestId(TEST_IDS.transfers.row(id)).textContent).toContain(
      'big.bin to bkt/dir/ — interrupted — pick the file again to resume',
    );
    expect(screen.getByRole('button', { name: 'Pick big.bin again to resume its upload' })).toBeTruthy();
    screen.getByRole('button', { name: 'Cancel upload of big.bin' }).click();
    expect(manager.get(id)?.status).toBe('cancelled');
    expect(pending.list()).toEqual([]);
  });
});
