import { describe, expect, it } from 'vitest';
import { CANNED_POLICIES, parsePolicy } from '@coffer/protocol';
import { allowedPages, checkPermissions } from './pages.js';

describe('allowedPages', () => {
  const cases: [string, string[]][] = [
    ['consoleAdmin', ['/buckets', '/object-browser', '/login']],
    ['readwrite', ['/buckets', '/object-browser', '/login']],
    ['readonly', ['/object-browser', '/login']],
    ['writeonly', ['/object-browser', '/login']],
    ['diagnostics', ['/login']],
  ];
  it.each(cases)('%s', (name, pages) => {
    const policy = CANNED_POLICIES[name];
    if (!policy) throw new Error(name);
    expect(allowedPages([policy])).toEqual(pages);
  });

  it('no policy: only /login', () => {
    expect(allowedPages([])).toEqual(['/login']);
  });
});

describe('checkPermissions', () => {
  const bucketScoped = parsePolicy({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::team-*', 'arn:aws:s3:::team-*/*'] },
    ],
  });
  const state = { accountName: 'alice', policies: [bucketScoped], distributedMode: true };

  it('decides per bucket when one is named, "somewhere" otherwise', () => {
    expect(
      checkPermissions(state, [
        { id: '1', action: 's3:CreateBucket' },
        { id: '2', action: 's3:CreateBucket', bucket_name: 'team-a' },
        { id: '3', action: 's3:CreateBucket', bucket_name: 'other' },
        { id: '4', action: 'admin:ListUsers' },
        { id: '5', action: 's3:DeleteBucket', bucket_name: '' },
      ]),
    ).toEqual([
      { id: '1', can: true },
      { id: '2', can: true },
      { id: '3', can: false },
      { id: '4', can: false },
      { id: '5', can: true },
    ]);
  });
});
