import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JwtError, decodeJwt, signJwt, verifyJwt } from './index.js';

describe('JWT', () => {
  it('verifies the RFC 7515 §A.1 HS256 example signature', () => {
    // RFC 7515 Appendix A.1: the key is base64url "AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow",
    // and the token below is the example JWS (its exp of 1300819380 is long past, so check the MAC only).
    const key = Buffer.from(
      'AyM1SysPpbyDfgZld3umj1qzKObwVMkoqQ-EstJQLr_T-1qS0gZH75aKtMN3Yj0iPS4hcgUuTwjAzZr1Z9CAow',
      'base64url',
    );
    const input =
      'eyJ0eXAiOiJKV1QiLA0KICJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJqb2UiLA0KICJleHAiOjEzMDA4MTkzODAsDQogImh0dHA6Ly9leGFtcGxlLmNvbS9pc19yb290Ijp0cnVlfQ';
    expect(createHmac('sha256', key).update(input).digest('base64url')).toBe(
      'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    );
    expect(decodeJwt(`${input}.dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk`).claims).toMatchObject({
      iss: 'joe',
      exp: 1300819380,
    });
  });
  it('round-trips HS256/384/512 and defaults to HS512', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    for (const alg of ['HS256', 'HS384', 'HS512'] as const) {
      const t = signJwt({ sub: 'minio', iss: 'prometheus', exp }, 'secret', alg);
      expect(decodeJwt(t).header).toEqual({ alg, typ: 'JWT' });
      expect(verifyJwt(t, 'secret')).toMatchObject({ sub: 'minio', iss: 'prometheus' });
    }
    expect(decodeJwt(signJwt({}, 's')).header.alg).toBe('HS512');
  });
  it('rejects a wrong secret, tampering, expiry, alg none and garbage', () => {
    const t = signJwt({ accessKey: 'AK', exp: Math.floor(Date.now() / 1000) + 60 }, 'secret');
    expect(() => verifyJwt(t, 'other')).toThrow(JwtError);
    const [h, c, s] = t.split('.') as [string, string, string];
    const forged = Buffer.from(JSON.stringify({ accessKey: 'ROOT', exp: 9e9 })).toString('base64url');
    expect(() => verifyJwt(`${h}.${forged}.${s}`, 'secret')).toThrow(/signature/);
    const expired = signJwt({ exp: Math.floor(Date.now() / 1000) - 1 }, 'secret');
    expect(() => verifyJwt(expired, 'secret')).toThrow(/expired/);
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${c}.`;
    expect(() => verifyJwt(none, 'secret')).toThrow(/algorithm/);
    expect(() => verifyJwt('a.b', 'secret')).toThrow(JwtError);
    expect(() => verifyJwt('###.b.c', 'secret')).toThrow(JwtError);
  });
});
