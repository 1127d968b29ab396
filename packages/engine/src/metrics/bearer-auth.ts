/**
 * Authentication of Prometheus scrapes (wire doc §3.16): `Authorization: Bearer <JWT>`, an HMAC
 * JWT (HS256/384/512) signed with the secret key of the access key it names in `sub` (or
 * `accessKey`), with `iss` = "prometheus" and a valid `exp` — what `mc admin prometheus generate`
 * produces. As in MinIO (`metricsRequestAuthenticate` and the metrics `AuthMiddleware`), any
 * enabled account may scrape whose policies allow `admin:Prometheus` (root always; an explicit
 * Deny wins; derived credentials also need their session policy to allow it). Temporary (STS)
 * credentials must present their session token in `X-Amz-Security-Token` (header or query),
 * which MinIO checks as for signed requests; a long-term key or service account must not carry
 * one. With auth type `public` (MINIO_PROMETHEUS_AUTH_TYPE=public) nothing is checked. Every
 * failure is 403 AccessDenied.
 */
import { JwtError, decodeJwt, verifyJwt } from '@coffer/protocol';
import type { Credential } from '../iam/types.js';
import type { RequestContext } from '../http/context.js';
import { checkSessionToken } from '../http/auth.js';
import { requestConditions } from '../http/request-conditions.js';
import { AccessDenied } from '../common/errors.js';

export const PROMETHEUS_ISSUER = 'prometheus';
/** The IAM action a scrape needs. */
export const PROMETHEUS_ACTION = 'admin:Prometheus';

/** The credential the scrape acts as, or undefined for public access; throws AccessDenied. */
export async function authenticateMetricsRequest(ctx: RequestContext): Promise<Credential | undefined> {
  if (ctx.engine.metrics.authType === 'public') return undefined;
  const header = ctx.req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new AccessDenied('Authentication failed: a bearer token is required');
  const token = match[1];

  let accessKey: unknown;
  try {
    const { claims } = decodeJwt(token);
    accessKey = claims.sub ?? claims.accessKey;
  } catch {
    throw new AccessDenied('Authentication failed: malformed bearer token');
  }
  if (typeof accessKey !== 'string' || accessKey === '') {
    throw new AccessDenied('Authentication failed: the token names no access key (sub)');
  }
  const credential = await ctx.engine.credentials.lookup(accessKey);
  if (!credential || !credential.enabled) throw new AccessDenied('Authentication failed: unknown access key');

  let claims: Record<string, unknown>;
  try {
    claims = verifyJwt(token, credential.secretKey);
  } catch (err) {
    if (err instanceof JwtError) throw new AccessDenied(`Authentication failed: ${err.message}`);
    throw err;
  }
  // MinIO requires exp: a token without one would never expire.
  if (claims.exp === undefined) throw new AccessDenied('Authentication failed: the token has no exp');
  if (claims.iss !== PROMETHEUS_ISSUER) {
    throw new AccessDenied(`Authentication failed: the token issuer must be "${PROMETHEUS_ISSUER}"`);
  }
  checkScrapeSessionToken(ctx, credential);
  const iam = ctx.engine.iam;
  const account = iam.accountOf(credential);
  const request = {
    action: PROMETHEUS_ACTION,
    conditions: requestConditions(ctx, account, Date.now(), credential),
  };
  if (!iam.isAllowed(credential, request)) {
    throw new AccessDenied(`Access denied: ${PROMETHEUS_ACTION} is required`);
  }
  return credential;
}

/** The session token a scrape carries (header first, as for signed requests). */
function sessionTokenOf(ctx: RequestContext): string | undefined {
  const header = ctx.req.headers['x-amz-security-token'];
  if (typeof header === 'string' && header !== '') return header;
  return ctx.query.get('X-Amz-Security-Token') ?? undefined;
}

/** The signed-request rules for session tokens (MinIO checks scrapes with the same ones). */
function checkScrapeSessionToken(ctx: RequestContext, credential: Credential): void {
  try {
    checkSessionToken(credential, sessionTokenOf(ctx), new Date());
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new AccessDenied(`Authentication failed: ${reason}`);
  }
}
