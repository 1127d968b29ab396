import { describe, expect, it } from 'vitest';
import { matchWildcard } from './wildcard.js';

describe('matchWildcard', () => {
  const cases: [string, string, boolean, boolean?][] = [
    ['*', '', true],
    ['*', 'anything/at/all', true],
    ['abc', 'abc', true],
    ['abc', 'abcd', false],
    ['a*c', 'ac', true],
    ['a*c', 'abbbc', true],
    ['a*c', 'abbbd', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['*.txt', 'dir/file.txt', true],
    ['*.txt', 'dir/file.txt.gz', false],
    ['a*b*c', 'axxbyyc', true],
    ['a*b*c', 'axxcyyb', false],
    ['**', 'x', true],
    ['S3:GET*', 's3:GetObject', false],
    ['S3:GET*', 's3:GetObject', true, true],
  ];
  it.each(cases)('%s vs %s → %s', (pattern, text, expected, ignoreCase) => {
    expect(matchWildcard(pattern, text, ignoreCase ?? false)).toBe(expected);
  });

  it('stays fast on adversarial input', () => {
    const text = 'a'.repeat(5000);
    // Would take exponential time with naive recursion.
    expect(matchWildcard('*a*a*a*a*a*a*b', text)).toBe(false);
  });
});
