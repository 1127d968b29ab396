import { describe, expect, it } from 'vitest';
import { browserPath, displayName, foldersFirst, isFolder, parentPrefix, prefixOf } from './object-paths.js';

describe('object paths', () => {
  it('marks folders by their trailing slash', () => {
    expect(isFolder('a/')).toBe(true);
    expect(isFolder('a')).toBe(false);
  });
  it('turns a route path into a listing prefix', () => {
    expect(prefixOf('')).toBe('');
    expect(prefixOf('a/b')).toBe('a/b/');
    expect(prefixOf('/a/b/')).toBe('a/b/');
  });
  it('encodes each segment of a browser route', () => {
    expect(browserPath('bkt')).toBe('/object-browser/bkt');
    expect(browserPath('bkt', 'my dir/a#b.txt')).toBe('/object-browser/bkt/my%20dir/a%23b.txt');
    expect(browserPath('bkt', 'dir/')).toBe('/object-browser/bkt/dir');
  });
  it('names entries by their last element', () => {
    expect(displayName('a/b/')).toBe('b');
    expect(displayName('a/c.txt')).toBe('c.txt');
    expect(displayName('top')).toBe('top');
  });
  it('finds the parent folder', () => {
    expect(parentPrefix('a/b/c.txt')).toBe('a/b/');
    expect(parentPrefix('a/b/')).toBe('a/');
    expect(parentPrefix('x')).toBe('');
  });
  it('lists folders before files, keeping the order within each (spec 2 §2)', () => {
    const sorted = foldersFirst([{ name: 'a.txt' }, { name: 'z/' }, { name: 'b.txt' }, { name: 'c/' }]);
    expect(sorted.map((e) => e.name)).toEqual(['z/', 'c/', 'a.txt', 'b.txt']);
  });
});
