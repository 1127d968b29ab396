/**
 * The object browser's screens (spec 2 §2), all under the '/object-browser' page of the session.
 * The bucket list's Create Bucket action belongs to the buckets feature, so the app hands it in.
 */
import type { ReactNode } from 'react';
import type { FeatureRoute } from '../../shared/routing.js';
import { ObjectBrowserBucketsPage } from './components/object-browser-buckets-page.js';
import { ObjectBrowserPage } from './components/object-browser-page.js';

export interface ObjectsRoutesOptions {
  createBucketAction?: ReactNode;
}

export function objectsRoutes({ createBucketAction }: ObjectsRoutesOptions = {}): FeatureRoute[] {
  return [
    {
      path: '/object-browser',
      page: '/object-browser',
      element: <ObjectBrowserBucketsPage createBucketAction={createBucketAction} />,
    },
    { path: '/object-browser/:bucket/*', page: '/object-browser', element: <ObjectBrowserPage /> },
  ];
}
