import { describe, expect, it } from 'vitest';
import { CANNED_POLICIES, parseBucketPolicy, parsePolicy, type Policy } from '@coffer/protocol';
import { allowedPages, checkPermissions, isNotDenied } from './pages.js';

const canned = (name: string): Policy => {
  const policy = CANNED_POLICIES[name];
  if (!policy) throw new Error(name);
  return policy;
};
const user = (policies: Policy[], ownPasswordChangeable = true) => ({
  accountName: 'alice',
  policies,
  ownPasswordChangeable,
});

describe('allowedPages', () => {
  const all = [
    '/buckets',
    '/object-browser',
    '/account',
    '/account/change-password',
    '/users',
    '/groups',
    '/policies',
    '/login',
    '/dashboard',
    '/settings',
    '/webhook/logger',
    '/webhook/audit',
    '/logs',
    '/watch',
    '/trace',
    '/health-info',
    '/license',
    '/metrics',
  ];
  const cases: [string, string[]][] = [
    ['consoleAdmin', all],
    [
      'readwrite',
      ['/buckets', '/object-browser', '/account', '/account/change-password', '/login', '/watch'],
    ],
    ['readonly', ['/object-browser', '/account', '/account/change-password', '/login']],
    ['writeonly', ['/object-browser', '/account', '/account/change-password', '/login']],
    [
      'diagnostics',
      [
        '/account',
        '/account/change-password',
        '/login',
        '/dashboard',
        '/logs',
        '/trace',
        '/health-info',
        '/license',
        '/metrics',
      ],
    ],
  ];
  it.each(cases)('a user with %s', (name, pages) => {
    expect(allowedPages(user([canned(name)]))).toEqual(pages);
  });

  it('root (and service accounts) cannot change their password here', () => {
    expect(allowedPages(user([canned('consoleAdmin')], false))).not.toContain('/account/change-password');
  });

  it('no policy: the account page (self-service) and /login', () => {
    expect(allowedPages(user([]))).toEqual(['/account', '/account/change-password', '/login']);
  });

  it('explicit denies remove the self-service pages', () => {
    const deny = parsePolicy({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Deny', Action: ['admin:CreateServiceAccount', 'admin:CreateUser'] }],
    });
    expect(allowedPages(user([canned('readwrite'), deny]))).toEqual([
      '/buckets',
      '/object-browser',
      '/login',
      '/watch',
    ]);
  });

  it('a restricted service account: the intersection, and no self-service pages', () => {
    const restriction = parsePolicy({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::alpha/*'] }],
    });
    const state = { ...user([canned('consoleAdmin')], false), sessionPolicy: restriction };
    expect(allowedPages(state)).toEqual(['/object-browser', '/login']);
    expect(
      checkPermissions({ ...state, distributedMode: true }, [
        { id: 'get', action: 's3:GetObject', bucket_name: 'alpha' },
        { id: 'put', action: 's3:PutObject', bucket_name: 'alpha' },
        { id: 'users', action: 'admin:ListUsers' },
        { id: 'create', action: 's3:CreateBucket' },
      ]),
    ).toEqual([
      { id: 'get', can: true },
      { id: 'put', can: false },
      { id: 'users', can: false },
      { id: 'create', can: false },
    ]);
  });

  it('admin pages follow their list actions', () => {
    const usersOnly = parsePolicy({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['admin:ListUsers', 'admin:GetUser'] }],
    });
    expect(allowedPages(user([usersOnly]))).toContain('/users');
    expect(allowedPages(user([usersOnly]))).not.toContain('/groups');
    expect(allowedPages(user([usersOnly]))).not.toContain('/policies');
  });
});

describe('isNotDenied', () => {
  it('is deny-only: allowed without any Allow, refused by a matching Deny (also with aws:username)', () => {
    expect(isNotDenied([], 'admin:CreateServiceAccount', 'alice')).toBe(true);
    const denyAlice = parsePolicy({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Deny',
          Action: ['admin:*'],
          Condition: { StringEquals: { 'aws:username': ['alice'] } },
        },
      ],
    });
    expect(isNotDenied([denyAlice], 'admin:CreateServiceAccount', 'alice')).toBe(false);
    expect(isNotDenied([denyAlice], 'admin:CreateServiceAccount', 'bob')).toBe(true);
  });
});

describe('checkPermissions', () => {
  const bucketScoped = parsePolicy({
    Version: '2012-10-17',
    Statement: [
      { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::team-*', 'arn:aws:s3:::team-*/*'] },
    ],
  });
  const state = {
    accountName: 'alice',
    policies: [bucketScoped],
    distributedMode: true,
    ownPasswordChangeable: true,
  };

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

  it('with a prefix, decides an object action on the objects under it', () => {
    const photosOnly = parsePolicy({
      Version: '2012-10-17',
      Statement: [
        { Effect: 'Allow', Action: ['s3:ListBucket'], Resource: ['arn:aws:s3:::media'] },
        { Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::media/photos/*'] },
        { Effect: 'Deny', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::media/*'] },
        { Effect: 'Allow', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::media/*'] },
      ],
    });
    const scoped = { ...state, policies: [photosOnly] };
    expect(
      checkPermissions(scoped, [
        { id: 'put-bucket', action: 's3:PutObject', bucket_name: 'media' },
        { id: 'put-root', action: 's3:PutObject', bucket_name: 'media', prefix: '' },
        { id: 'put-photos', action: 's3:PutObject', bucket_name: 'media', prefix: 'photos/' },
        { id: 'put-deeper', action: 's3:PutObject', bucket_name: 'media', prefix: 'photos/2024/' },
        { id: 'put-docs', action: 's3:PutObject', bucket_name: 'media', prefix: 'docs/' },
        { id: 'delete', action: 's3:DeleteObject', bucket_name: 'media', prefix: 'photos/' },
      ]),
    ).toEqual([
      { id: 'put-bucket', can: false },
      { id: 'put-root', can: false },
      { id: 'put-photos', can: true },
      { id: 'put-deeper', can: true },
      { id: 'put-docs', can: false },
      { id: 'delete', can: false },
    ]);
    const readwrite = { ...state, policies: [canned('readwrite')] };
    const readonly = { ...state, policies: [canned('readonly')] };
    const put = [{ id: 'p', action: 's3:PutObject', bucket_name: 'media', prefix: 'a/' }];
    expect(checkPermissions(readwrite, put)).toEqual([{ id: 'p', can: true }]);
    expect(checkPermissions(readonly, put)).toEqual([{ id: 'p', can: false }]);
  });

  it('readonly cannot create buckets', () => {
    const readonly = { ...state, policies: [canned('readonly')] };
    expect(checkPermissions(readonly, [{ id: 'c', action: 's3:CreateBucket' }])).toEqual([
      { id: 'c', can: false },
    ]);
  });

  it('weighs a bucket policy as the engine does: its Allow grants, its Deny wins, root is exempt', () => {
    const bucketPolicy = parseBucketPolicy({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Principal: { AWS: ['arn:aws:iam::*:user/alice'] },
          Action: ['s3:PutObject'],
          Resource: ['arn:aws:s3:::shared/in/*'],
        },
        { Effect: 'Deny', Principal: '*', Action: ['s3:DeleteObject'], Resource: ['arn:aws:s3:::shared/*'] },
      ],
    });
    const policies = new Map([['shared', bucketPolicy]]);
    const checks = [
      { id: 'put-in', action: 's3:PutObject', bucket_name: 'shared', prefix: 'in/' },
      { id: 'put-out', action: 's3:PutObject', bucket_name: 'shared', prefix: 'out/' },
      { id: 'delete', action: 's3:DeleteObject', bucket_name: 'shared', prefix: 'in/' },
      { id: 'get', action: 's3:GetObject', bucket_name: 'shared', prefix: 'in/' },
    ];
    const nothing = { ...state, policies: [] };
    expect(checkPermissions(nothing, checks, { policies, owner: false })).toEqual([
      { id: 'put-in', can: true },
      { id: 'put-out', can: false },
      { id: 'delete', can: false },
      { id: 'get', can: false },
    ]);
    // Without the policy (not readable): IAM alone.
    expect(checkPermissions(nothing, checks).map((c) => c.can)).toEqual([false, false, false, false]);
    const readwrite = { ...state, policies: [canned('readwrite')] };
    expect(checkPermissions(readwrite, checks, { policies, owner: false }).map((c) => c.can)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    // The owner is never limited by a bucket policy.
    const root = { ...state, accountName: 'root', policies: [canned('consoleAdmin')] };
    expect(checkPermissions(root, checks, { policies, owner: true }).map((c) => c.can)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    // A restriction (service account policy) still narrows what the bucket policy grants.
    const restricted = { ...nothing, sessionPolicy: canned('readonly') };
    expect(checkPermissions(restricted, checks, { policies, owner: false })[0]).toEqual({
      id: 'put-in',
      can: false,
    });
  });
});

describe('allowedPages without the admin API', () => {
  it('a plain S3 server lists only the S3 pages, whatever the assumed policy grants', () => {
    expect(allowedPages({ ...user([canned('consoleAdmin')]), adminApi: false })).toEqual([
      '/buckets',
      '/object-browser',
      '/login',
    ]);
    expect(allowedPages({ ...user([canned('consoleAdmin')]), adminApi: true })).toContain('/users');
  });
});

describe('the Heal page', () => {
  const healer = parsePolicy({
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['admin:Heal'] }],
  });
  it('is listed for accounts allowed admin:Heal in distributed mode only', () => {
    expect(allowedPages({ ...user([canned('consoleAdmin')]), distributedMode: true })).toContain('/heal');
    expect(allowedPages({ ...user([healer]), distributedMode: true })).toContain('/heal');
    expect(allowedPages({ ...user([canned('consoleAdmin')]), distributedMode: false })).not.toContain(
      '/heal',
    );
    expect(allowedPages(user([canned('consoleAdmin')]))).not.toContain('/heal');
    expect(allowedPages({ ...user([canned('readwrite')]), distributedMode: true })).not.toContain('/heal');
    expect(
      allowedPages({ ...user([canned('consoleAdmin')]), distributedMode: true, adminApi: false }),
    ).not.toContain('/heal');
  });
});
