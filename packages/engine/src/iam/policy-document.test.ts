import { describe, expect, it } from 'vitest';
import { CONSOLE_ADMIN_POLICY, parsePolicyDocument } from './policy-document.js';

describe('parsePolicyDocument', () => {
  it('accepts a valid policy and returns it compact', () => {
    const text = `{
      "Version": "2012-10-17",
      "Statement": [{ "Effect": "Allow", "Action": ["s3:GetObject"], "Resource": ["arn:aws:s3:::b/*"] }]
    }`;
    expect(parsePolicyDocument(text)).toBe(
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::b/*"]}]}',
    );
    expect(() => parsePolicyDocument(JSON.stringify(CONSOLE_ADMIN_POLICY))).not.toThrow();
  });

  it.each([
    ['not json', /not valid JSON/],
    ['[]', /must be a JSON object/],
    ['{"Statement":[{"Effect":"Allow","Action":"s3:*"}]}', /Version cannot be empty/],
    ['{"Version":"2008-10-17","Statement":[{"Effect":"Allow","Action":"s3:*"}]}', /invalid policy version/],
    ['{"Version":"2012-10-17"}', /no Statement/],
    ['{"Version":"2012-10-17","Statement":[{"Effect":"Maybe","Action":"s3:*"}]}', /invalid Effect/],
    ['{"Version":"2012-10-17","Statement":[{"Effect":"Allow"}]}', /one of Action and NotAction/],
    [
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":5}]}',
      /Resource must be/,
    ],
  ])('rejects %s', (text, message) => {
    expect(() => parsePolicyDocument(text)).toThrow(message);
  });
});
