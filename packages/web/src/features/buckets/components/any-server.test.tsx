/**
 * The bucket screens against a storage server that is not MinIO (issue 8 §8), driven by the
 * session's capabilities as the console server detects them for Ceph RGW: versioning and locking
 * offered, quota explained, Access Audit not linked and explained, a missing bucket not-found.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TEST_IDS } from '../../../selectors.js';
import type { FakeCall } from '../../../test/render.js';
import { SESSION, renderWithApp } from '../../../test/render.js';
import type { SessionResponse } from '../../../shared/api/types.js';
import { BucketAccessPage } from './bucket-access-page.js';
import { BucketSummaryPage } from './bucket-summary-page.js';
import { CreateBucketModal } from './create-bucket-modal.js';

/** What the console server answers for a session on Ceph RGW. */
const RGW_SESSION: SessionResponse = {
  ...SESSION,
  distributedMode: false,
  capabilities: {
    adminApi: false,
    sts: false,
    versioning: true,
    objectLocking: true,
    quota: false,
    usage: false,
  },
};

const input = (id: string) => screen.getByTestId(id) as HTMLInputElement;

describe('Create Bucket on a plain S3 server', () => {
  afterEach(() => vi.useRealTimers());

  it('offers versioning and locking, explains the missing quota, and sends no quota', async () => {
    vi.useFakeTimers();
    const { calls } = renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 201, body: { name: 'photos' } }),
      session: RGW_SESSION,
    });
    expect(screen.queryByTestId(TEST_IDS.createBucket.nonErasureMessage)).toBeNull();
    expect(screen.getByTestId(TEST_IDS.createBucket.noAdminApiMessage).textContent).toBe(
      "Quota is not available: this server does not offer MinIO's admin API. Versioning and object locking are.",
    );
    expect(input(TEST_IDS.createBucket.versioning).disabled).toBe(false);
    expect(input(TEST_IDS.createBucket.locking).disabled).toBe(false);
    expect(input(TEST_IDS.createBucket.quota).disabled).toBe(true);

    fireEvent.change(input(TEST_IDS.createBucket.name), { target: { value: 'photos' } });
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(input(TEST_IDS.createBucket.versioning));
    fireEvent.click(input(TEST_IDS.createBucket.locking));
    // Retention is an object-lock setting: offered too.
    fireEvent.click(input(TEST_IDS.createBucket.retention));
    vi.useRealTimers();
    fireEvent.click(input(TEST_IDS.createBucket.save));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'photos',
      versioning: true,
      locking: true,
      retention: { mode: 'compliance', unit: 'days', validity: 1 },
    });
  });

  it('a MinIO session without capabilities keeps the non-erasure-coded rule (spec 1 §4)', () => {
    renderWithApp(<CreateBucketModal opened onClose={() => undefined} />, {
      handler: () => ({ status: 200 }),
      session: { ...SESSION, distributedMode: false },
    });
    expect(screen.getByTestId(TEST_IDS.createBucket.nonErasureMessage)).toBeTruthy();
    expect(screen.queryByTestId(TEST_IDS.createBucket.noAdminApiMessage)).toBeNull();
    expect(input(TEST_IDS.createBucket.versioning).disabled).toBe(true);
    expect(input(TEST_IDS.createBucket.locking).disabled).toBe(true);
  });
});

function renderAccess(
  session: SessionResponse,
  handler: (call: FakeCall) => { status: number; body?: unknown },
) {
  return renderWithApp(
    <Routes>
      <Route path="/buckets/:bucketName/access" element={<BucketAccessPage />} />
    </Routes>,
    { handler, path: '/buckets/photos/access', session },
  );
}

describe('the bucket detail frame on a plain S3 server', () => {
  it('explains Access Audit instead of asking the admin API, and does not link it', async () => {
    const { calls } = renderAccess(RGW_SESSION, () => ({
      status: 200,
      body: { name: 'photos', access: 'PRIVATE' },
    }));
    expect((await screen.findByTestId(TEST_IDS.accessAudit.notOffered)).textContent).toBe(
      "Access Audit is not available: this server does not offer MinIO's admin API.",
    );
    expect(screen.getByTestId(TEST_IDS.bucketDetail.menuItem('summary'))).toBeTruthy();
    expect(screen.queryByTestId(TEST_IDS.bucketDetail.menuItem('access'))).toBeNull();
    expect(calls.some((c) => c.url.startsWith('/api/v1/bucket-policy/'))).toBe(false);
  });

  it('shows a bucket that does not exist as not found, not as its tabs', async () => {
    renderAccess(RGW_SESSION, (call) =>
      call.url === '/api/v1/buckets/photos'
        ? {
            status: 404,
            body: { code: 'not_found', message: 'The specified bucket does not exist', detailedMessage: '' },
          }
        : { status: 200, body: {} },
    );
    const notFound = await screen.findByTestId(TEST_IDS.bucketDetail.notFound);
    expect(notFound.textContent).toContain('The bucket photos does not exist, or you may not see it.');
    expect(screen.queryByTestId(TEST_IDS.bucketDetail.menu)).toBeNull();
  });

  it('the tab of a missing bucket asks nothing of it (no error toast behind the not-found state)', async () => {
    const { calls } = renderAccess(SESSION, (call) =>
      call.url === '/api/v1/buckets/photos'
        ? { status: 404, body: { code: 'not_found', message: 'NoSuchBucket', detailedMessage: '' } }
        : { status: 200, body: { policies: [] } },
    );
    await screen.findByTestId(TEST_IDS.bucketDetail.notFound);
    // With the admin API the Access Audit would ask for the bucket's policies: not for a missing bucket.
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/buckets/photos']);
  });

  it('the summary of a missing bucket asks nothing more of it', async () => {
    const { calls } = renderWithApp(
      <Routes>
        <Route path="/buckets/:bucketName/summary" element={<BucketSummaryPage />} />
      </Routes>,
      {
        path: '/buckets/ghost/summary',
        session: RGW_SESSION,
        handler: (call) =>
          call.url === '/api/v1/buckets/ghost'
            ? { status: 404, body: { code: 'not_found', message: 'NoSuchBucket', detailedMessage: '' } }
            : { status: 200, body: { buckets: [], total: 0, usage_pending: false } },
      },
    );
    await screen.findByTestId(TEST_IDS.bucketDetail.notFound);
    expect(calls.some((c) => c.url.endsWith('/versioning'))).toBe(false);
  });
});
