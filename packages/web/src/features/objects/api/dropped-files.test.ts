import { describe, expect, it } from 'vitest';
import {
  filesOfEntries,
  type DirectoryEntryLike,
  type EntryLike,
  type FileEntryLike,
} from './dropped-files.js';

function fileEntry(fullPath: string, fail = false): FileEntryLike {
  const name = fullPath.split('/').pop() ?? fullPath;
  return {
    isFile: true,
    isDirectory: false,
    name,
    fullPath,
    file: (ok, err) => (fail ? err?.(new Error('gone')) : ok(new File(['x'], name))),
  };
}

/** A directory whose reader answers in batches of two, like browsers do in batches of 100. */
function dirEntry(fullPath: string, children: EntryLike[]): DirectoryEntryLike {
  return {
    isFile: false,
    isDirectory: true,
    name: fullPath.split('/').pop() ?? fullPath,
    fullPath,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok) => {
          const batch = children.slice(at, at + 2);
          at += batch.length;
          ok(batch);
        },
      };
    },
  };
}

describe('filesOfEntries', () => {
  it('walks dropped folders (all reader batches) keeping relative paths', async () => {
    const tree = dirEntry('/photos', [
      fileEntry('/photos/a.jpg'),
      dirEntry('/photos/2024', [
        fileEntry('/photos/2024/b.jpg'),
        fileEntry('/photos/2024/c.jpg'),
        fileEntry('/photos/2024/d.jpg'),
      ]),
      fileEntry('/photos/e.jpg'),
    ]);
    const { items, unreadable } = await filesOfEntries([tree, fileEntry('/top.txt')]);
    expect(items.map((i) => i.path).sort()).toEqual([
      'photos/2024/b.jpg',
      'photos/2024/c.jpg',
      'photos/2024/d.jpg',
      'photos/a.jpg',
      'photos/e.jpg',
      'top.txt',
    ]);
    expect(unreadable).toBe(0);
  });

  it('counts entries it cannot read instead of dropping them silently', async () => {
    const { items, unreadable } = await filesOfEntries([fileEntry('/ok.txt'), fileEntry('/bad.txt', true)]);
    expect(items.map((i) => i.path)).toEqual(['ok.txt']);
    expect(unreadable).toBe(1);
  });
});
