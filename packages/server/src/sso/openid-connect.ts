/**
 * The console's side of the OpenID Connect authorization-code flow (spec 1 §2 "OAuth callback",
 * spec 2 §4 "Session bootstrap and OAuth"), on `openid-client` (decision record 0012): discovery
 * of the provider (cached; retried on the next sign-in after a failure), the authorization URL
 * with state, nonce and PKCE (S256), the code exchange at the token endpoint, and refresh-token
 * grants for renewals. Every call to the provider is bounded by PROVIDER_TIMEOUT_S.
 *
 * Failures become console errors worded for the login banner: the provider's own refusal
 * (`error` / `error_description`) is kept as the detail; a provider that cannot be reached is
 * `idp_unreachable`.
 */
import * as oidc from 'openid-client';
import { ConsoleError } from '../errors.js';
import type { OpenIdSettings } from './openid-settings.js';
import { FLOW_TTL_MS, type PendingFlow } from './pending-logins.js';

const PROVIDER_TIMEOUT_S = 10;

export interface ProviderTokens {
  idToken: string;
  refreshToken?: string;
}

/** An openid-client failure → the console error the login screen shows. */
export function providerError(err: unknown): ConsoleError {
  if (err instanceof ConsoleError) return err;
  if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError) {
    const detail = [err.error, err.error_description].filter(Boolean).join(': ');
    return new ConsoleError('sso_failed', 'The identity provider refused the sign-in', detail);
  }
  const cause = err instanceof Error ? err : new Error(String(err));
  // fetch failures (refused, DNS, timeout) surface as TypeError / AbortError / TimeoutError.
  if (
    cause.name === 'TypeError' ||
    cause.name === 'AbortError' ||
    cause.name === 'TimeoutError' ||
    (cause instanceof oidc.ClientError && cause.code === 'OAUTH_TIMEOUT')
  ) {
    return new ConsoleError(
      'idp_unreachable',
      'The identity provider cannot be reached',
      cause.cause instanceof Error ? cause.cause.message : cause.message,
    );
  }
  return new ConsoleError('sso_failed', 'Single sign-on failed', cause.message);
}

export class OpenIdConnect {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(
    readonly settings: OpenIdSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /** The provider's configuration, discovered once (a failure is forgotten so the next call retries). */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.discovered) {
      const { configUrl, clientId, clientSecret } = this.settings;
      const url = new URL(configUrl);
      this.discovered = oidc
        .discovery(
          url,
          clientId,
          undefined,
          clientSecret !== undefined ? oidc.ClientSecretBasic(clientSecret) : oidc.None(),
          {
            timeout: PROVIDER_TIMEOUT_S,
            // A provider on plain http (a lab, these tests) is the operator's choice, as in MinIO.
            ...(url.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        )
        .catch((err: unknown) => {
          this.discovered = undefined;
          throw providerError(err);
        });
    }
    return this.discovered;
  }

  /** A new flow and the provider's authorization URL for it. */
  async start(redirectUri: string): Promise<{ url: string; flow: PendingFlow }> {
    const config = await this.configuration();
    const flow: PendingFlow = {
      state: oidc.randomState(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      nonce: oidc.randomNonce(),
      redirectUri,
      expiresAt: this.now() + FLOW_TTL_MS,
    };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes.join(' '),
      response_type: 'code',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      // OpenID Connect Core §11: offline_access (a refresh token, which renews SSO sessions) is
      // granted only with consent asked for.
      ...(this.settings.scopes.includes('offline_access') ? { prompt: 'consent' } : {}),
    });
    return { url: url.href, flow };
  }

  /** Exchange the callback's code (checked against the flow's state, nonce and PKCE verifier). */
  async exchange(flow: PendingFlow, code: string): Promise<ProviderTokens> {
    const config = await this.configuration();
    const callback = new URL(flow.redirectUri);
    callback.searchParams.set('code', code);
    callback.searchParams.set('state', flow.state);
    // The console talks to exactly one provider, so no mix-up is possible: when the provider
    // announces RFC 9207's `iss` parameter (which the spec's POST body does not carry), it is its own.
    const issuer = config.serverMetadata();
    if (issuer.authorization_response_iss_parameter_supported)
      callback.searchParams.set('iss', issuer.issuer);
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      return tokensOf(tokens);
    } catch (err) {
      throw providerError(err);
    }
  }

  /** A refresh-token grant: a fresh ID token (and possibly a rotated refresh token). */
  async refresh(refreshToken: string): Promise<ProviderTokens> {
    const config = await this.configuration();
    try {
      const tokens = await oidc.refreshTokenGrant(config, refreshToken);
      const fresh = tokensOf(tokens);
      return { idToken: fresh.idToken, refreshToken: fresh.refreshToken ?? refreshToken };
    } catch (err) {
      throw providerError(err);
    }
  }
}

function tokensOf(tokens: oidc.TokenEndpointResponse): ProviderTokens {
  if (!tokens.id_token) {
    throw new ConsoleError('sso_failed', 'Single sign-on failed', 'the identity provider sent no ID token');
  }
  return {
    idToken: tokens.id_token,
    ...(tokens.refresh_token ? { refreshToken: tokens.refresh_token } : {}),
  };
}
