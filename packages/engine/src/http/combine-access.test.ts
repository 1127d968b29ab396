import { describe, expect, it } from 'vitest';
import { combineAccess, type AccessInputs } from './combine-access.js';

describe('combineAccess', () => {
  const cases: [string, AccessInputs, boolean][] = [
    ['root, whatever the bucket policy says', { caller: 'root', iam: 'allow', bucket: 'deny' }, true],
    [
      "root's credential narrowed by its session policy",
      { caller: 'root', iam: 'allow', session: 'none', bucket: 'none' },
      false,
    ],
    ['anonymous, no bucket policy', { caller: 'anonymous', iam: 'none', bucket: 'none' }, false],
    ['anonymous, bucket policy allows', { caller: 'anonymous', iam: 'none', bucket: 'allow' }, true],
    ['anonymous, bucket policy denies', { caller: 'anonymous', iam: 'none', bucket: 'deny' }, false],
    ['user allowed by IAM only', { caller: 'account', iam: 'allow', bucket: 'none' }, true],
    ['user allowed by the bucket policy only', { caller: 'account', iam: 'none', bucket: 'allow' }, true],
    ['user allowed by neither', { caller: 'account', iam: 'none', bucket: 'none' }, false],
    ['IAM allow, bucket policy Deny', { caller: 'account', iam: 'allow', bucket: 'deny' }, false],
    ['IAM Deny, bucket policy allow', { caller: 'account', iam: 'deny', bucket: 'allow' }, false],
    [
      'bucket allow, session policy silent',
      { caller: 'account', iam: 'none', session: 'none', bucket: 'allow' },
      false,
    ],
    [
      'IAM allow, session policy allows',
      { caller: 'account', iam: 'allow', session: 'allow', bucket: 'none' },
      true,
    ],
    [
      'IAM allow, session policy denies',
      { caller: 'account', iam: 'allow', session: 'deny', bucket: 'allow' },
      false,
    ],
  ];
  it.each(cases)('%s', (_name, inputs, expected) => {
    expect(combineAccess(inputs)).toBe(expected);
  });
});
