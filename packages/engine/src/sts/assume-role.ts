/**
 * STS AssumeRole (wire doc §4.2): a long-term credential (root now, users with issue 4) signs a
 * form-encoded POST with SigV4 service `sts` and receives temporary credentials — a new 20-char
 * access key, a 40-char secret and a session token (HS512 JWT) that every later request must carry
 * as X-Amz-Security-Token until the expiration.
 *
 * Checks, in MinIO's order: no security token on the request and a valid signature (→ 403
 * AccessDenied), Version 2011-06-15 (→ MissingParameter), Action AssumeRole, a long-term caller
 * (temporary credentials and service accounts → AccessDenied), the optional session `Policy`
 * (≤ 2,048 characters, a JSON policy with Version), `DurationSeconds` in 900..31,536,000 (default
 * 3,600). `RoleArn`, `RoleSessionName` and `ExternalId` are accepted and ignored, as MinIO does.
 */
import type { AuthResult, RequestContext } from '../http/context.js';
import { sendXml } from '../http/xml.js';
import { authenticateRequest } from '../http/auth.js';
import { plainAddress } from '../http/client-address.js';
import { PolicyDocumentError, parsePolicyDocument } from '../iam/policy-document.js';
import { AccessDenied, EngineError } from '../common/errors.js';
import { InvalidParameterValue, TooManyLoginAttempts } from './errors.js';
import { STS_XMLNS, checkVersion, readStsForm } from './sts-form.js';

export const MIN_DURATION_SECONDS = 900;
export const MAX_DURATION_SECONDS = 365 * 24 * 3600;
export const DEFAULT_DURATION_SECONDS = 3600;
/** AWS and MinIO limit on the plain-text session policy. */
export const MAX_SESSION_POLICY_LENGTH = 2048;

/** `DurationSeconds` as given (or absent) → seconds; out of range or not a number → InvalidParameterValue. */
export function parseDurationSeconds(value: string | null | undefined): number {
  if (value === null || value === undefined || value === '') return DEFAULT_DURATION_SECONDS;
  const seconds = /^\d{1,12}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(seconds) || seconds < MIN_DURATION_SECONDS || seconds > MAX_DURATION_SECONDS) {
    throw new InvalidParameterValue(
      `DurationSeconds must be an integer from ${MIN_DURATION_SECONDS} to ${MAX_DURATION_SECONDS}, got '${value}'`,
    );
  }
  return seconds;
}

/** The session `Policy` parameter → compact JSON text, or undefined when absent. */
export function parseSessionPolicy(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (value.length > MAX_SESSION_POLICY_LENGTH) {
    throw new InvalidParameterValue(
      `Session policy should not exceed ${MAX_SESSION_POLICY_LENGTH} characters`,
    );
  }
  try {
    return parsePolicyDocument(value);
  } catch (err) {
    if (err instanceof PolicyDocumentError) throw new InvalidParameterValue(err.message);
    throw err;
  }
}

/** XML timestamps without fractions: 2025-01-01T12:00:00Z. */
export function formatExpiration(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Authentication failures that say "wrong keys" (and so count towards the back-off). */
const CREDENTIAL_FAILURES = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch']);

/**
 * SigV4 authentication under the sign-in back-off (`LoginThrottle`, per client address and per
 * access key): while either is backing off the request is refused with 429 TooManyRequests and
 * Retry-After before its signature is checked; a wrong key or secret counts, a success clears
 * both counts (consecutive failures: a console signing its users in from one address must not
 * stay throttled by a few typos once someone signs in). Addresses named trusted proxies
 * (`--sts-trusted-proxy`, a console on this host) back off per account only.
 */
async function authenticateThrottled(ctx: RequestContext): Promise<AuthResult> {
  const throttle = ctx.engine.stsThrottle;
  const accessKey = /Credential=([^/,\s]+)\//.exec(ctx.req.headers.authorization ?? '')?.[1] ?? '';
  const address = plainAddress(ctx.req.socket.remoteAddress ?? '');
  // A trusted proxy (a console) signs many users in from one address: per account only there.
  const keys = ctx.engine.stsTrustedProxies.has(address)
    ? [`key:${accessKey}`]
    : [`addr:${address}`, `key:${accessKey}`];
  const wait = throttle.waitMs(keys);
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    ctx.res.setHeader('Retry-After', String(seconds));
    throw new TooManyLoginAttempts(`Too many failed sign-in attempts; try again in ${seconds} s.`);
  }
  try {
    const auth = await authenticateRequest(ctx, { service: 'sts' });
    throttle.success(keys);
    return auth;
  } catch (err) {
    if (err instanceof EngineError && CREDENTIAL_FAILURES.has(err.name)) throttle.failure(keys);
    throw err;
  }
}

export async function assumeRole(ctx: RequestContext): Promise<void> {
  // A request already carrying a session token is made with temporary credentials: refused before
  // its signature is even looked at (MinIO `checkAssumeRoleAuth`).
  if (ctx.req.headers['x-amz-security-token'] !== undefined || ctx.query.has('X-Amz-Security-Token')) {
    throw new AccessDenied('AssumeRole must be signed with long-term credentials, not a session token');
  }
  const iam = ctx.engine.iam;

  ctx.auth = await authenticateThrottled(ctx);
  const caller = ctx.auth.credential;
  if (!caller) throw new AccessDenied();

  const form = await readStsForm(ctx);
  checkVersion(form);
  const action = form.get('Action') ?? '';
  if (action !== 'AssumeRole') throw new InvalidParameterValue(`Unsupported action ${action}`);
  if (caller.kind !== 'root' && caller.kind !== 'user') {
    throw new AccessDenied('AssumeRole is refused for temporary credentials and service accounts');
  }
  if (!caller.enabled) throw new AccessDenied();

  const sessionPolicy = parseSessionPolicy(form.get('Policy'));
  const durationSeconds = parseDurationSeconds(form.get('DurationSeconds'));

  const credential = await iam.issueTemporaryCredential({
    parentUser: caller.accessKey,
    durationSeconds,
    ...(sessionPolicy !== undefined ? { sessionPolicy } : {}),
  });

  sendXml(
    ctx,
    200,
    'AssumeRoleResponse',
    {
      AssumeRoleResult: {
        // MinIO always writes AssumedRoleUser, with empty children.
        AssumedRoleUser: { Arn: '', AssumeRoleId: '' },
        Credentials: {
          AccessKeyId: credential.accessKey,
          SecretAccessKey: credential.secretKey,
          SessionToken: credential.sessionToken ?? '',
          Expiration: formatExpiration(credential.expiration ?? new Date()),
        },
      },
      ResponseMetadata: { RequestId: ctx.requestId },
    },
    { xmlns: STS_XMLNS },
  );
}
