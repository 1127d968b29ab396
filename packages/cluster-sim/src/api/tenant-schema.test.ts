import { describe, expect, it } from 'vitest';
import { checkTenant } from './tenant-schema.js';

const pool = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  servers: 4,
  volumesPerServer: 1,
  volumeClaimTemplate: { spec: { resources: { requests: { storage: '1Gi' } } } },
  ...extra,
});

describe('Tenant CRD checks', () => {
  it('accepts a 2021-console tenant under the v4 rules and prunes what the latest CRD dropped', () => {
    const tenant = { spec: { pools: [pool()], credsSecret: { name: 's' }, log: {}, prometheus: {} } };
    expect(checkTenant(structuredClone(tenant), 'v4')).toEqual({ causes: [], unknown: [] });
    const latest = structuredClone(tenant);
    const result = checkTenant(latest, 'latest');
    expect(result.unknown).toEqual(['spec.credsSecret', 'spec.log', 'spec.prometheus']);
    expect(result.causes.map((c) => c.field)).toEqual(['spec.pools[0].name']);
    expect(latest.spec).toEqual({ pools: [pool()] });
  });

  it("enforces the latest CRD's immutable servers and volumesPerServer", () => {
    const old = { spec: { pools: [pool({ name: 'p0' })] } };
    const next = { spec: { pools: [pool({ name: 'p0', servers: 8 })] } };
    expect(checkTenant(next, 'latest', old).causes.map((c) => c.message)).toEqual([
      'Invalid value: 8: servers is immutable',
    ]);
    expect(checkTenant(structuredClone(next), 'v4', old).causes).toEqual([]);
  });

  it('checks quantities and types', () => {
    const bad = {
      spec: {
        pools: [pool({ volumeClaimTemplate: { spec: { resources: { requests: { storage: 'lots' } } } } })],
        requestAutoCert: 'yes',
      },
    };
    expect(checkTenant(bad, 'v4').causes.map((c) => c.field)).toEqual([
      'spec.requestAutoCert',
      'spec.pools[0].volumeClaimTemplate.spec.resources.requests.storage',
    ]);
  });
});
