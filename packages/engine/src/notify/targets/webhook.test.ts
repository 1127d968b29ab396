import { describe, expect, it } from 'vitest';
import { authorizationHeader, webhookFactory } from './webhook.js';

describe('webhook target', () => {
  it('sends a one-word token as a bearer token and a token with a scheme as given', () => {
    expect(authorizationHeader('abc')).toBe('Bearer abc');
    expect(authorizationHeader('Basic dXNlcjpwYXNz')).toBe('Basic dXNlcjpwYXNz');
    expect(authorizationHeader('  ')).toBeUndefined();
  });

  it('refuses an endpoint that is not an http(s) URL and a certificate without its key', () => {
    const values = (v: Record<string, string>) => new Map(Object.entries(v));
    const log = () => undefined;
    expect(() => webhookFactory.create('1', values({ endpoint: 'not a url' }), log)).toThrow(
      /not a valid URL/,
    );
    expect(() => webhookFactory.create('1', values({ endpoint: 'ftp://x' }), log)).toThrow(/http or https/);
    expect(() =>
      webhookFactory.create('1', values({ endpoint: 'https://x', client_cert: '/c.pem' }), log),
    ).toThrow(/together/);
  });
});
