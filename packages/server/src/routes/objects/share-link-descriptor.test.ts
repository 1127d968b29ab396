import { describe, expect, it } from 'vitest';
import { describeShare, readShareDescription, sharesTarget } from './share-link-descriptor.js';

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

describe('share link descriptions', () => {
  it('name a short key whole, with its version', () => {
    const text = describeShare({ bucket: 'photos', key: 'a/b c.jpg', versionId: 'v-1' });
    expect(JSON.parse(text)).toEqual({ b: 'photos', k: 'a/b c.jpg', v: 'v-1' });
    const read = readShareDescription(text);
    expect(read).toEqual({ bucket: 'photos', key: 'a/b c.jpg', versionId: 'v-1', complete: true });
    if (!read) throw new Error('unread');
    expect(sharesTarget(read, { bucket: 'photos', key: 'a/b c.jpg', versionId: 'v-1' })).toBe(true);
    expect(sharesTarget(read, { bucket: 'photos', key: 'a/b c.jpg' })).toBe(true);
    expect(sharesTarget(read, { bucket: 'photos' })).toBe(true);
    expect(sharesTarget(read, { bucket: 'photos', key: 'a/b c.jpg', versionId: 'v-2' })).toBe(false);
    expect(sharesTarget(read, { bucket: 'photos', key: 'a/b' })).toBe(false);
    expect(sharesTarget(read, { bucket: 'other', key: 'a/b c.jpg' })).toBe(false);
  });

  it('shorten a long key to 256 bytes and still tell it from its neighbours by hash', () => {
    const key = `${'ü'.repeat(200)}/🙂${'x'.repeat(300)}`;
    const text = describeShare({ bucket: 'b'.repeat(63), key, versionId: 'a'.repeat(36) });
    expect(bytes(text)).toBeLessThanOrEqual(256);
    const read = readShareDescription(text);
    if (!read) throw new Error('unread');
    expect(read.complete).toBe(false);
    expect(read.key.endsWith('…')).toBe(true);
    expect(key.startsWith(read.key.slice(0, -1))).toBe(true);
    // No lone surrogate: the beginning is whole characters.
    expect(read.key).toBe(Buffer.from(read.key, 'utf8').toString('utf8'));
    expect(sharesTarget(read, { bucket: 'b'.repeat(63), key })).toBe(true);
    expect(sharesTarget(read, { bucket: 'b'.repeat(63), key: `${key}y` })).toBe(false);
  });

  it('ignore descriptions that are not ours', () => {
    expect(readShareDescription(undefined)).toBeUndefined();
    expect(readShareDescription('my laptop key')).toBeUndefined();
    expect(readShareDescription('{"b":1,"k":"x"}')).toBeUndefined();
    expect(readShareDescription('null')).toBeUndefined();
  });
});
