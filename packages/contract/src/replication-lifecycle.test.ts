import { describe, expect, it } from 'vitest';
import { AddLifecycleRuleRequestSchema } from './bucket-lifecycle.js';
import { MultiBucketReplicationRequestSchema } from './bucket-replication.js';
import { AddTierRequestSchema } from './tiers.js';
import { TIER_NAME_MESSAGE } from './tier-rules.js';

const tier = (name: string, prefix = 'p') => ({
  type: 's3',
  s3: { name, endpoint: 'http://h', bucket: 'b', prefix, region: 'r', accesskey: 'a', secretkey: 's' },
});

describe('the tier contract (spec 3 §5)', () => {
  it('takes an uppercase name of A-Z, 0-9, dash and underscore; anything else gets the spec message', () => {
    expect(AddTierRequestSchema.safeParse(tier('WARM_1-A')).success).toBe(true);
    for (const bad of ['warm', 'WARM TIER', 'WÄRM']) {
      const parsed = AddTierRequestSchema.safeParse(tier(bad));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(TIER_NAME_MESSAGE);
    }
    // Save needs every field, the prefix included.
    expect(AddTierRequestSchema.safeParse(tier('WARM', '')).success).toBe(false);
  });
});

describe('the lifecycle and replication contracts', () => {
  it('a new lifecycle rule is an expiry or a transition, by date or by days; a transition names a tier', () => {
    const ok = (body: object) => AddLifecycleRuleRequestSchema.safeParse(body).success;
    expect(ok({ expiry_days: 1 })).toBe(true);
    expect(ok({ expiry_date: '2030-01-31T23:59:59Z' })).toBe(true);
    expect(ok({ transition_days: 3, storage_class: 'WARM' })).toBe(true);
    expect(ok({})).toBe(false);
    expect(ok({ expiry_days: 0 })).toBe(false);
    expect(ok({ expiry_days: 1, expiry_date: '2030-01-31' })).toBe(false);
    expect(ok({ expiry_days: 1, transition_days: 1, storage_class: 'WARM' })).toBe(false);
    expect(ok({ transition_days: 3 })).toBe(false);
    expect(ok({ expiry_date: '31.01.2030' })).toBe(false);
  });

  it("fills a replication request with spec 1 §9's defaults", () => {
    const parsed = MultiBucketReplicationRequestSchema.parse({
      accessKey: 'a',
      secretKey: 's',
      targetURL: 'h:9000',
      useTLS: true,
      bucketsRelation: [{ originBucket: 'x', destinationBucket: 'y' }],
    });
    expect(parsed).toMatchObject({
      syncMode: 'async',
      healthCheckPeriod: 60,
      replicateDeleteMarkers: true,
      replicateDeletes: true,
      replicateMetadata: true,
    });
  });
});
