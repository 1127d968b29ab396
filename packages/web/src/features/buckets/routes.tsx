/**
 * The buckets feature's screens: the list, the bucket summary, Events, Replication, Lifecycle and
 * Access Audit (spec 1 §2), all
 * of the catalogue's `buckets` page and each loaded lazily. The bare /buckets/{bucketName} goes to
 * its summary.
 */
import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['buckets'];

const BucketsPage = lazyScreen(() => import('./components/buckets-page.js'), 'BucketsPage', CATALOGUES);
const BucketSummaryPage = lazyScreen(
  () => import('./components/bucket-summary-page.js'),
  'BucketSummaryPage',
  CATALOGUES,
);
const BucketEventsPage = lazyScreen(
  () => import('./components/bucket-events-page.js'),
  'BucketEventsPage',
  CATALOGUES,
);
const BucketAccessPage = lazyScreen(
  () => import('./components/bucket-access-page.js'),
  'BucketAccessPage',
  CATALOGUES,
);
const BucketReplicationPage = lazyScreen(
  () => import('./components/bucket-replication-page.js'),
  'BucketReplicationPage',
  CATALOGUES,
);
const BucketLifecyclePage = lazyScreen(
  () => import('./components/bucket-lifecycle-page.js'),
  'BucketLifecyclePage',
  CATALOGUES,
);
const LazyCreateBucketButton = lazyScreen(
  () => import('./components/create-bucket-button.js'),
  'CreateBucketButton',
  CATALOGUES,
);

export const BUCKETS_ROUTES: PageScreen[] = [
  { page: 'buckets', element: <BucketsPage /> },
  { page: 'buckets', subpath: ':bucketName', element: <Navigate to="summary" replace /> },
  { page: 'buckets', subpath: ':bucketName/summary', element: <BucketSummaryPage /> },
  { page: 'buckets', subpath: ':bucketName/events', element: <BucketEventsPage /> },
  { page: 'buckets', subpath: ':bucketName/access', element: <BucketAccessPage /> },
  // Distributed setup only (spec 1 §2): elsewhere these lead to the Summary.
  { page: 'buckets', subpath: ':bucketName/replication', element: <BucketReplicationPage /> },
  { page: 'buckets', subpath: ':bucketName/lifecycle', element: <BucketLifecyclePage /> },
];

/** The Create Bucket action other features show (the object browser's bucket list), loaded with it. */
export function CreateBucketButton() {
  // Its own boundary with no fallback: the button appears when its code is there, the screen
  // around it does not wait for it.
  return (
    <Suspense fallback={null}>
      <LazyCreateBucketButton />
    </Suspense>
  );
}
