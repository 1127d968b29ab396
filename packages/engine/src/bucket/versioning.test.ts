import { describe, expect, it } from 'vitest';
import { InvalidBucketState } from '../object-layer/errors.js';
import {
  LOCKED_VERSIONING_MESSAGE,
  checkVersioningChange,
  parseVersioningConfiguration,
  type VersioningConfig,
} from './versioning.js';

const config = (xml: string): VersioningConfig =>
  parseVersioningConfiguration(`<VersioningConfiguration>${xml}</VersioningConfiguration>`);

/** The error `checkVersioningChange` throws, or undefined when it accepts. */
function refusal(c: VersioningConfig, locked: boolean): unknown {
  try {
    checkVersioningChange(c, locked, 'bkt');
    return undefined;
  } catch (err) {
    return err;
  }
}

describe('checkVersioningChange', () => {
  it('lets a bucket without object lock take any state', () => {
    expect(refusal(config('<Status>Suspended</Status>'), false)).toBeUndefined();
    expect(
      refusal(config('<Status>Enabled</Status><ExcludeFolders>true</ExcludeFolders>'), false),
    ).toBeUndefined();
  });

  it('keeps a lock bucket Enabled and fully versioned', () => {
    expect(refusal(config('<Status>Enabled</Status>'), true)).toBeUndefined();
    for (const xml of [
      '<Status>Suspended</Status>',
      '<Status>Enabled</Status><ExcludedPrefixes><Prefix>tmp/</Prefix></ExcludedPrefixes>',
      '<Status>Enabled</Status><ExcludeFolders>true</ExcludeFolders>',
    ]) {
      const err = refusal(config(xml), true);
      expect(err, xml).toBeInstanceOf(InvalidBucketState);
      expect((err as InvalidBucketState).message).toBe(LOCKED_VERSIONING_MESSAGE);
      expect((err as InvalidBucketState).bucket).toBe('bkt');
    }
  });
});
