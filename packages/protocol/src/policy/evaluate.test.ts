import { describe, expect, it } from 'vitest';
import {
  CANNED_POLICIES,
  CONSOLE_ADMIN_POLICY,
  DIAGNOSTICS_POLICY,
  READ_ONLY_POLICY,
  READ_WRITE_POLICY,
  WRITE_ONLY_POLICY,
} from './canned-policies.js';
import { evaluate, isActionAllowedSomewhere } from './evaluate.js';
import { parsePolicy } from './parse-policy.js';
import type { Policy, PolicyRequest } from './types.js';

const doc = (statements: unknown[]): Policy => parsePolicy({ Version: '2012-10-17', Statement: statements });

const s3 = (path?: string): string | undefined => (path === undefined ? undefined : `arn:aws:s3:::${path}`);

interface Case {
  name: string;
  policies: Policy[];
  request: PolicyRequest;
  allowed: boolean;
}

const BUCKET_RW = doc([
  { Effect: 'Allow', Action: ['s3:*'], Resource: ['arn:aws:s3:::photos', 'arn:aws:s3:::photos/*'] },
]);
const OBJECTS_ONLY = doc([{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::photos/*' }]);
const DENY_DELETE = doc([
  { Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::*' },
  { Effect: 'Deny', Action: 's3:DeleteObject', Resource: 'arn:aws:s3:::photos/keep/*' },
]);

const CASES: Case[] = [
  // Canned policies (facts: wire doc appendix B).
  {
    name: 'consoleAdmin: admin action',
    policies: [CONSOLE_ADMIN_POLICY],
    request: { action: 'admin:ListUsers' },
    allowed: true,
  },
  {
    name: 'consoleAdmin: kms action',
    policies: [CONSOLE_ADMIN_POLICY],
    request: { action: 'kms:CreateKey' },
    allowed: true,
  },
  {
    name: 'consoleAdmin: list all buckets',
    policies: [CONSOLE_ADMIN_POLICY],
    request: { action: 's3:ListAllMyBuckets' },
    allowed: true,
  },
  {
    name: 'consoleAdmin: object',
    policies: [CONSOLE_ADMIN_POLICY],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'readonly: get object',
    policies: [READ_ONLY_POLICY],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'readonly: put object',
    policies: [READ_ONLY_POLICY],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: false,
  },
  {
    name: 'readonly: create bucket',
    policies: [READ_ONLY_POLICY],
    request: { action: 's3:CreateBucket', resource: s3('b') },
    allowed: false,
  },
  {
    name: 'readonly: admin',
    policies: [READ_ONLY_POLICY],
    request: { action: 'admin:ServerInfo' },
    allowed: false,
  },
  {
    name: 'readwrite: delete bucket',
    policies: [READ_WRITE_POLICY],
    request: { action: 's3:DeleteBucket', resource: s3('b') },
    allowed: true,
  },
  {
    name: 'readwrite: admin',
    policies: [READ_WRITE_POLICY],
    request: { action: 'admin:ListUsers' },
    allowed: false,
  },
  {
    name: 'writeonly: put',
    policies: [WRITE_ONLY_POLICY],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'writeonly: get',
    policies: [WRITE_ONLY_POLICY],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: false,
  },
  {
    name: 'diagnostics: trace (admin resource ignored)',
    policies: [DIAGNOSTICS_POLICY],
    request: { action: 'admin:ServerTrace' },
    allowed: true,
  },
  {
    name: 'diagnostics: users',
    policies: [DIAGNOSTICS_POLICY],
    request: { action: 'admin:ListUsers' },
    allowed: false,
  },
  {
    name: 'no policy at all',
    policies: [],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: false,
  },

  // Action wildcards, case-insensitive.
  {
    name: 's3:Get* covers GetObject',
    policies: [doc([{ Effect: 'Allow', Action: 's3:Get*', Resource: '*' }])],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 's3:Get* does not cover PutObject',
    policies: [doc([{ Effect: 'Allow', Action: 's3:Get*', Resource: '*' }])],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: false,
  },
  {
    name: 'action case-insensitive',
    policies: [doc([{ Effect: 'Allow', Action: 'S3:getobject', Resource: '*' }])],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: '? matches one char',
    policies: [doc([{ Effect: 'Allow', Action: 's3:?etObject', Resource: '*' }])],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'NotAction allows the others',
    policies: [doc([{ Effect: 'Allow', NotAction: 's3:Delete*', Resource: '*' }])],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'NotAction excludes its own',
    policies: [doc([{ Effect: 'Allow', NotAction: 's3:Delete*', Resource: '*' }])],
    request: { action: 's3:DeleteObject', resource: s3('b/k') },
    allowed: false,
  },

  // Resources (MinIO semantics).
  {
    name: 'bucket ARN covers bucket-level action',
    policies: [BUCKET_RW],
    request: { action: 's3:ListBucket', resource: s3('photos') },
    allowed: true,
  },
  {
    name: 'bucket ARN + /* covers objects',
    policies: [BUCKET_RW],
    request: { action: 's3:GetObject', resource: s3('photos/a/b.jpg') },
    allowed: true,
  },
  {
    name: 'other bucket refused',
    policies: [BUCKET_RW],
    request: { action: 's3:GetObject', resource: s3('music/a') },
    allowed: false,
  },
  {
    name: 'bucket-name prefix is not a match',
    policies: [BUCKET_RW],
    request: { action: 's3:ListBucket', resource: s3('photos2') },
    allowed: false,
  },
  {
    name: 'bucket/* also covers the bucket (MinIO)',
    policies: [OBJECTS_ONLY],
    request: { action: 's3:GetObject', resource: s3('photos') },
    allowed: true,
  },
  {
    name: 'bucket-scoped policy: no account-level list',
    policies: [BUCKET_RW],
    request: { action: 's3:ListAllMyBuckets' },
    allowed: false,
  },
  {
    name: 'wildcard resource covers account level',
    policies: [READ_WRITE_POLICY],
    request: { action: 's3:ListAllMyBuckets' },
    allowed: true,
  },
  {
    name: 'resource wildcard in key',
    policies: [doc([{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*.txt' }])],
    request: { action: 's3:GetObject', resource: s3('b/dir/x.txt') },
    allowed: true,
  },
  {
    name: 'resource wildcard in key, no match',
    policies: [doc([{ Effect: 'Allow', Action: 's3:GetObject', Resource: 'arn:aws:s3:::b/*.txt' }])],
    request: { action: 's3:GetObject', resource: s3('b/dir/x.jpg') },
    allowed: false,
  },
  {
    name: 'resource is case-sensitive',
    policies: [OBJECTS_ONLY],
    request: { action: 's3:GetObject', resource: s3('Photos/a') },
    allowed: false,
  },
  {
    name: 'NotResource',
    policies: [doc([{ Effect: 'Allow', Action: 's3:*', NotResource: 'arn:aws:s3:::secret/*' }])],
    request: { action: 's3:GetObject', resource: s3('public/a') },
    allowed: true,
  },
  {
    name: 'NotResource excludes',
    policies: [doc([{ Effect: 'Allow', Action: 's3:*', NotResource: 'arn:aws:s3:::secret/*' }])],
    request: { action: 's3:GetObject', resource: s3('secret/a') },
    allowed: false,
  },
  {
    name: 'policy variable',
    policies: [doc([{ Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::home/${aws:username}/*' }])],
    request: {
      action: 's3:PutObject',
      resource: s3('home/alice/f'),
      conditions: { 'aws:username': ['alice'] },
    },
    allowed: true,
  },
  {
    name: 'policy variable, other user',
    policies: [doc([{ Effect: 'Allow', Action: 's3:*', Resource: 'arn:aws:s3:::home/${aws:username}/*' }])],
    request: {
      action: 's3:PutObject',
      resource: s3('home/bob/f'),
      conditions: { 'aws:username': ['alice'] },
    },
    allowed: false,
  },

  // Explicit deny wins.
  {
    name: 'deny wins on its resources',
    policies: [DENY_DELETE],
    request: { action: 's3:DeleteObject', resource: s3('photos/keep/a') },
    allowed: false,
  },
  {
    name: 'deny leaves others',
    policies: [DENY_DELETE],
    request: { action: 's3:DeleteObject', resource: s3('photos/tmp/a') },
    allowed: true,
  },
  {
    name: 'deny in one policy beats allow in another',
    policies: [READ_WRITE_POLICY, doc([{ Effect: 'Deny', Action: 's3:*', Resource: 'arn:aws:s3:::*' }])],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: false,
  },
  {
    name: 'allows union across policies',
    policies: [READ_ONLY_POLICY, WRITE_ONLY_POLICY],
    request: { action: 's3:PutObject', resource: s3('b/k') },
    allowed: true,
  },

  // Conditions.
  {
    name: 'StringEquals holds',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::b',
          Condition: { StringEquals: { 's3:prefix': ['home/', 'pub/'] } },
        },
      ]),
    ],
    request: { action: 's3:ListBucket', resource: s3('b'), conditions: { 's3:prefix': ['pub/'] } },
    allowed: true,
  },
  {
    name: 'StringEquals fails',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::b',
          Condition: { StringEquals: { 's3:prefix': 'home/' } },
        },
      ]),
    ],
    request: { action: 's3:ListBucket', resource: s3('b'), conditions: { 's3:prefix': ['other/'] } },
    allowed: false,
  },
  {
    name: 'StringEquals, key missing',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::b',
          Condition: { StringEquals: { 's3:prefix': 'home/' } },
        },
      ]),
    ],
    request: { action: 's3:ListBucket', resource: s3('b') },
    allowed: false,
  },
  {
    name: 'StringLike with wildcard',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:ListBucket',
          Resource: 'arn:aws:s3:::b',
          Condition: { StringLike: { 's3:prefix': 'home/*' } },
        },
      ]),
    ],
    request: { action: 's3:ListBucket', resource: s3('b'), conditions: { 'S3:Prefix': ['home/x/'] } },
    allowed: true,
  },
  {
    name: 'StringNotEquals, key missing passes',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { StringNotEquals: { 'aws:username': 'mallory' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'IfExists, key missing passes',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { StringEqualsIfExists: { 'aws:username': 'alice' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'Bool (JSON true)',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { Bool: { 'aws:SecureTransport': true } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k'), conditions: { 'aws:SecureTransport': ['true'] } },
    allowed: true,
  },
  {
    name: 'Null true = key absent',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { Null: { 'aws:username': 'true' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: true,
  },
  {
    name: 'ForAllValues, every value listed',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { 'ForAllValues:StringEquals': { 'aws:TagKeys': ['a', 'b'] } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k'), conditions: { 'aws:TagKeys': ['a', 'c'] } },
    allowed: false,
  },
  {
    name: 'unknown operator: Allow does not apply',
    policies: [
      doc([
        {
          Effect: 'Allow',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { StringMatchesRegex: { 'aws:SourceIp': '^10[.]' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k'), conditions: { 'aws:SourceIp': ['10.1.1.1'] } },
    allowed: false,
  },
  {
    name: 'unknown operator: Deny applies',
    policies: [
      READ_WRITE_POLICY,
      doc([
        {
          Effect: 'Deny',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { StringMatchesRegex: { 'aws:SourceIp': '^10[.]' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k') },
    allowed: false,
  },
  {
    name: 'conditional deny that does not hold',
    policies: [
      READ_WRITE_POLICY,
      doc([
        {
          Effect: 'Deny',
          Action: 's3:GetObject',
          Resource: '*',
          Condition: { StringEquals: { 'aws:username': 'mallory' } },
        },
      ]),
    ],
    request: { action: 's3:GetObject', resource: s3('b/k'), conditions: { 'aws:username': ['alice'] } },
    allowed: true,
  },
];

describe('evaluate', () => {
  it.each(CASES)('$name', ({ policies, request, allowed }) => {
    expect(evaluate(policies, request)).toBe(allowed);
  });
});

describe('isActionAllowedSomewhere', () => {
  const cases: [string, Policy[], string, boolean][] = [
    ['bucket-scoped ListBucket', [BUCKET_RW], 's3:ListBucket', true],
    ['bucket-scoped has no admin', [BUCKET_RW], 'admin:ListUsers', false],
    ['consoleAdmin admin', [CONSOLE_ADMIN_POLICY], 'admin:ListUsers', true],
    ['readonly cannot create buckets', [READ_ONLY_POLICY], 's3:CreateBucket', false],
    [
      'blanket deny',
      [READ_WRITE_POLICY, doc([{ Effect: 'Deny', Action: 's3:PutObject', Resource: 'arn:aws:s3:::*' }])],
      's3:PutObject',
      false,
    ],
    ['partial deny keeps it somewhere', [DENY_DELETE], 's3:DeleteObject', true],
    [
      'conditional allow counts',
      [
        doc([
          {
            Effect: 'Allow',
            Action: 's3:ListBucket',
            Resource: 'arn:aws:s3:::b',
            Condition: { StringLike: { 's3:prefix': 'x/*' } },
          },
        ]),
      ],
      's3:ListBucket',
      true,
    ],
  ];
  it.each(cases)('%s', (_name, policies, action, expected) => {
    expect(isActionAllowedSomewhere(policies, action)).toBe(expected);
  });
});

describe('parsePolicy', () => {
  it('normalises strings to lists and a single statement to a list', () => {
    const p = parsePolicy(
      '{"Version":"2012-10-17","Statement":{"Effect":"Allow","Action":"s3:GetObject","Resource":"arn:aws:s3:::b/*"}}',
    );
    expect(p.Statement).toEqual([
      { Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::b/*'] },
    ]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['not JSON', '{', /not valid JSON/],
    ['not an object', '[]', /JSON object/],
    ['no version', { Statement: [{ Effect: 'Allow', Action: 's3:*' }] }, /Version cannot be empty/],
    [
      'wrong version',
      { Version: '2008-10-17', Statement: [{ Effect: 'Allow', Action: 's3:*' }] },
      /invalid policy version/,
    ],
    ['no statement', { Version: '2012-10-17' }, /no Statement/],
    [
      'bad effect',
      { Version: '2012-10-17', Statement: [{ Effect: 'allow', Action: 's3:*' }] },
      /invalid Effect/,
    ],
    [
      'no action',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow' }] },
      /exactly one of Action and NotAction/,
    ],
    [
      'both actions',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 'a', NotAction: 'b' }] },
      /exactly one/,
    ],
    [
      'both resources',
      {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 'a', Resource: 'x', NotResource: 'y' }],
      },
      /both Resource and NotResource/,
    ],
    [
      'empty action list',
      { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: [] }] },
      /non-empty list/,
    ],
    [
      'bad condition',
      {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 'a', Condition: { StringEquals: 'x' } }],
      },
      /must be an object of keys/,
    ],
  ];
  it.each(bad)('refuses %s', (_name, input, message) => {
    expect(() => parsePolicy(input)).toThrow(message);
  });

  it('accepts an empty statement list (a policy granting nothing, as MinIO does)', () => {
    const p = parsePolicy({ Version: '2012-10-17', Statement: [] });
    expect(p.Statement).toEqual([]);
    expect(evaluate([p], { action: 's3:GetObject', resource: 'arn:aws:s3:::b/k' })).toBe(false);
  });

  it('re-parses every canned policy unchanged', () => {
    for (const policy of Object.values(CANNED_POLICIES)) {
      expect(parsePolicy(JSON.stringify(policy))).toEqual(policy);
    }
  });
});
