import { describe, expect, it } from 'vitest';
import { inlineKey, inlinePrefix, objectKey, objectPrefix } from './meta-keys.js';

describe('index keys', () => {
  it('objectKey and inlineKey are the prefix, the key and the data dir joined as the layout says', () => {
    const keys = ['a', 'dir/sub/file.txt', 'grüße/日本', 'x'.repeat(900), '\ud800lone', ''];
    for (const bucket of ['b', 'my-bucket.example']) {
      for (const key of keys) {
        const utf8 = Buffer.from(key, 'utf8');
        expect(objectKey(bucket, key)).toEqual(Buffer.concat([objectPrefix(bucket), utf8]));
        const dataDir = '0f8fad5b-d9cb-469f-a165-70867728950e';
        expect(inlineKey(bucket, key, dataDir)).toEqual(
          Buffer.concat([inlinePrefix(bucket), utf8, Buffer.from([0]), Buffer.from(dataDir, 'latin1')]),
        );
      }
    }
    expect(objectKey('b', 'k').toString('latin1')).toBe('ob\0k');
  });
});
