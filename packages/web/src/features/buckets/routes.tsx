/**
 * The buckets feature's screens: the list, the bucket summary and its Access Audit (spec 1 §2). All of them need
 * the '/buckets' page in the session. The bare /buckets/{bucketName} goes to its summary.
 */
import { Navigate } from 'react-router';
import type { FeatureRoute } from '../../shared/routing.js';
import { BucketAccessPage } from './components/bucket-access-page.js';
import { BucketSummaryPage } from './components/bucket-summary-page.js';
import { BucketsPage } from './components/buckets-page.js';

export const BUCKETS_ROUTES: FeatureRoute[] = [
  { path: '/buckets', page: '/buckets', element: <BucketsPage /> },
  { path: '/buckets/:bucketName', page: '/buckets', element: <Navigate to="summary" replace /> },
  { path: '/buckets/:bucketName/summary', page: '/buckets', element: <BucketSummaryPage /> },
  { path: '/buckets/:bucketName/access', page: '/buckets', element: <BucketAccessPage /> },
];

export { CreateBucketButton } from './components/create-bucket-button.js';
