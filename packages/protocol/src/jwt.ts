/**
 * Compact JWS with HMAC (HS256/HS384/HS512), enough for MinIO's two uses: STS session tokens
 * (HS512, signed with the root secret) and Prometheus bearer tokens (any HS*, signed with the
 * secret of the access key named in the token, wire doc §3.16). `alg: none` and asymmetric
 * algorithms are refused; signatures are compared in constant time; `exp`/`nbf` are checked.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtAlgorithm = 'HS256' | 'HS384' | 'HS512';

const HASH: Record<JwtAlgorithm, string> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** Why a token was refused. */
export class JwtError extends Error {
  override readonly name = 'JwtError';
  constructor(
    readonly reason: 'malformed' | 'algorithm' | 'signature' | 'expired' | 'not-yet-valid',
    message: string,
  ) {
    super(message);
  }
}

function b64url(data: Buffer | string): string {
  return Buffer.from(data).toString('base64url');
}

function isAlgorithm(v: unknown): v is JwtAlgorithm {
  return v === 'HS256' || v === 'HS384' || v === 'HS512';
}

function mac(alg: JwtAlgorithm, secret: string, signingInput: string): Buffer {
  return createHmac(HASH[alg], secret).update(signingInput, 'utf8').digest();
}

/** Signs `claims` (default HS512, MinIO's choice for STS tokens). */
export function signJwt(
  claims: Record<string, unknown>,
  secret: string,
  alg: JwtAlgorithm = 'HS512',
): string {
  const input = `${b64url(JSON.stringify({ alg, typ: 'JWT' }))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(mac(alg, secret, input))}`;
}

function parseJsonPart(part: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new JwtError('malformed', `JWT ${what} is not base64url JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new JwtError('malformed', `JWT ${what} is not a JSON object`);
  }
  return value as Record<string, unknown>;
}

/**
 * Header and claims of a token WITHOUT verifying it: for finding whose secret to verify with
 * (the Prometheus token names its access key in `sub`). Never trust the result before `verifyJwt`.
 */
export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  claims: Record<string, unknown>;
} {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) {
    throw new JwtError('malformed', 'JWT must be three base64url parts separated by dots');
  }
  return { header: parseJsonPart(parts[0] ?? '', 'header'), claims: parseJsonPart(parts[1] ?? '', 'claims') };
}

/**
 * Verifies signature (constant time) and `exp` / `nbf` (numeric seconds) and returns the claims.
 * Throws JwtError on any failure.
 */
export function verifyJwt(
  token: string,
  secret: string,
  options: { now?: Date; leewaySeconds?: number } = {},
): Record<string, unknown> {
  const { header, claims } = decodeJwt(token);
  const alg = header.alg;
  if (!isAlgorithm(alg))
    throw new JwtError('algorithm', `JWT algorithm ${JSON.stringify(alg)} is not accepted`);
  const [h, c, s] = token.split('.') as [string, string, string];
  const expected = mac(alg, secret, `${h}.${c}`);
  const given = Buffer.from(s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new JwtError('signature', 'JWT signature does not match');
  }
  const now = (options.now ?? new Date()).getTime() / 1000;
  const leeway = options.leewaySeconds ?? 0;
  if (claims.exp !== undefined) {
    const exp = Number(claims.exp);
    if (!Number.isFinite(exp)) throw new JwtError('malformed', 'JWT exp is not a number');
    if (now >= exp + leeway) throw new JwtError('expired', 'JWT has expired');
  }
  if (claims.nbf !== undefined) {
    const nbf = Number(claims.nbf);
    if (!Number.isFinite(nbf)) throw new JwtError('malformed', 'JWT nbf is not a number');
    if (now + leeway < nbf) throw new JwtError('not-yet-valid', 'JWT is not valid yet');
  }
  return claims;
}
