/**
 * Operator mode's contract (spec 3 §3, §5, §7): the create payload's defaults and rules, the
 * session kinds of its routes and pages.
 */
import { describe, expect, it } from 'vitest';
import {
  API,
  CreateTenantRequestSchema,
  FormatDrivesRequestSchema,
  OperatorLoginRequestSchema,
  PAGES,
  ParityListSchema,
} from './index.js';

const POOL = {
  name: 'pool-0',
  servers: 4,
  volumes_per_server: 1,
  volume_configuration: { size: 107374182400, storage_class_name: 'standard' },
};

describe('create tenant payload', () => {
  it('takes the spec defaults and exactly one pool', () => {
    const parsed = CreateTenantRequestSchema.parse({ name: 'tenant-1', namespace: 'ns-1', pools: [POOL] });
    expect(parsed).toMatchObject({
      enable_tls: true,
      enable_console: true,
      enable_prometheus: true,
      expose_minio: true,
      expose_console: true,
      erasureCodingParity: 0,
      access_keys: [],
      secret_keys: [],
    });
    expect(CreateTenantRequestSchema.safeParse({ name: 'tenant-1', namespace: 'n', pools: [] }).success).toBe(
      false,
    );
    expect(
      CreateTenantRequestSchema.safeParse({ name: 'tenant-1', namespace: 'n', pools: [POOL, POOL] }).success,
    ).toBe(false);
  });

  it('refuses a bad tenant name with the spec message, and short built-in keys', () => {
    const bad = CreateTenantRequestSchema.safeParse({ name: 'Ab', namespace: 'n', pools: [POOL] });
    expect(bad.success).toBe(false);
    expect(JSON.stringify(bad.error?.issues)).toContain(
      "Name only can contain lowercase letters, numbers and '-'",
    );
    const keys = CreateTenantRequestSchema.safeParse({
      name: 'tenant-1',
      namespace: 'n',
      pools: [POOL],
      idp: { keys: [{ access_key: 'short', secret_key: 'long-enough' }] },
    });
    expect(JSON.stringify(keys.error?.issues)).toContain('Keys must be at least length 8');
  });

  it('format takes node:/dev/name drives; parity lists are EC:n; a JWT is required', () => {
    expect(FormatDrivesRequestSchema.parse({ drives: ['node-1:/dev/sdb'] })).toEqual({
      drives: ['node-1:/dev/sdb'],
      force: false,
    });
    expect(FormatDrivesRequestSchema.safeParse({ drives: ['sdb'] }).success).toBe(false);
    expect(ParityListSchema.safeParse(['EC:4', 'EC:2']).success).toBe(true);
    expect(OperatorLoginRequestSchema.safeParse({ jwt: '  ' }).success).toBe(false);
  });
});

describe('session kinds', () => {
  it('tenant and storage routes are for operator sessions; session and license for both', () => {
    const operator = Object.entries(API).filter(([, r]) => 'session' in r && r.session === 'operator');
    expect(operator.map(([n]) => n)).toEqual(
      expect.arrayContaining(['listTenants', 'getParity', 'formatDrives']),
    );
    for (const [, route] of operator) expect(route.tags[0]).toMatch(/^(tenants|storage)$/);
    expect(API.getSession.session).toBe('any');
    expect(API.getSubscriptionInfo.session).toBe('any');
    expect(API.loginOperator.public).toBe(true);
  });

  it('operator pages: tenants, storage and the tenant detail; sign-out and License for both', () => {
    const kindOf = (id: string) => PAGES.find((p) => p.id === id)?.access;
    expect(kindOf('tenants')).toEqual({ session: 'operator' });
    expect(kindOf('storage')).toEqual({ session: 'operator' });
    expect(kindOf('namespaces')).toEqual({ session: 'operator' });
    expect(kindOf('login')).toEqual({ session: 'any' });
    expect(kindOf('license')).toMatchObject({ session: 'any' });
  });
});
