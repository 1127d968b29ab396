/**
 * The configured OpenID providers (`identity_openid` and its named targets, environment
 * `MINIO_IDENTITY_OPENID_*` included through the config store) and the check of their tokens, as
 * MinIO's STS does it (issue 13 §1):
 *
 * - The discovery document (`config_url`) is fetched when first needed and kept; its `jwks_uri`
 *   gives the keys (jose's remote key set: cached, fetched again for an unknown `kid`, so a
 *   provider's key rotation needs no restart). Asymmetric algorithms only (RS*, PS*, ES*, EdDSA).
 * - A token must verify against those keys, carry the discovery document's `iss`, not be expired,
 *   and name the provider's `client_id` in `aud` or, failing that, in `azp`; `sub` is mandatory.
 * - Policies: a provider with `role_policy` is addressed by its role ARN
 *   (`arn:minio:iam:<region>::role/<base64url(sha1(client_id))>`, the request's `RoleArn`) and gives
 *   that role's policies; otherwise the one claim-based provider reads the claim
 *   `claim_prefix + claim_name` (a comma-separated string or a list).
 * Failures are STS errors with MinIO's messages (`sts/errors.ts`, `iam/errors.ts`).
 */
import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { csv, isOn, type ConfigReader } from '../config/index.js';
import { configuredRegion } from '../config/config-store.js';
import { ExpiredToken } from '../iam/errors.js';
import { InvalidParameterValue } from './errors.js';

export interface OpenIdProviderConfig {
  /** Config target: `''` for the default one. */
  name: string;
  configUrl: string;
  clientId: string;
  claimName: string;
  claimPrefix: string;
  rolePolicy: string[];
  /** Set when `role_policy` is. */
  roleArn?: string;
}

interface Discovery {
  issuer: string;
  jwks: ReturnType<typeof createRemoteJWKSet>;
}

const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** How long a discovery or key fetch may take before the STS call fails. */
const FETCH_TIMEOUT_MS = 5000;

export function roleArnFor(clientId: string, region: string): string {
  const id = createHash('sha1').update(clientId).digest('base64url');
  return `arn:minio:iam:${region}::role/${id}`;
}

/** The enabled providers of a configuration. */
export function openIdProviderConfigs(config: ConfigReader): OpenIdProviderConfig[] {
  const region = configuredRegion(config);
  const out: OpenIdProviderConfig[] = [];
  const targets = config.targets('identity_openid');
  for (const { target, values } of targets) {
    const configUrl = values.get('config_url') ?? '';
    const clientId = values.get('client_id') ?? '';
    // MinIO: a target with a config URL is on unless `enable` says off.
    if (configUrl === '' || clientId === '' || !isOn(values.get('enable'), true)) continue;
    const rolePolicy = csv(values.get('role_policy'));
    out.push({
      name: target,
      configUrl,
      clientId,
      claimName: values.get('claim_name') || 'policy',
      claimPrefix: values.get('claim_prefix') ?? '',
      rolePolicy,
      ...(rolePolicy.length > 0 ? { roleArn: roleArnFor(clientId, region) } : {}),
    });
  }
  return out;
}

/** The policy names a claim value gives: a comma-separated string or a list of them. */
export function policiesFromClaim(value: unknown): string[] | undefined {
  const parts: string[] = [];
  if (typeof value === 'string') parts.push(...value.split(','));
  else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string') parts.push(...item.split(','));
  } else return undefined;
  return [...new Set(parts.map((p) => p.trim()).filter((p) => p !== ''))];
}

export interface VerifiedToken {
  provider: OpenIdProviderConfig;
  claims: JWTPayload;
  subject: string;
  issuer: string;
}

export class OpenIdProviders {
  private readonly discovery = new Map<string, Promise<Discovery>>();

  constructor(readonly providers: OpenIdProviderConfig[]) {}

  get enabled(): boolean {
    return this.providers.length > 0;
  }

  /** The provider a request addresses: by `RoleArn`, else the claim-based one. */
  select(roleArn: string): OpenIdProviderConfig {
    if (roleArn !== '') {
      const byRole = this.providers.find((p) => p.roleArn === roleArn);
      if (byRole === undefined) throw new InvalidParameterValue(`Role ${roleArn} does not exist`);
      return byRole;
    }
    const byClaim = this.providers.find((p) => p.roleArn === undefined);
    if (byClaim !== undefined) return byClaim;
    // MinIO: with only role providers, a missing RoleArn picks the only one there is.
    if (this.providers.length === 1 && this.providers[0] !== undefined) return this.providers[0];
    throw new InvalidParameterValue(
      'RoleArn is required: more than one role-policy OpenID provider is configured',
    );
  }

  private discover(provider: OpenIdProviderConfig): Promise<Discovery> {
    let found = this.discovery.get(provider.configUrl);
    if (found === undefined) {
      found = fetchDiscovery(provider.configUrl);
      // A failed fetch is not kept: the next call tries again.
      found.catch(() => this.discovery.delete(provider.configUrl));
      this.discovery.set(provider.configUrl, found);
    }
    return found;
  }

  /** Verifies `token` for `provider`; `expiredMessage` is the action's ExpiredToken text. */
  async verify(
    provider: OpenIdProviderConfig,
    token: string,
    expiredMessage: string,
  ): Promise<VerifiedToken> {
    let discovery: Discovery;
    try {
      discovery = await this.discover(provider);
    } catch (err) {
      throw new InvalidParameterValue(
        `OpenID provider ${provider.configUrl} cannot be reached: ${String(err)}`,
      );
    }
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(token, discovery.jwks, {
        issuer: discovery.issuer,
        algorithms: ALGORITHMS,
      }));
    } catch (err) {
      throw tokenError(err, expiredMessage);
    }
    const audiences = typeof claims.aud === 'string' ? [claims.aud] : (claims.aud ?? []);
    if (!audiences.includes(provider.clientId)) {
      const azp = claims.azp;
      const azps = typeof azp === 'string' ? [azp] : Array.isArray(azp) ? azp : [];
      if (!azps.includes(provider.clientId)) {
        throw new InvalidParameterValue(
          'STS JWT Token has `azp` claim invalid, `azp` must match configured OpenID Client ID',
        );
      }
    }
    if (typeof claims.sub !== 'string' || claims.sub === '') {
      throw new InvalidParameterValue('STS JWT Token has `sub` claim missing, `sub` claim is mandatory');
    }
    return { provider, claims, subject: claims.sub, issuer: discovery.issuer };
  }
}

function tokenError(err: unknown, expiredMessage: string): Error {
  if (err instanceof joseErrors.JWTExpired) return new ExpiredToken(expiredMessage);
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) {
    return new InvalidParameterValue('Token signature is invalid');
  }
  if (err instanceof joseErrors.JWKSNoMatchingKey) {
    return new InvalidParameterValue('Token is signed with a key the provider does not publish');
  }
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return new InvalidParameterValue(`Token claim ${err.claim} is invalid: ${err.reason}`);
  }
  if (err instanceof joseErrors.JOSEError)
    return new InvalidParameterValue(`Token is invalid: ${err.message}`);
  return err instanceof Error ? err : new Error(String(err));
}

async function fetchDiscovery(configUrl: string): Promise<Discovery> {
  const reply = await fetch(configUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!reply.ok) throw new Error(`discovery document answered HTTP ${reply.status}`);
  const doc = (await reply.json()) as { issuer?: unknown; jwks_uri?: unknown };
  if (typeof doc.issuer !== 'string' || typeof doc.jwks_uri !== 'string') {
    throw new Error('discovery document lacks issuer or jwks_uri');
  }
  return {
    issuer: doc.issuer,
    jwks: createRemoteJWKSet(new URL(doc.jwks_uri), {
      timeoutDuration: FETCH_TIMEOUT_MS,
      cooldownDuration: 5000,
    }),
  };
}
