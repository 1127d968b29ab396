/**
 * The IAM screens (spec 2 §2): policies, users and groups. Each needs its section's page in the
 * session; detail screens go with their section (a user's or a policy's name may hold slashes, so
 * those routes are splats).
 */
import type { FeatureRoute } from '../../shared/routing.js';
import { GroupsPage } from './components/groups-page.js';
import { PoliciesPage } from './components/policies-page.js';
import { PolicyDetailPage } from './components/policy-detail-page.js';
import { UserDetailPage } from './components/user-detail-page.js';
import { UsersPage } from './components/users-page.js';

export const IAM_ROUTES: FeatureRoute[] = [
  { path: '/policies', page: '/policies', element: <PoliciesPage /> },
  { path: '/policies/*', page: '/policies', element: <PolicyDetailPage /> },
  { path: '/users', page: '/users', element: <UsersPage /> },
  { path: '/users/*', page: '/users', element: <UserDetailPage /> },
  { path: '/groups', page: '/groups', element: <GroupsPage /> },
];
