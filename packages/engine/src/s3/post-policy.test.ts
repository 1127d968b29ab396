import { describe, expect, it } from 'vitest';
import { InvalidPolicyDocument, PostPolicyConditionFailed } from './errors.js';
import { checkPostPolicy, parsePostPolicy, type PostPolicy } from './post-policy.js';

const NOW = new Date('2024-05-01T12:00:00Z');

function encode(doc: unknown): string {
  return Buffer.from(JSON.stringify(doc)).toString('base64');
}

function policy(conditions: unknown[], expiration = '2024-05-01T13:00:00.000Z'): PostPolicy {
  return parsePostPolicy(encode({ expiration, conditions }));
}

/** Form values (lower-case names) and the names "sent". */
function form(fields: Record<string, string>): [Map<string, string>, string[]] {
  const values = new Map(Object.entries(fields));
  return [values, [...values.keys()]];
}

describe('parsePostPolicy', () => {
  it('reads expiration, eq / starts-with / object conditions and content-length-range', () => {
    const p = policy([
      { bucket: 'photos' },
      ['eq', '$Key', 'a.txt'],
      ['starts-with', '$Content-Type', 'image/'],
      ['content-length-range', 1, '1048576'],
    ]);
    expect(p.expiration.toISOString()).toBe('2024-05-01T13:00:00.000Z');
    expect(p.conditions).toEqual([
      { op: 'eq', field: 'bucket', value: 'photos' },
      { op: 'eq', field: 'key', value: 'a.txt' },
      { op: 'starts-with', field: 'content-type', value: 'image/' },
    ]);
    expect(p.contentLengthRange).toEqual({ min: 1, max: 1048576 });
  });

  it('refuses malformed documents', () => {
    expect(() => parsePostPolicy('!!!')).toThrow(InvalidPolicyDocument);
    expect(() => parsePostPolicy(encode({ conditions: [] }))).toThrow(InvalidPolicyDocument);
    expect(() => parsePostPolicy(encode({ expiration: 'soon', conditions: [] }))).toThrow(
      InvalidPolicyDocument,
    );
    expect(() => policy([['eq', '$key']])).toThrow(InvalidPolicyDocument);
    expect(() => policy([['matches', '$key', 'x']])).toThrow(InvalidPolicyDocument);
    expect(() => policy([['eq', 'key', 'x']])).toThrow(InvalidPolicyDocument);
    expect(() => policy([['content-length-range', 10, 1]])).toThrow(InvalidPolicyDocument);
    expect(() => policy([{ bucket: 5 }])).toThrow(InvalidPolicyDocument);
  });
});

describe('checkPostPolicy', () => {
  const base = [
    ['eq', '$bucket', 'photos'],
    ['starts-with', '$key', 'user/'],
    ['eq', '$x-amz-algorithm', 'AWS4-HMAC-SHA256'],
    ['eq', '$x-amz-credential', 'AK/20240501/us-east-1/s3/aws4_request'],
    ['eq', '$x-amz-date', '20240501T120000Z'],
  ];
  const fields = {
    bucket: 'photos',
    key: 'user/a.txt',
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': 'AK/20240501/us-east-1/s3/aws4_request',
    'x-amz-date': '20240501T120000Z',
    policy: 'ignored',
    'x-amz-signature': 'ignored',
  };

  it('accepts a form that meets every condition', () => {
    expect(() => checkPostPolicy(policy(base), ...form(fields), NOW)).not.toThrow();
  });

  it('refuses an expired policy', () => {
    expect(() => checkPostPolicy(policy(base, '2024-05-01T11:59:59Z'), ...form(fields), NOW)).toThrow(
      /Policy expired/,
    );
  });

  it('refuses failed eq and starts-with conditions', () => {
    expect(() => checkPostPolicy(policy(base), ...form({ ...fields, key: 'other/a.txt' }), NOW)).toThrow(
      PostPolicyConditionFailed,
    );
    expect(() => checkPostPolicy(policy(base), ...form({ ...fields, bucket: 'other' }), NOW)).toThrow(
      PostPolicyConditionFailed,
    );
  });

  it('starts-with on Content-Type applies to every listed type; not allowed on exact-only fields', () => {
    const p = policy([...base, ['starts-with', '$Content-Type', 'image/']]);
    expect(() =>
      checkPostPolicy(p, ...form({ ...fields, 'content-type': 'image/png, image/jpeg' }), NOW),
    ).not.toThrow();
    expect(() =>
      checkPostPolicy(p, ...form({ ...fields, 'content-type': 'image/png, text/plain' }), NOW),
    ).toThrow(PostPolicyConditionFailed);
    const badOp = policy([...base.slice(1), ['starts-with', '$bucket', 'pho']]);
    expect(() => checkPostPolicy(badOp, ...form(fields), NOW)).toThrow(PostPolicyConditionFailed);
  });

  it('requires every sent field to be covered, except the exempt ones', () => {
    expect(() =>
      checkPostPolicy(policy(base), ...form({ ...fields, success_action_status: '201' }), NOW),
    ).toThrow(/must appear in the list of conditions/);
    expect(() =>
      checkPostPolicy(policy(base), ...form({ ...fields, 'x-amz-meta-color': 'red' }), NOW),
    ).toThrow(/Extra input fields: x-amz-meta-color/);
    expect(() =>
      checkPostPolicy(
        policy(base),
        ...form({
          ...fields,
          'x-ignore-submit': 'Upload',
          'x-amz-checksum-crc32': 'AAAAAA==',
          'content-encoding': 'gzip',
        }),
        NOW,
      ),
    ).not.toThrow();
    const withMeta = policy([
      ...base,
      ['starts-with', '$x-amz-meta-color', ''],
      { success_action_status: '201' },
    ]);
    expect(() =>
      checkPostPolicy(
        withMeta,
        ...form({ ...fields, 'x-amz-meta-color': 'red', success_action_status: '201' }),
        NOW,
      ),
    ).not.toThrow();
  });

  it('refuses a field sent twice', () => {
    const [values, sent] = form(fields);
    sent.push('key');
    expect(() => checkPostPolicy(policy(base), values, sent, NOW)).toThrow(PostPolicyConditionFailed);
  });
});
