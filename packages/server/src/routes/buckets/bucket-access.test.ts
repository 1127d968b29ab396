import { describe, expect, it } from 'vitest';
import { accessOf, publicPolicy } from './bucket-access.js';

const doc = (...Statement: unknown[]) => JSON.stringify({ Version: '2012-10-17', Statement });

describe('bucket access from a stored policy', () => {
  it('no policy is PRIVATE; the canned policy is PUBLIC for its own bucket only', () => {
    expect(accessOf(undefined, 'b')).toBe('PRIVATE');
    expect(accessOf('  ', 'b')).toBe('PRIVATE');
    expect(accessOf(publicPolicy('b'), 'b')).toBe('PUBLIC');
    expect(accessOf(publicPolicy('b'), 'other')).toBe('CUSTOM');
  });

  it('the canned grants split into one statement per action still read as PUBLIC', () => {
    const canned = JSON.parse(publicPolicy('b')) as {
      Statement: { Action: string[]; Resource: string[] }[];
    };
    const split = canned.Statement.flatMap((s) =>
      s.Action.map((Action) => ({ Effect: 'Allow', Principal: '*', Action, Resource: s.Resource[0] })),
    );
    expect(accessOf(doc(...split), 'b')).toBe('PUBLIC');
  });

  it('anything narrower, wider, conditional, denying or named is CUSTOM', () => {
    const canned = JSON.parse(publicPolicy('b')) as { Statement: Record<string, unknown>[] };
    const [bucketPart, objectPart] = canned.Statement;
    expect(accessOf(doc(bucketPart), 'b')).toBe('CUSTOM');
    expect(accessOf(doc(bucketPart, objectPart, { ...objectPart, Action: 's3:GetObjectTagging' }), 'b')).toBe(
      'CUSTOM',
    );
    expect(
      accessOf(
        doc(bucketPart, { ...objectPart, Condition: { Bool: { 'aws:SecureTransport': 'true' } } }),
        'b',
      ),
    ).toBe('CUSTOM');
    expect(accessOf(doc(bucketPart, { ...objectPart, Effect: 'Deny' }), 'b')).toBe('CUSTOM');
    expect(
      accessOf(doc(bucketPart, { ...objectPart, Principal: { AWS: ['arn:aws:iam::1:user/x'] } }), 'b'),
    ).toBe('CUSTOM');
    expect(accessOf('not json', 'b')).toBe('CUSTOM');
  });
});
