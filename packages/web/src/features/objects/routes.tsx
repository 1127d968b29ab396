/**
 * The object browser's screens (spec 2 §2), the catalogue's `object-browser` page, each loaded
 * lazily. The bucket list's Create Bucket action belongs to the buckets feature, so the app hands
 * it in.
 */
import type { ReactNode } from 'react';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

// The bucket list's size column reads a text of the buckets area.
const CATALOGUES: readonly Namespace[] = ['objects', 'buckets'];

const ObjectBrowserBucketsPage = lazyScreen(
  () => import('./components/object-browser-buckets-page.js'),
  'ObjectBrowserBucketsPage',
  CATALOGUES,
);
const ObjectBrowserPage = lazyScreen(
  () => import('./components/object-browser-page.js'),
  'ObjectBrowserPage',
  CATALOGUES,
);

export interface ObjectsRoutesOptions {
  createBucketAction?: ReactNode;
}

export function objectsRoutes({ createBucketAction }: ObjectsRoutesOptions = {}): PageScreen[] {
  return [
    { page: 'object-browser', element: <ObjectBrowserBucketsPage createBucketAction={createBucketAction} /> },
    { page: 'object-browser', subpath: ':bucket/*', element: <ObjectBrowserPage /> },
  ];
}
