/**
 * The OpenID Connect provider the console signs users in with, as configured (config.ts reads it
 * from flags and MinIO's environment names). The storage server must trust the same provider
 * (its identity_openid configuration): the console only runs the code flow, the server validates
 * the ID token in AssumeRoleWithWebIdentity and maps its policy claim.
 */
export interface OpenIdSettings {
  /** The provider's discovery document (…/.well-known/openid-configuration) or its issuer URL. */
  configUrl: string;
  clientId: string;
  /** Absent: a public client (PKCE only). */
  clientSecret?: string;
  /** Requested scopes (default openid, profile, email). */
  scopes: string[];
  /**
   * The console's /oauth_callback as the provider redirects to it; absent: derived from each
   * request (scheme, host and base path), which must then be registered with the provider.
   */
  redirectUri?: string;
}

export const DEFAULT_OPENID_SCOPES = ['openid', 'profile', 'email'];
