import { describe, expect, it } from 'vitest';
import { bucketNameProblem } from './bucket-name-rules.js';

describe('bucket name rules', () => {
  it('accepts valid S3 names, including the shortest and longest', () => {
    for (const name of ['abc', 'photos-2024', 'my.bucket.name', 'a1b', 'x'.repeat(63), '1abc']) {
      expect(bucketNameProblem(name), name).toBeNull();
    }
  });

  it('reports nothing for a blank name (required, not a rule)', () => {
    expect(bucketNameProblem('')).toBeNull();
  });

  it.each([
    ['ab', 'length'],
    ['x'.repeat(64), 'length'],
    ['Photos', 'characters'],
    ['my_bucket', 'characters'],
    ['my bucket', 'characters'],
    ['-photos', 'edges'],
    ['photos-', 'edges'],
    ['.photos', 'edges'],
    ['photos.', 'edges'],
    ['my..bucket', 'adjacentDots'],
    ['my.-bucket', 'dotHyphen'],
    ['my-.bucket', 'dotHyphen'],
    ['192.168.1.1', 'ipAddress'],
  ] as const)('%s breaks %s', (name, rule) => {
    expect(bucketNameProblem(name)).toBe(rule);
  });
});
