import { describe, expect, it } from 'vitest';
import { keyVersioning, matchesPrefixPattern } from './key-versioning.js';

describe('matchesPrefixPattern', () => {
  it('matches a literal prefix and * wildcards, the rest of the key free', () => {
    expect(matchesPrefixPattern('tmp/', 'tmp/a.txt')).toBe(true);
    expect(matchesPrefixPattern('tmp/', 'tmp')).toBe(false);
    expect(matchesPrefixPattern('tmp/', 'data/tmp/a')).toBe(false);
    expect(matchesPrefixPattern('tmp/*', 'tmp/a')).toBe(true);
    expect(matchesPrefixPattern('*/_staging/', 'jobs/7/_staging/x')).toBe(true);
    expect(matchesPrefixPattern('*/_staging/', 'jobs/7/staging/x')).toBe(false);
    expect(matchesPrefixPattern('a*b*c', 'a-b-c-d')).toBe(true);
    expect(matchesPrefixPattern('a*b*c', 'a-c-b')).toBe(false);
    expect(matchesPrefixPattern('*', 'anything')).toBe(true);
  });
});

describe('keyVersioning', () => {
  const excluded = { prefixes: ['tmp/', '*/cache/'], folders: true };

  it("is the bucket's status without exclusions", () => {
    for (const status of ['Enabled', 'Suspended', 'Unversioned'] as const) {
      expect(keyVersioning({ versioning: status }, 'tmp/x')).toBe(status);
    }
  });

  it('suspends excluded keys and folder objects of an Enabled bucket only', () => {
    const bucket = { versioning: 'Enabled' as const, versioningExcluded: excluded };
    expect(keyVersioning(bucket, 'tmp/x')).toBe('Suspended');
    expect(keyVersioning(bucket, 'app/cache/y')).toBe('Suspended');
    expect(keyVersioning(bucket, 'photos/')).toBe('Suspended');
    expect(keyVersioning(bucket, 'photos/a.jpg')).toBe('Enabled');
    expect(
      keyVersioning({ ...bucket, versioningExcluded: { prefixes: [], folders: false } }, 'photos/'),
    ).toBe('Enabled');
    // Exclusions mean nothing once the bucket is Suspended (or never versioned).
    expect(keyVersioning({ versioning: 'Suspended', versioningExcluded: excluded }, 'docs/a')).toBe(
      'Suspended',
    );
  });
});
