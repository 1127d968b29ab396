import { PAGES } from '@coffer/contract/client';
import { describe, expect, it } from 'vitest';
import { FEATURE_ROUTES } from './routes.js';

describe('the route table', () => {
  it("mounts every screen under its catalogue page's path", () => {
    const served = new Set<string>(PAGES.filter((p) => 'access' in p).map((p) => p.path));
    for (const route of FEATURE_ROUTES) {
      expect(served.has(route.page)).toBe(true);
      expect(route.path === route.page || route.path.startsWith(`${route.page}/`)).toBe(true);
    }
    expect(FEATURE_ROUTES.map((r) => r.path)).toEqual([
      '/object-browser',
      '/object-browser/:bucket/*',
      '/buckets',
      '/buckets/:bucketName',
      '/buckets/:bucketName/summary',
      '/buckets/:bucketName/events',
      '/buckets/:bucketName/access',
      '/buckets/:bucketName/replication',
      '/buckets/:bucketName/lifecycle',
      '/account',
      '/policies',
      '/policies/*',
      '/users',
      '/users/*',
      '/groups',
      '/settings',
      '/webhook/logger',
      '/webhook/audit',
      '/trace',
      '/logs',
      '/health-info',
      '/heal',
      '/watch',
      '/dashboard',
      '/metrics',
      '/license',
      '/tenants',
      '/namespaces/:tenantNamespace/tenants/:tenantName',
      '/namespaces/:tenantNamespace/tenants/:tenantName/summary',
      '/namespaces/:tenantNamespace/tenants/:tenantName/metrics',
      '/namespaces/:tenantNamespace/tenants/:tenantName/security',
      '/namespaces/:tenantNamespace/tenants/:tenantName/pools',
      '/namespaces/:tenantNamespace/tenants/:tenantName/pods',
      '/namespaces/:tenantNamespace/tenants/:tenantName/pods/:podName',
      '/namespaces/:tenantNamespace/tenants/:tenantName/license',
      '/namespaces/:tenantNamespace/tenants/:tenantName/hop',
      '/storage',
      '/storage/volumes',
      '/storage/drives',
      '/tenants/add',
    ]);
  });
});
