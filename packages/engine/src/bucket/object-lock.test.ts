import { describe, expect, it } from 'vitest';
import { InvalidBucketObjectLockConfiguration, ObjectLocked } from './errors.js';
import { AccessDenied, InvalidRequest, MalformedXML } from '../common/errors.js';
import type { BucketMetadata, ObjectInfo } from '../object-layer/types.js';
import {
  checkDeleteAllowed,
  checkRetentionChange,
  defaultRetainUntil,
  lockFieldsForUpload,
  lockResponseHeaders,
  lockStateOf,
  objectLockConfigurationXml,
  parseIsoDate,
  parseLegalHold,
  parseObjectLockConfiguration,
  parseRetention,
  type LockOverride,
} from './object-lock.js';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const DAY = 86_400_000;

function lockConfig(rule = ''): string {
  return `<ObjectLockConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><ObjectLockEnabled>Enabled</ObjectLockEnabled>${rule}</ObjectLockConfiguration>`;
}

function bucketMeta(objectLockEnabled: boolean, configs: Record<string, string> = {}): BucketMetadata {
  return {
    name: 'b',
    created: new Date(0),
    versioning: objectLockEnabled ? 'Enabled' : 'Unversioned',
    objectLockEnabled,
    configs,
  };
}

function version(internal: Record<string, string>, deleteMarker = false): ObjectInfo {
  return {
    bucket: 'b',
    key: 'k',
    versionId: 'v1',
    isLatest: true,
    deleteMarker,
    size: 10,
    etag: 'e',
    lastModified: new Date(NOW),
    contentType: 'text/plain',
    headers: {},
    userMetadata: {},
    storageClass: 'STANDARD',
    checksums: {},
    internal,
  };
}

function retained(mode: string, until: number, hold?: string): Record<string, string> {
  const internal: Record<string, string> = {
    'x-amz-object-lock-mode': mode,
    'x-amz-object-lock-retain-until-date': new Date(until).toISOString(),
  };
  if (hold !== undefined) internal['x-amz-object-lock-legal-hold'] = hold;
  return internal;
}

function override(bypassGovernance = false, allowed = true): LockOverride {
  return { bypassGovernance, mayBypass: () => allowed, now: NOW };
}

describe('object lock configuration', () => {
  it('parses Enabled with and without a default retention, and round-trips', () => {
    expect(parseObjectLockConfiguration(lockConfig())).toEqual({});
    const days = parseObjectLockConfiguration(
      lockConfig('<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>30</Days></DefaultRetention></Rule>'),
    );
    expect(days).toEqual({ defaultRetention: { mode: 'GOVERNANCE', days: 30 } });
    const years = parseObjectLockConfiguration(
      lockConfig('<Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Years>2</Years></DefaultRetention></Rule>'),
    );
    expect(years).toEqual({ defaultRetention: { mode: 'COMPLIANCE', years: 2 } });
    expect(parseObjectLockConfiguration(objectLockConfigurationXml(years))).toEqual(years);
    expect(objectLockConfigurationXml(days)).toContain(
      '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>30</Days></DefaultRetention></Rule>',
    );
  });

  it.each([
    [
      'not Enabled',
      '<ObjectLockConfiguration><ObjectLockEnabled>Disabled</ObjectLockEnabled></ObjectLockConfiguration>',
    ],
    [
      'a bad mode',
      lockConfig('<Rule><DefaultRetention><Mode>governance</Mode><Days>1</Days></DefaultRetention></Rule>'),
    ],
    ['no period', lockConfig('<Rule><DefaultRetention><Mode>GOVERNANCE</Mode></DefaultRetention></Rule>')],
    [
      'both periods',
      lockConfig(
        '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>1</Days><Years>1</Years></DefaultRetention></Rule>',
      ),
    ],
    [
      'zero days',
      lockConfig('<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>0</Days></DefaultRetention></Rule>'),
    ],
    [
      'too many days',
      lockConfig(
        '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>36501</Days></DefaultRetention></Rule>',
      ),
    ],
    [
      'too many years',
      lockConfig(
        '<Rule><DefaultRetention><Mode>COMPLIANCE</Mode><Years>101</Years></DefaultRetention></Rule>',
      ),
    ],
    [
      'negative days',
      lockConfig('<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>-1</Days></DefaultRetention></Rule>'),
    ],
    ['a Rule without DefaultRetention', lockConfig('<Rule><Other/></Rule>')],
    ['another document', '<VersioningConfiguration><Status>Enabled</Status></VersioningConfiguration>'],
  ])('refuses %s as MalformedXML', (_name, xml) => {
    expect(() => parseObjectLockConfiguration(xml)).toThrow(MalformedXML);
  });

  it('computes default retain-until dates with calendar arithmetic', () => {
    expect(defaultRetainUntil({ mode: 'GOVERNANCE', days: 1 }, NOW).toISOString()).toBe(
      '2026-03-02T12:00:00.000Z',
    );
    expect(defaultRetainUntil({ mode: 'GOVERNANCE', days: 31 }, NOW).toISOString()).toBe(
      '2026-04-01T12:00:00.000Z',
    );
    expect(defaultRetainUntil({ mode: 'COMPLIANCE', years: 1 }, NOW).toISOString()).toBe(
      '2027-03-01T12:00:00.000Z',
    );
  });
});

describe('dates, retention and legal hold documents', () => {
  it('parses ISO 8601 dates with optional fractions and offsets', () => {
    expect(parseIsoDate('2030-01-01T00:00:00Z')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseIsoDate('2030-01-01T00:00:00.123456789Z')?.toISOString()).toBe('2030-01-01T00:00:00.123Z');
    expect(parseIsoDate('2030-01-01T02:00:00+02:00')?.toISOString()).toBe('2030-01-01T00:00:00.000Z');
    expect(parseIsoDate('2030-01-01')).toBeUndefined();
    expect(parseIsoDate('tomorrow')).toBeUndefined();
    expect(parseIsoDate('2030-13-45T00:00:00Z')).toBeUndefined();
  });

  it('parses a retention, an empty one (removal), and refuses bad ones', () => {
    const future = new Date(NOW + DAY).toISOString();
    expect(
      parseRetention(
        `<Retention><Mode>COMPLIANCE</Mode><RetainUntilDate>${future}</RetainUntilDate></Retention>`,
        NOW,
      ),
    ).toEqual({ mode: 'COMPLIANCE', retainUntil: new Date(NOW + DAY) });
    expect(parseRetention('<Retention></Retention>', NOW)).toEqual({});
    expect(() => parseRetention(`<Retention><Mode>COMPLIANCE</Mode></Retention>`, NOW)).toThrow(MalformedXML);
    expect(() =>
      parseRetention(`<Retention><RetainUntilDate>${future}</RetainUntilDate></Retention>`, NOW),
    ).toThrow(MalformedXML);
    expect(() =>
      parseRetention(
        `<Retention><Mode>WORM</Mode><RetainUntilDate>${future}</RetainUntilDate></Retention>`,
        NOW,
      ),
    ).toThrow(/unknown wormMode directive/);
    expect(() =>
      parseRetention(
        `<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>soon</RetainUntilDate></Retention>`,
        NOW,
      ),
    ).toThrow(/ISO 8601/);
    const past = new Date(NOW - 1000).toISOString();
    expect(() =>
      parseRetention(
        `<Retention><Mode>GOVERNANCE</Mode><RetainUntilDate>${past}</RetainUntilDate></Retention>`,
        NOW,
      ),
    ).toThrow(/must be in the future/);
    expect(() => parseRetention('<LegalHold><Status>ON</Status></LegalHold>', NOW)).toThrow(MalformedXML);
  });

  it('parses legal holds ON and OFF only', () => {
    expect(parseLegalHold('<LegalHold><Status>ON</Status></LegalHold>')).toBe('ON');
    expect(parseLegalHold('<LegalHold xmlns="x"><Status>OFF</Status></LegalHold>')).toBe('OFF');
    expect(() => parseLegalHold('<LegalHold><Status>on</Status></LegalHold>')).toThrow(MalformedXML);
    expect(() => parseLegalHold('<LegalHold></LegalHold>')).toThrow(MalformedXML);
  });

  it('reads the stored state and writes the response headers', () => {
    const internal = retained('GOVERNANCE', NOW + DAY, 'ON');
    expect(lockStateOf(internal)).toEqual({
      mode: 'GOVERNANCE',
      retainUntil: new Date(NOW + DAY),
      legalHold: 'ON',
    });
    expect(lockResponseHeaders(internal)).toEqual({
      'x-amz-object-lock-mode': 'GOVERNANCE',
      'x-amz-object-lock-retain-until-date': new Date(NOW + DAY).toISOString(),
      'x-amz-object-lock-legal-hold': 'ON',
    });
    expect(lockResponseHeaders({})).toEqual({});
  });
});

describe('lock fields of an upload', () => {
  const allowAll = { now: NOW, may: () => true, lockConfig: undefined };

  it('takes the lock headers', () => {
    const until = new Date(NOW + DAY).toISOString();
    const fields = lockFieldsForUpload(
      {
        'x-amz-object-lock-mode': 'compliance',
        'x-amz-object-lock-retain-until-date': until,
        'x-amz-object-lock-legal-hold': 'ON',
      },
      bucketMeta(true),
      allowAll,
    );
    expect(fields).toEqual({
      'x-amz-object-lock-mode': 'COMPLIANCE',
      'x-amz-object-lock-retain-until-date': until,
      'x-amz-object-lock-legal-hold': 'ON',
    });
  });

  it('applies the default retention when no retention header is sent', () => {
    const meta = bucketMeta(true, {
      'object-lock': lockConfig(
        '<Rule><DefaultRetention><Mode>GOVERNANCE</Mode><Days>2</Days></DefaultRetention></Rule>',
      ),
    });
    const withDefault = {
      ...allowAll,
      lockConfig: parseObjectLockConfiguration(meta.configs['object-lock'] ?? ''),
    };
    expect(lockFieldsForUpload({}, meta, withDefault)).toEqual({
      'x-amz-object-lock-mode': 'GOVERNANCE',
      'x-amz-object-lock-retain-until-date': new Date(NOW + 2 * DAY).toISOString(),
    });
    // Explicit headers win over the default.
    const until = new Date(NOW + 9 * DAY).toISOString();
    expect(
      lockFieldsForUpload(
        { 'x-amz-object-lock-mode': 'COMPLIANCE', 'x-amz-object-lock-retain-until-date': until },
        meta,
        withDefault,
      ),
    ).toEqual({ 'x-amz-object-lock-mode': 'COMPLIANCE', 'x-amz-object-lock-retain-until-date': until });
    expect(lockFieldsForUpload({}, bucketMeta(true), allowAll)).toEqual({});
    expect(lockFieldsForUpload({}, bucketMeta(false), allowAll)).toEqual({});
  });

  it('refuses lock headers on a bucket without object lock, half a retention, bad values, no permission', () => {
    const until = new Date(NOW + DAY).toISOString();
    expect(() =>
      lockFieldsForUpload({ 'x-amz-object-lock-legal-hold': 'ON' }, bucketMeta(false), allowAll),
    ).toThrow(InvalidBucketObjectLockConfiguration);
    expect(() =>
      lockFieldsForUpload({ 'x-amz-object-lock-mode': 'GOVERNANCE' }, bucketMeta(true), allowAll),
    ).toThrow(/must both be supplied/);
    expect(() =>
      lockFieldsForUpload(
        { 'x-amz-object-lock-mode': 'FOREVER', 'x-amz-object-lock-retain-until-date': until },
        bucketMeta(true),
        allowAll,
      ),
    ).toThrow(InvalidRequest);
    expect(() =>
      lockFieldsForUpload(
        {
          'x-amz-object-lock-mode': 'GOVERNANCE',
          'x-amz-object-lock-retain-until-date': new Date(NOW - DAY).toISOString(),
        },
        bucketMeta(true),
        allowAll,
      ),
    ).toThrow(/must be in the future/);
    expect(() =>
      lockFieldsForUpload({ 'x-amz-object-lock-legal-hold': 'maybe' }, bucketMeta(true), allowAll),
    ).toThrow(InvalidRequest);
    const may = (action: string): boolean => action !== 's3:PutObjectRetention';
    expect(() =>
      lockFieldsForUpload(
        { 'x-amz-object-lock-mode': 'GOVERNANCE', 'x-amz-object-lock-retain-until-date': until },
        bucketMeta(true),
        { now: NOW, may, lockConfig: undefined },
      ),
    ).toThrow(AccessDenied);
  });
});

describe('the delete guard', () => {
  it('lets unlocked versions, expired retentions and delete markers go', () => {
    expect(() => checkDeleteAllowed(version({}), override())).not.toThrow();
    expect(() => checkDeleteAllowed(version(retained('COMPLIANCE', NOW - 1)), override())).not.toThrow();
    expect(() =>
      checkDeleteAllowed(version(retained('COMPLIANCE', NOW + DAY), true), override()),
    ).not.toThrow();
    expect(() =>
      checkDeleteAllowed(version({ 'x-amz-object-lock-legal-hold': 'OFF' }), override()),
    ).not.toThrow();
  });

  it('keeps legal holds and COMPLIANCE whatever the bypass', () => {
    expect(() =>
      checkDeleteAllowed(version({ 'x-amz-object-lock-legal-hold': 'ON' }), override(true)),
    ).toThrow(ObjectLocked);
    expect(() => checkDeleteAllowed(version(retained('COMPLIANCE', NOW + DAY)), override(true))).toThrow(
      ObjectLocked,
    );
    expect(() =>
      checkDeleteAllowed(version(retained('GOVERNANCE', NOW - DAY, 'ON')), override(true)),
    ).toThrow(ObjectLocked);
  });

  it('lets GOVERNANCE go only with the bypass header and the permission', () => {
    const locked = version(retained('GOVERNANCE', NOW + DAY));
    expect(() => checkDeleteAllowed(locked, override(false))).toThrow(ObjectLocked);
    expect(() => checkDeleteAllowed(locked, override(true, false))).toThrow(AccessDenied);
    expect(() => checkDeleteAllowed(locked, override(true, true))).not.toThrow();
  });
});

describe('retention changes', () => {
  const soon = new Date(NOW + DAY);
  const later = new Date(NOW + 2 * DAY);

  it('allows anything over no retention or an expired one', () => {
    expect(() =>
      checkRetentionChange({}, { mode: 'GOVERNANCE', retainUntil: soon }, override()),
    ).not.toThrow();
    const expired = lockStateOf(retained('COMPLIANCE', NOW - 1));
    expect(() =>
      checkRetentionChange(expired, { mode: 'GOVERNANCE', retainUntil: soon }, override()),
    ).not.toThrow();
    expect(() => checkRetentionChange(expired, {}, override())).not.toThrow();
  });

  it('only extends an active COMPLIANCE retention, bypass or not', () => {
    const current = lockStateOf(retained('COMPLIANCE', soon.getTime()));
    expect(() =>
      checkRetentionChange(current, { mode: 'COMPLIANCE', retainUntil: later }, override()),
    ).not.toThrow();
    expect(() =>
      checkRetentionChange(current, { mode: 'COMPLIANCE', retainUntil: soon }, override()),
    ).not.toThrow();
    const shorter = new Date(NOW + DAY / 2);
    expect(() =>
      checkRetentionChange(current, { mode: 'COMPLIANCE', retainUntil: shorter }, override(true)),
    ).toThrow(ObjectLocked);
    expect(() =>
      checkRetentionChange(current, { mode: 'GOVERNANCE', retainUntil: later }, override(true)),
    ).toThrow(ObjectLocked);
    expect(() => checkRetentionChange(current, {}, override(true))).toThrow(ObjectLocked);
  });

  it('extends GOVERNANCE freely and shortens or removes it only with the bypass', () => {
    const current = lockStateOf(retained('GOVERNANCE', later.getTime()));
    expect(() =>
      checkRetentionChange(current, { mode: 'GOVERNANCE', retainUntil: new Date(NOW + 3 * DAY) }, override()),
    ).not.toThrow();
    expect(() =>
      checkRetentionChange(current, { mode: 'GOVERNANCE', retainUntil: soon }, override()),
    ).toThrow(ObjectLocked);
    expect(() =>
      checkRetentionChange(current, { mode: 'COMPLIANCE', retainUntil: later }, override()),
    ).toThrow(ObjectLocked);
    expect(() => checkRetentionChange(current, {}, override(true, false))).toThrow(AccessDenied);
    expect(() => checkRetentionChange(current, {}, override(true, true))).not.toThrow();
    expect(() =>
      checkRetentionChange(current, { mode: 'GOVERNANCE', retainUntil: soon }, override(true)),
    ).not.toThrow();
  });
});
