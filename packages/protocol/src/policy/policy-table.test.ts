/**
 * The policy-evaluation test table of issue 4: allow/deny precedence, action and resource
 * wildcards, every condition operator family the consoles meet (string, numeric for s3:max-keys,
 * date for aws:CurrentTime, Bool for aws:SecureTransport, IP for aws:SourceIp, Null, set prefixes,
 * IfExists) and policy variables in resources and condition values. Each row is one request
 * against one set of policies with the expected verdict; rows are grouped by what they prove.
 */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_POLICY, READ_WRITE_POLICY } from './canned-policies.js';
import { evaluate } from './evaluate.js';
import { ipInCidr, parseCidr } from './ip-address.js';
import { mergePolicies } from './merge-policies.js';
import { parsePolicy, validatePolicy } from './parse-policy.js';
import type { Policy, PolicyRequest } from './types.js';
import { substituteVariables } from './variables.js';

const doc = (...statements: unknown[]): Policy =>
  parsePolicy({ Version: '2012-10-17', Statement: statements });
const allow = (action: string | string[], resource: string | string[], condition?: unknown): unknown => ({
  Effect: 'Allow',
  Action: action,
  Resource: resource,
  ...(condition ? { Condition: condition } : {}),
});
const deny = (action: string | string[], resource: string | string[], condition?: unknown): unknown => ({
  Effect: 'Deny',
  Action: action,
  Resource: resource,
  ...(condition ? { Condition: condition } : {}),
});
const obj = (path: string): string => `arn:aws:s3:::${path}`;

type Row = [name: string, policies: Policy[], request: PolicyRequest, allowed: boolean];

const ALICE = { 'aws:username': ['alice'], 'aws:userid': ['alice'] };

const HOME = doc(
  allow('s3:ListBucket', 'arn:aws:s3:::home', { StringLike: { 's3:prefix': ['${aws:username}/*', ''] } }),
  allow(['s3:GetObject', 's3:PutObject'], 'arn:aws:s3:::home/${aws:username}/*'),
);

const ROWS: Record<string, Row[]> = {
  'allow / deny precedence': [
    [
      'nothing allows → deny',
      [doc(allow('s3:GetObject', obj('a/*')))],
      { action: 's3:GetObject', resource: obj('b/k') },
      false,
    ],
    [
      'allow',
      [doc(allow('s3:GetObject', obj('a/*')))],
      { action: 's3:GetObject', resource: obj('a/k') },
      true,
    ],
    [
      'explicit deny beats allow in the same policy',
      [doc(allow('s3:*', '*'), deny('s3:GetObject', obj('a/secret/*')))],
      { action: 's3:GetObject', resource: obj('a/secret/x') },
      false,
    ],
    [
      'explicit deny in another policy beats allow',
      [READ_WRITE_POLICY, doc(deny('s3:PutObject', obj('*')))],
      { action: 's3:PutObject', resource: obj('a/k') },
      false,
    ],
    [
      'deny written before allow still wins',
      [doc(deny('s3:DeleteObject', '*'), allow('s3:*', '*'))],
      { action: 's3:DeleteObject', resource: obj('a/k') },
      false,
    ],
    [
      'deny of another action leaves this one',
      [doc(allow('s3:*', '*'), deny('s3:DeleteObject', '*'))],
      { action: 's3:GetObject', resource: obj('a/k') },
      true,
    ],
  ],
  'action and resource wildcards': [
    [
      's3:* covers every S3 action',
      [doc(allow('s3:*', '*'))],
      { action: 's3:PutBucketVersioning', resource: obj('a') },
      true,
    ],
    ['s3:* does not cover admin', [doc(allow('s3:*', '*'))], { action: 'admin:ListUsers' }, false],
    [
      's3:List* covers ListBucket',
      [doc(allow('s3:List*', '*'))],
      { action: 's3:ListBucket', resource: obj('a') },
      true,
    ],
    [
      's3:List* not GetObject',
      [doc(allow('s3:List*', '*'))],
      { action: 's3:GetObject', resource: obj('a/k') },
      false,
    ],
    [
      'GetObjectVersion implies GetObject (MinIO)',
      [doc(allow('s3:GetObjectVersion', obj('a/*')))],
      { action: 's3:GetObject', resource: obj('a/k') },
      true,
    ],
    [
      'GetObject does not imply GetObjectVersion',
      [doc(allow('s3:GetObject', obj('a/*')))],
      { action: 's3:GetObjectVersion', resource: obj('a/k') },
      false,
    ],
    [
      'bucket* covers other buckets',
      [doc(allow('s3:GetObject', obj('log*')))],
      { action: 's3:GetObject', resource: obj('logs-2024/x') },
      true,
    ],
    [
      'a/*.txt',
      [doc(allow('s3:GetObject', obj('a/*.txt')))],
      { action: 's3:GetObject', resource: obj('a/d/e.txt') },
      true,
    ],
    [
      'a/?.txt one char',
      [doc(allow('s3:GetObject', obj('a/?.txt')))],
      { action: 's3:GetObject', resource: obj('a/xy.txt') },
      false,
    ],
    [
      'bucket-level action on bucket ARN',
      [doc(allow('s3:ListBucket', obj('a')))],
      { action: 's3:ListBucket', resource: obj('a') },
      true,
    ],
    [
      'bucket ARN does not cover its objects',
      [doc(allow('s3:GetObject', obj('a')))],
      { action: 's3:GetObject', resource: obj('a/k') },
      false,
    ],
    [
      'NotResource: everything but one bucket',
      [doc({ Effect: 'Allow', Action: 's3:GetObject', NotResource: obj('private/*') })],
      { action: 's3:GetObject', resource: obj('private/k') },
      false,
    ],
    [
      'NotAction with a deny: all but reads denied',
      [doc(allow('s3:*', '*'), { Effect: 'Deny', NotAction: ['s3:Get*', 's3:List*'], Resource: '*' })],
      { action: 's3:PutObject', resource: obj('a/k') },
      false,
    ],
    [
      'NotAction with a deny: reads pass',
      [doc(allow('s3:*', '*'), { Effect: 'Deny', NotAction: ['s3:Get*', 's3:List*'], Resource: '*' })],
      { action: 's3:GetObject', resource: obj('a/k') },
      true,
    ],
  ],
  'string conditions: s3:prefix and s3:delimiter': [
    [
      'StringEquals prefix holds',
      [doc(allow('s3:ListBucket', obj('a'), { StringEquals: { 's3:prefix': ['docs/', ''] } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:prefix': ['docs/'] } },
      true,
    ],
    [
      'StringEquals prefix fails',
      [doc(allow('s3:ListBucket', obj('a'), { StringEquals: { 's3:prefix': ['docs/', ''] } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:prefix': ['other/'] } },
      false,
    ],
    [
      'StringLike prefix with wildcard',
      [doc(allow('s3:ListBucket', obj('a'), { StringLike: { 's3:prefix': 'docs/*' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:prefix': ['docs/2024/'] } },
      true,
    ],
    [
      'StringNotLike denies a prefix',
      [
        doc(
          allow('s3:ListBucket', obj('a')),
          deny('s3:ListBucket', obj('a'), { StringNotLike: { 's3:prefix': 'public/*' } }),
        ),
      ],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:prefix': ['private/'] } },
      false,
    ],
    [
      'StringEquals delimiter',
      [doc(allow('s3:ListBucket', obj('a'), { StringEquals: { 's3:delimiter': '/' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:delimiter': ['/'] } },
      true,
    ],
    [
      'condition key names are case-insensitive',
      [doc(allow('s3:ListBucket', obj('a'), { StringEquals: { 'S3:Prefix': 'x/' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:prefix': ['x/'] } },
      true,
    ],
    [
      'StringEqualsIgnoreCase',
      [doc(allow('s3:GetObject', '*', { StringEqualsIgnoreCase: { 'aws:username': 'ALICE' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: ALICE },
      true,
    ],
    [
      'StringLikeIfExists, key missing',
      [doc(allow('s3:ListBucket', obj('a'), { StringLikeIfExists: { 's3:prefix': 'x/*' } }))],
      { action: 's3:ListBucket', resource: obj('a') },
      true,
    ],
    [
      'StringLike, key missing',
      [doc(allow('s3:ListBucket', obj('a'), { StringLike: { 's3:prefix': 'x/*' } }))],
      { action: 's3:ListBucket', resource: obj('a') },
      false,
    ],
  ],
  'numeric conditions: s3:max-keys': [
    [
      'NumericLessThanEquals holds',
      [doc(allow('s3:ListBucket', obj('a'), { NumericLessThanEquals: { 's3:max-keys': '100' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['100'] } },
      true,
    ],
    [
      'NumericLessThanEquals fails',
      [doc(allow('s3:ListBucket', obj('a'), { NumericLessThanEquals: { 's3:max-keys': '100' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['1000'] } },
      false,
    ],
    [
      'NumericLessThan (number in JSON)',
      [doc(allow('s3:ListBucket', obj('a'), { NumericLessThan: { 's3:max-keys': 10 } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['9'] } },
      true,
    ],
    [
      'NumericGreaterThan',
      [doc(allow('s3:ListBucket', obj('a'), { NumericGreaterThan: { 's3:max-keys': '10' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['10'] } },
      false,
    ],
    [
      'NumericGreaterThanEquals',
      [doc(allow('s3:ListBucket', obj('a'), { NumericGreaterThanEquals: { 's3:max-keys': '10' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['10'] } },
      true,
    ],
    [
      'NumericEquals',
      [doc(allow('s3:ListBucket', obj('a'), { NumericEquals: { 's3:max-keys': '50' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['50.0'] } },
      true,
    ],
    [
      'NumericNotEquals',
      [doc(allow('s3:ListBucket', obj('a'), { NumericNotEquals: { 's3:max-keys': '50' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['50'] } },
      false,
    ],
    [
      'a value that is not a number never satisfies a numeric test',
      [doc(allow('s3:ListBucket', obj('a'), { NumericLessThan: { 's3:max-keys': '10' } }))],
      { action: 's3:ListBucket', resource: obj('a'), conditions: { 's3:max-keys': ['abc'] } },
      false,
    ],
  ],
  'date conditions: aws:CurrentTime, aws:EpochTime': [
    [
      'DateLessThan holds',
      [doc(allow('s3:GetObject', '*', { DateLessThan: { 'aws:CurrentTime': '2030-01-01T00:00:00Z' } }))],
      {
        action: 's3:GetObject',
        resource: obj('a/k'),
        conditions: { 'aws:CurrentTime': ['2026-05-01T10:00:00Z'] },
      },
      true,
    ],
    [
      'DateLessThan fails after the date',
      [doc(allow('s3:GetObject', '*', { DateLessThan: { 'aws:CurrentTime': '2020-01-01T00:00:00Z' } }))],
      {
        action: 's3:GetObject',
        resource: obj('a/k'),
        conditions: { 'aws:CurrentTime': ['2026-05-01T10:00:00Z'] },
      },
      false,
    ],
    [
      'DateGreaterThan with a date-only value',
      [doc(allow('s3:GetObject', '*', { DateGreaterThan: { 'aws:CurrentTime': '2026-01-01' } }))],
      {
        action: 's3:GetObject',
        resource: obj('a/k'),
        conditions: { 'aws:CurrentTime': ['2026-05-01T10:00:00Z'] },
      },
      true,
    ],
    [
      'epoch seconds on both sides',
      [doc(allow('s3:GetObject', '*', { DateLessThanEquals: { 'aws:EpochTime': '1800000000' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:EpochTime': ['1700000000'] } },
      true,
    ],
    [
      'DateNotEquals',
      [doc(allow('s3:GetObject', '*', { DateNotEquals: { 'aws:CurrentTime': '2026-05-01T10:00:00Z' } }))],
      {
        action: 's3:GetObject',
        resource: obj('a/k'),
        conditions: { 'aws:CurrentTime': ['2026-05-01T10:00:00.000Z'] },
      },
      false,
    ],
  ],
  'Bool and IP conditions': [
    [
      'Bool deny on plain HTTP',
      [READ_WRITE_POLICY, doc(deny('s3:*', '*', { Bool: { 'aws:SecureTransport': 'false' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SecureTransport': ['false'] } },
      false,
    ],
    [
      'Bool deny does not hit TLS',
      [READ_WRITE_POLICY, doc(deny('s3:*', '*', { Bool: { 'aws:SecureTransport': false } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SecureTransport': ['true'] } },
      true,
    ],
    [
      'IpAddress in the block',
      [doc(allow('s3:GetObject', '*', { IpAddress: { 'aws:SourceIp': ['10.0.0.0/8', '192.168.1.0/24'] } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['192.168.1.77'] } },
      true,
    ],
    [
      'IpAddress outside the block',
      [doc(allow('s3:GetObject', '*', { IpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['11.0.0.1'] } },
      false,
    ],
    [
      'IpAddress with an IPv4-mapped IPv6 peer',
      [doc(allow('s3:GetObject', '*', { IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['::ffff:127.0.0.1'] } },
      true,
    ],
    [
      'IpAddress IPv6 block',
      [doc(allow('s3:GetObject', '*', { IpAddress: { 'aws:SourceIp': '2001:db8::/32' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['2001:db8:1::5'] } },
      true,
    ],
    [
      'NotIpAddress deny',
      [READ_WRITE_POLICY, doc(deny('s3:*', '*', { NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['172.16.0.1'] } },
      false,
    ],
    [
      'NotIpAddress deny lets the block in',
      [READ_WRITE_POLICY, doc(deny('s3:*', '*', { NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:SourceIp': ['10.2.3.4'] } },
      true,
    ],
  ],
  'set operators and Null': [
    [
      'ForAnyValue:StringEquals, one value listed',
      [doc(allow('s3:GetObject', '*', { 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['a', 'b'] } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:TagKeys': ['z', 'b'] } },
      true,
    ],
    [
      'ForAnyValue, key missing fails',
      [doc(allow('s3:GetObject', '*', { 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['a'] } }))],
      { action: 's3:GetObject', resource: obj('a/k') },
      false,
    ],
    [
      'ForAnyValue:StringNotEquals: some value unlisted',
      [doc(allow('s3:GetObject', '*', { 'ForAnyValue:StringNotEquals': { 'aws:TagKeys': ['a'] } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:TagKeys': ['a', 'z'] } },
      true,
    ],
    [
      'ForAllValues:StringLike, all match',
      [doc(allow('s3:GetObject', '*', { 'ForAllValues:StringLike': { 'aws:TagKeys': ['team-*'] } }))],
      { action: 's3:GetObject', resource: obj('a/k'), conditions: { 'aws:TagKeys': ['team-a', 'team-b'] } },
      true,
    ],
    [
      'ForAllValues, key missing passes',
      [doc(allow('s3:GetObject', '*', { 'ForAllValues:StringEquals': { 'aws:TagKeys': ['a'] } }))],
      { action: 's3:GetObject', resource: obj('a/k') },
      true,
    ],
    [
      'Null false = key present',
      [doc(allow('s3:PutObject', '*', { Null: { 's3:x-amz-server-side-encryption': 'false' } }))],
      {
        action: 's3:PutObject',
        resource: obj('a/k'),
        conditions: { 's3:x-amz-server-side-encryption': ['AES256'] },
      },
      true,
    ],
    [
      'two operators are ANDed',
      [
        doc(
          allow('s3:ListBucket', obj('a'), {
            StringLike: { 's3:prefix': 'x/*' },
            NumericLessThanEquals: { 's3:max-keys': '10' },
          }),
        ),
      ],
      {
        action: 's3:ListBucket',
        resource: obj('a'),
        conditions: { 's3:prefix': ['x/1'], 's3:max-keys': ['11'] },
      },
      false,
    ],
  ],
  'policy variables': [
    [
      'home folder: own objects',
      [HOME],
      { action: 's3:PutObject', resource: obj('home/alice/notes.txt'), conditions: ALICE },
      true,
    ],
    [
      "home folder: another user's objects",
      [HOME],
      { action: 's3:GetObject', resource: obj('home/bob/notes.txt'), conditions: ALICE },
      false,
    ],
    [
      'home folder: list own prefix (variable in a condition value)',
      [HOME],
      { action: 's3:ListBucket', resource: obj('home'), conditions: { ...ALICE, 's3:prefix': ['alice/'] } },
      true,
    ],
    [
      "home folder: list another's prefix",
      [HOME],
      { action: 's3:ListBucket', resource: obj('home'), conditions: { ...ALICE, 's3:prefix': ['bob/'] } },
      false,
    ],
    [
      'variable without a value matches nothing',
      [HOME],
      { action: 's3:GetObject', resource: obj('home/${aws:username}/x') },
      false,
    ],
    [
      'a wildcard in a user name stays literal',
      [HOME],
      { action: 's3:GetObject', resource: obj('home/bob/x'), conditions: { 'aws:username': ['*'] } },
      false,
    ],
    [
      '${jwt:sub} in a resource',
      [doc(allow('s3:GetObject', obj('data/${jwt:sub}/*')))],
      { action: 's3:GetObject', resource: obj('data/1234/x'), conditions: { 'jwt:sub': ['1234'] } },
      true,
    ],
    [
      '${aws:userid} in a StringEquals value',
      [doc(allow('s3:GetObject', '*', { StringEquals: { 's3:x-amz-meta-owner': '${aws:userid}' } }))],
      {
        action: 's3:GetObject',
        resource: obj('a/k'),
        conditions: { ...ALICE, 's3:x-amz-meta-owner': ['alice'] },
      },
      true,
    ],
    [
      '${*} is a literal star',
      [doc(allow('s3:GetObject', obj('a/${*}')))],
      { action: 's3:GetObject', resource: obj('a/anything') },
      false,
    ],
    [
      '${*} matches a key named *',
      [doc(allow('s3:GetObject', obj('a/${*}')))],
      { action: 's3:GetObject', resource: obj('a/*') },
      true,
    ],
  ],
  'canned policies as MinIO defines them': [
    ['readonly: GetObject', [READ_ONLY_POLICY], { action: 's3:GetObject', resource: obj('a/k') }, true],
    [
      'readonly: GetBucketLocation',
      [READ_ONLY_POLICY],
      { action: 's3:GetBucketLocation', resource: obj('a') },
      true,
    ],
    // MinIO's readonly has no s3:ListBucket (minio/pkg constants.go); listing needs another policy.
    [
      'readonly: ListBucket is not granted',
      [READ_ONLY_POLICY],
      { action: 's3:ListBucket', resource: obj('a') },
      false,
    ],
    ['readonly: PutObject', [READ_ONLY_POLICY], { action: 's3:PutObject', resource: obj('a/k') }, false],
  ],
};

describe('policy evaluation table', () => {
  for (const [group, rows] of Object.entries(ROWS)) {
    describe(group, () => {
      it.each(rows)('%s', (_name, policies, request, allowed) => {
        expect(evaluate(policies, request)).toBe(allowed);
      });
    });
  }
});

describe('denyOnly', () => {
  const selfService = doc(deny('admin:CreateUser', '*'));
  it('allows what no Deny names even without any Allow', () => {
    expect(evaluate([], { action: 'admin:CreateServiceAccount' }, { denyOnly: true })).toBe(true);
    expect(evaluate([selfService], { action: 'admin:CreateServiceAccount' }, { denyOnly: true })).toBe(true);
  });
  it('refuses what a Deny names', () => {
    expect(evaluate([selfService], { action: 'admin:CreateUser' }, { denyOnly: true })).toBe(false);
  });
});

describe('substituteVariables', () => {
  const values = { 'aws:username': ['a*b'], 'aws:userid': [''] };
  it.each([
    ['home/${aws:username}/*', false, 'home/a*b/*'],
    ['home/${aws:username}/*', true, 'home/a\\*b/*'],
    ['${AWS:USERNAME}', false, 'a*b'],
    ['${aws:userid}', false, undefined],
    ['${unknown:key}x', false, undefined],
    ['${*}${?}${$}', false, '*?$'],
    ['${*}', true, '\\*'],
    ['no variables', true, 'no variables'],
    ['unterminated ${aws:username', false, 'unterminated ${aws:username'],
  ] as const)('%s (escape %s) → %s', (pattern, escape, expected) => {
    expect(substituteVariables(pattern, values, escape)).toBe(expected);
  });
});

describe('CIDR blocks', () => {
  it.each([
    ['10.0.0.0/8', '10.255.1.2', true],
    ['10.0.0.0/8', '11.0.0.0', false],
    ['192.168.1.7', '192.168.1.7', true],
    ['192.168.1.7', '192.168.1.8', false],
    ['0.0.0.0/0', '8.8.8.8', true],
    ['10.0.0.0/12', '10.15.255.255', true],
    ['10.0.0.0/12', '10.16.0.0', false],
    ['::1', '::1', true],
    ['::/0', '2001:db8::1', true],
    ['2001:db8::/32', '2001:db9::1', false],
    ['::ffff:10.0.0.0/104', '10.1.1.1', true],
    ['10.0.0.0/8', '::ffff:10.9.9.9', true],
    ['10.0.0.0/8', '2001:db8::1', false],
    ['10.0.0.0/8', 'not-an-ip', false],
  ] as const)('%s contains %s → %s', (block, ip, expected) => {
    const cidr = parseCidr(block);
    expect(cidr).toBeDefined();
    expect(cidr !== undefined && ipInCidr(ip, cidr)).toBe(expected);
  });
  it.each(['10.0.0.0/33', '300.0.0.1', '1::2::3', 'x/8', '10.0.0.0/'])('refuses %s', (block) => {
    expect(parseCidr(block)).toBeUndefined();
  });
});

describe('mergePolicies', () => {
  it('unions statements and drops duplicates', () => {
    const merged = mergePolicies([READ_ONLY_POLICY, READ_ONLY_POLICY, READ_WRITE_POLICY]);
    expect(merged.Version).toBe('2012-10-17');
    expect(merged.Statement).toHaveLength(
      READ_ONLY_POLICY.Statement.length + READ_WRITE_POLICY.Statement.length,
    );
    expect(evaluate([merged], { action: 's3:DeleteBucket', resource: obj('a') })).toBe(true);
  });
  it('of nothing is an empty policy that allows nothing', () => {
    const merged = mergePolicies([]);
    expect(merged.Statement).toEqual([]);
    expect(evaluate([merged], { action: 's3:GetObject', resource: obj('a/k') })).toBe(false);
  });
});

describe('validatePolicy', () => {
  it('accepts the canned policies and conditions it knows', () => {
    expect(() => validatePolicy(READ_WRITE_POLICY)).not.toThrow();
    expect(() => validatePolicy(HOME)).not.toThrow();
  });
  it('refuses an unknown condition operator', () => {
    expect(() =>
      validatePolicy(doc(allow('s3:GetObject', '*', { StringMatchesRegex: { 'aws:username': 'a' } }))),
    ).toThrow(/invalid condition name/);
  });
  it('refuses an S3 statement without a resource', () => {
    expect(() => validatePolicy(doc({ Effect: 'Allow', Action: 's3:GetObject' }))).toThrow(
      /Resource must not be empty/,
    );
  });
  it('accepts an admin statement without a resource', () => {
    expect(() => validatePolicy(doc({ Effect: 'Allow', Action: 'admin:*' }))).not.toThrow();
  });
});
