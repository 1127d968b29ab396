/**
 * License keys, verified offline (issue 13 §4): a key is a JWT signed with ES384 (ECDSA P-384,
 * SHA-384) whose claims carry the subscription — `org` (organization), `plan` (STANDARD or
 * ENTERPRISE), `cap` (storage capacity in TiB), `sub` (the subscriber's email; `email` is also
 * read), `exp` (when it ends). The verifying key is the license public key the console is
 * configured with (`--license-public-key`, a PEM SubjectPublicKeyInfo), so no network is needed
 * and a key cannot be forged without the matching private key. docs/license-keys.md documents
 * the format; the tests sign keys with a key pair of their own.
 */
import { importSPKI, jwtVerify, errors as joseErrors, type CryptoKey } from 'jose';
import type { SubscriptionInfo } from '@coffer/contract';
import { ConsoleError } from '../../errors.js';

export const LICENSE_ALGORITHM = 'ES384';

export function invalidLicense(detail: string): ConsoleError {
  return new ConsoleError('invalid_license', 'The license key is not valid', detail);
}

/** The configured public key (PEM); a malformed one is a start-up error. */
export function importLicenseKey(pem: string): Promise<CryptoKey> {
  return importSPKI(pem, LICENSE_ALGORITHM);
}

/** A license key → the subscription it grants; invalid_license when it is not one. */
export async function verifyLicense(
  token: string,
  key: CryptoKey | undefined,
  now: () => number = Date.now,
): Promise<SubscriptionInfo> {
  if (!key)
    throw invalidLicense('no license public key is configured for this console (--license-public-key)');
  let payload;
  try {
    ({ payload } = await jwtVerify(token.trim(), key, {
      algorithms: [LICENSE_ALGORITHM],
      requiredClaims: ['exp', 'org', 'plan'],
      currentDate: new Date(now()),
    }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw invalidLicense('the license has expired');
    if (err instanceof joseErrors.JOSEError) throw invalidLicense(err.message);
    throw err;
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const capacity = typeof payload.cap === 'number' && Number.isFinite(payload.cap) ? payload.cap : 0;
  return {
    plan: text(payload.plan).toUpperCase(),
    organization: text(payload.org),
    storage_capacity: capacity,
    expires_at: new Date((payload.exp ?? 0) * 1000).toISOString(),
    email: text(payload.email) || text(payload.sub),
  };
}
