/**
 * The IAM screens (spec 2 §2): policies, users and groups, the catalogue's `policies`, `users` and
 * `groups` pages, each screen loaded lazily. Detail screens go with their section (a user's or a
 * policy's name may hold slashes, so those routes are splats).
 */
import { lazyScreen } from '../../shared/components/lazy-screen.js';
import type { PageScreen } from '../../shared/routing.js';

const GroupsPage = lazyScreen(() => import('./components/groups-page.js'), 'GroupsPage');
const PoliciesPage = lazyScreen(() => import('./components/policies-page.js'), 'PoliciesPage');
const PolicyDetailPage = lazyScreen(() => import('./components/policy-detail-page.js'), 'PolicyDetailPage');
const UserDetailPage = lazyScreen(() => import('./components/user-detail-page.js'), 'UserDetailPage');
const UsersPage = lazyScreen(() => import('./components/users-page.js'), 'UsersPage');

export const IAM_ROUTES: PageScreen[] = [
  { page: 'policies', element: <PoliciesPage /> },
  { page: 'policies', subpath: '*', element: <PolicyDetailPage /> },
  { page: 'users', element: <UsersPage /> },
  { page: 'users', subpath: '*', element: <UserDetailPage /> },
  { page: 'groups', element: <GroupsPage /> },
];
