/**
 * Authentication of Prometheus scrapes (wire doc §3.16): `Authorization: Bearer <JWT>`, an HMAC
 * JWT (HS256/384/512) signed with the secret key of the access key it names in `sub` (or
 * `accessKey`), with `iss` = "prometheus" and a valid `exp` — what `mc admin prometheus generate`
 * produces. The caller must be root or act for root (its temporary credentials) until policies
 * arrive with issue 4 (then: any identity allowed `admin:Prometheus`). With auth type `public`
 * (MINIO_PROMETHEUS_AUTH_TYPE=public) nothing is checked. Every failure is 403 AccessDenied.
 */
import { JwtError, decodeJwt, verifyJwt } from '@coffer/protocol';
import type { Credential } from '../iam/types.js';
import type { RequestContext } from '../http/context.js';
import { actsForRoot } from '../iam/iam-system.js';
import { AccessDenied } from '../common/errors.js';

export const PROMETHEUS_ISSUER = 'prometheus';

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
  const owner = actsForRoot(ctx.engine.root, credential);
  if (!owner) throw new AccessDenied('Access denied: admin:Prometheus is required');
  return credential;
}
