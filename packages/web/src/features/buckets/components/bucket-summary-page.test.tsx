import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import { fakeBucketSettings } from '../../../test/fake-bucket-settings.js';
import type { FakeCall } from '../../../test/render.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import { BucketSummaryPage } from './bucket-summary-page.js';

const ids = TEST_IDS.bucketSettings;
const ARN = 'arn:minio:replication::0f7e:backup';

/** The summary's calls: the bucket list and details, and the settings of a locked, versioned bucket. */
function fakeConsole() {
  const settings = fakeBucketSettings('vault', {
    versioning: 'Enabled',
    locked: true,
    quota: { enabled: true, quota: 3 * 1024 ** 4, type: 'fifo' },
    retention: { mode: 'compliance', unit: 'years', validity: 1 },
    rules: [1, 2].map((n) => ({
      id: `rule-${n}`,
      status: 'Enabled' as const,
      priority: n,
      prefix: '',
      tags: '',
      destination: { bucket: ARN },
      delete_marker_replication: true,
      deletes_replication: true,
    })),
  });
  return (call: FakeCall) => {
    if (call.url === '/api/v1/buckets' || call.url.startsWith('/api/v1/buckets?')) {
      return {
        status: 200,
        body: {
          buckets: [{ name: 'vault', creation_date: '2026-01-02T03:04:05Z', size: 5 * 1024 ** 2 }],
          total: 1,
          usage_pending: false,
        },
      };
    }
    if (call.url === '/api/v1/buckets/vault')
      return { status: 200, body: { name: 'vault', access: 'PRIVATE' } };
    return settings.handler(call);
  };
}

/** The cards' settings in the order the page shows them. */
const cardOrder = () =>
  [...document.querySelectorAll('[data-testid^="bucket-setting-"]')]
    .map((e) => e.getAttribute('data-testid') ?? '')
    .filter((id) => /^bucket-setting-[a-z-]+$/.test(id) && !id.endsWith('-value') && !id.endsWith('-detail'))
    .filter((id) => !id.endsWith('-edit'));

const value = (setting: string) => screen.getByTestId(ids.value(setting)).textContent;

describe('bucket Summary', () => {
  it('shows every section in the spec order, each with its value, in a distributed setup', async () => {
    renderWithApp(<BucketSummaryPage />, {
      handler: fakeConsole(),
      path: '/buckets/vault/summary',
      route: '/buckets/:bucketName/summary',
    });
    await vi.waitFor(() => expect(value('retention')).toBe('Compliance, 1 year'));
    expect(screen.getByTestId(TEST_IDS.accessPolicy.card)).toBeTruthy();
    expect(cardOrder()).toEqual([
      'bucket-setting-replication',
      'bucket-setting-object-locking',
      'bucket-setting-usage',
      'bucket-setting-versioning',
      'bucket-setting-quota',
      'bucket-setting-retention',
      'bucket-setting-creation-date',
    ]);
    // Access Policy comes first.
    const access = screen.getByTestId(TEST_IDS.accessPolicy.card);
    const replication = screen.getByTestId(ids.card('replication'));
    expect(access.compareDocumentPosition(replication) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await vi.waitFor(() => expect(value('quota')).toBe('3 TiB'));
    expect(value('replication')).toBe('2 rules');
    expect(value('object-locking')).toBe('Enabled');
    expect(value('versioning')).toBe('Enabled');
    expect(value('usage')).toBe('5 MiB');
    // The card's one action opens Set Bucket Replication; the rules are listed on the Replication tab.
    const card = screen.getByTestId(ids.card('replication'));
    expect([...card.querySelectorAll('a, button')].map((b) => b.getAttribute('aria-label'))).toEqual([
      'Set replication of bucket vault',
    ]);
  });

  it('outside a distributed setup: no Replication, Object Locking, Versioning or Quota, and none of them is asked', async () => {
    const { calls } = renderWithApp(<BucketSummaryPage />, {
      handler: fakeConsole(),
      path: '/buckets/vault/summary',
      route: '/buckets/:bucketName/summary',
      session: { ...SESSION, distributedMode: false },
    });
    await vi.waitFor(() => expect(value('usage')).toBe('5 MiB'));
    expect(cardOrder()).toEqual([
      'bucket-setting-usage',
      'bucket-setting-retention',
      'bucket-setting-creation-date',
    ]);
    expect(value('retention')).toBe('Not available');
    const asked = calls.map((c) => c.url);
    for (const setting of ['versioning', 'quota', 'replication', 'object-locking', 'retention']) {
      expect(
        asked.some((url) => url.endsWith(`/vault/${setting}`)),
        setting,
      ).toBe(false);
    }
  });
});
