/**
 * The storage feature's screens (spec 3 §2 Storage page): /storage goes to /storage/volumes; the
 * Volumes (PVCs) and Drives lists, each loaded lazily.
 */
import { Navigate } from 'react-router';
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['storage'];

const VolumesPage = lazyScreen(() => import('./components/volumes-page.js'), 'VolumesPage', CATALOGUES);
const DrivesPage = lazyScreen(() => import('./components/drives-page.js'), 'DrivesPage', CATALOGUES);

export const STORAGE_ROUTES: PageScreen[] = [
  { page: 'storage', element: <Navigate to="volumes" replace /> },
  { page: 'storage', subpath: 'volumes', element: <VolumesPage /> },
  { page: 'storage', subpath: 'drives', element: <DrivesPage /> },
];
