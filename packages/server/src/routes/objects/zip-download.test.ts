/** The ZIP download's pure rules: the selection without repeats, safe entry names, file name. */
import { describe, expect, it } from 'vitest';
import { normaliseSelection, zipEntryName, zipFileName } from './zip-download.js';

describe('normaliseSelection', () => {
  it('drops repeats and paths inside a selected folder, keeps siblings', () => {
    expect(normaliseSelection(['a/b.txt', 'a/', '/c.txt', 'a/', 'ab.txt', 'a/x/y', ''])).toEqual([
      'a/',
      'ab.txt',
      'c.txt',
    ]);
  });
});

describe('zipEntryName', () => {
  it('names keys below the base folder, and keys elsewhere in full', () => {
    expect(zipEntryName('photos/2024/a.jpg', 'photos/')).toBe('2024/a.jpg');
    expect(zipEntryName('docs/b.txt', 'photos/')).toBe('docs/b.txt');
    expect(zipEntryName('photos/', 'photos/')).toBe('');
  });

  it('makes names harmless to unzip tools', () => {
    expect(zipEntryName('a/../../etc/passwd', '')).toBe('a/__/__/etc/passwd');
    expect(zipEntryName('//x/./y', '')).toBe('x/y');
    expect(zipEntryName('C:\\win\\evil.txt', '')).toBe('_C:/win/evil.txt');
  });
});

describe('zipFileName', () => {
  it("is the folder's name for one folder, else the bucket's", () => {
    expect(zipFileName('bkt', ['photos/2024/'])).toBe('2024.zip');
    expect(zipFileName('bkt', ['a.txt'])).toBe('bkt.zip');
    expect(zipFileName('bkt', ['a/', 'b/'])).toBe('bkt.zip');
  });
});
