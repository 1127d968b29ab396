import { describe, expect, it } from 'vitest';
import { InvalidParameterValue } from './errors.js';
import {
  DEFAULT_DURATION_SECONDS,
  MAX_DURATION_SECONDS,
  MIN_DURATION_SECONDS,
  parseDurationSeconds,
  parseSessionPolicy,
} from './assume-role.js';

describe('DurationSeconds', () => {
  it('defaults to one hour', () => {
    expect(parseDurationSeconds(null)).toBe(3600);
    expect(parseDurationSeconds('')).toBe(DEFAULT_DURATION_SECONDS);
  });

  it('accepts 900 s to 365 days inclusive', () => {
    expect(parseDurationSeconds('900')).toBe(MIN_DURATION_SECONDS);
    expect(parseDurationSeconds('31536000')).toBe(MAX_DURATION_SECONDS);
    expect(parseDurationSeconds('43200')).toBe(43200);
  });

  it.each(['899', '31536001', '0', '-900', '1e3', '900.5', 'abc', ' 900', '99999999999999999999'])(
    'refuses %j with InvalidParameterValue',
    (value) => {
      expect(() => parseDurationSeconds(value)).toThrow(InvalidParameterValue);
      expect(() => parseDurationSeconds(value)).toThrow(
        /DurationSeconds must be an integer from 900 to 31536000/,
      );
    },
  );
});

describe('session Policy', () => {
  const valid =
    '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:GetObject"],"Resource":["arn:aws:s3:::b/*"]}]}';

  it('is optional', () => {
    expect(parseSessionPolicy(null)).toBeUndefined();
    expect(parseSessionPolicy('')).toBeUndefined();
  });

  it('keeps a valid policy compactly', () => {
    expect(parseSessionPolicy(` ${valid} `)).toBe(valid);
  });

  it('refuses more than 2048 characters', () => {
    const long = valid.replace('"Effect"', `"Sid":"${'x'.repeat(2048)}","Effect"`);
    expect(() => parseSessionPolicy(long)).toThrow(/should not exceed 2048 characters/);
  });

  it('refuses malformed JSON and a policy without Version', () => {
    expect(() => parseSessionPolicy('{')).toThrow(InvalidParameterValue);
    expect(() => parseSessionPolicy('{"Statement":[{"Effect":"Allow","Action":"s3:*"}]}')).toThrow(
      /Version cannot be empty/,
    );
  });
});
