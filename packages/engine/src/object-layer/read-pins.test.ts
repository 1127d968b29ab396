import { describe, expect, it } from 'vitest';
import { ReadPins } from './read-pins.js';

describe('ReadPins', () => {
  it('removes at once when unpinned, else when the last reader lets go (once per release)', async () => {
    const pins = new ReadPins();
    const removed: string[] = [];
    const remove = (name: string) => () => {
      removed.push(name);
      return Promise.resolve();
    };
    await pins.removeWhenFree('b', 'free', remove('free'));
    expect(removed).toEqual(['free']);

    const a = pins.pin('b', 'dir');
    const b = pins.pin('b', 'dir');
    await pins.removeWhenFree('b', 'dir', remove('dir'));
    expect(removed).toEqual(['free']);
    expect(pins.isPinned('b', 'dir')).toBe(true);
    expect(pins.isPinned('other', 'dir')).toBe(false);
    a();
    a(); // a second release of the same pin must not release the other reader's
    expect(removed).toEqual(['free']);
    expect(pins.counts).toEqual({ pinned: 1, deferred: 1 });
    b();
    expect(removed).toEqual(['free', 'dir']);
    expect(pins.counts).toEqual({ pinned: 0, deferred: 0 });
  });
});
