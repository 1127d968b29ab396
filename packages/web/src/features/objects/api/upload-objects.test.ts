import { describe, expect, it } from 'vitest';
import { BUCKETS_KEY } from '../../../shared/api/list-buckets.js';
import { objectsKey } from './list-objects.js';
import { itemsOf, refreshedKeys } from './upload-objects.js';

describe('upload-objects', () => {
  it("refreshes the bucket's listings (the listing queries' own key) and the bucket list", () => {
    expect(refreshedKeys('b')).toEqual([objectsKey('b'), BUCKETS_KEY]);
  });

  it('names picked files by their relative path in a folder pick, else by their name', () => {
    const plain = new File(['x'], 'a.txt');
    const inFolder = new File(['y'], 'b.txt');
    Object.defineProperty(inFolder, 'webkitRelativePath', { value: 'album/sub/b.txt' });
    expect(itemsOf([plain, inFolder]).map((i) => i.path)).toEqual(['a.txt', 'album/sub/b.txt']);
  });
});
