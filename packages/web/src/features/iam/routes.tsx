/**
 * The IAM screens (spec 2 §2): policies, users and groups, the catalogue's `policies`, `users` and
 * `groups` pages, each screen loaded lazily. Detail screens go with their section (a user's or a
 * policy's name may hold slashes, so those routes are splats).
 */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';
import type { Namespace } from '../../i18n/namespaces.js';

const CATALOGUES: readonly Namespace[] = ['iam'];

const GroupsPage = lazyScreen(() => import('./components/groups-page.js'), 'GroupsPage', CATALOGUES);
const PoliciesPage = lazyScreen(() => import('./components/policies-page.js'), 'PoliciesPage', CATALOGUES);
const PolicyDetailPage = lazyScreen(
  () => import('./components/policy-detail-page.js'),
  'PolicyDetailPage',
  CATALOGUES,
);
const UserDetailPage = lazyScreen(
  () => import('./components/user-detail-page.js'),
  'UserDetailPage',
  CATALOGUES,
);
const UsersPage = lazyScreen(() => import('./components/users-page.js'), 'UsersPage', CATALOGUES);

export const IAM_ROUTES: PageScreen[] = [
  { page: 'policies', element: <PoliciesPage /> },
  { page: 'policies', subpath: '*', element: <PolicyDetailPage /> },
  { page: 'users', element: <UsersPage /> },
  { page: 'users', subpath: '*', element: <UserDetailPage /> },
  { page: 'groups', element: <GroupsPage /> },
];
