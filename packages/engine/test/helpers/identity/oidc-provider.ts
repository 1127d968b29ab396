/**
 * A real OpenID provider for tests (issue 13): the OpenID-certified `oidc-provider` package
 * (decision 0014-identity-libraries) on a loopback port, with discovery, JWKS, the
 * authorization-code flow with PKCE (S256 required), client credentials with JWT access tokens,
 * and its own sign-in page (`oidc-pages.ts`: a plain HTML form, passwords checked against the
 * users given here; consent is granted without a page, as for a first-party client).
 *
 * Users carry a policy claim (default name `policy`, MinIO's default `claim_name`); clients carry
 * the claim for their client-credentials tokens. Token lifetimes are settable at any time so a test
 * can make short-lived tokens; `signToken` mints a token with the provider's own signing key and
 * any claims (expired, another audience…) for the negative cases, and `tamper` breaks one.
 * Used by the engine's STS tests and the console's e2e tests (`e2e/` imports this file).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Provider, { type AdapterPayload, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { memoryAdapter } from './oidc-adapter.js';
import { errorPage, handleInteraction } from './oidc-pages.js';

export interface OidcTestUser {
  /** Sign-in name, also the `sub` claim. */
  username: string;
  password: string;
  /** Value of the policy claim: one name, a comma-separated list or an array (MinIO accepts each). */
  policy?: string | string[];
  /** More claims for the ID token and userinfo (`email`, `groups`, a custom claim…). */
  claims?: Record<string, unknown>;
}

export interface OidcTestClient {
  clientId: string;
  /** Absent: a public client (PKCE only, `token_endpoint_auth_method: none`). */
  clientSecret?: string;
  redirectUris: string[];
  /** Policy claim of this client's client-credentials access tokens. */
  policy?: string | string[];
}

export interface OidcTokenTtl {
  /** Seconds; default 3600. */
  idToken?: number;
  /** Seconds, authorization-code and client-credentials access tokens; default 3600. */
  accessToken?: number;
}

export interface StartOidcOptions {
  users?: OidcTestUser[];
  clients?: OidcTestClient[];
  /** Name of the policy claim; default `policy`. */
  claimName?: string;
  ttl?: OidcTokenTtl;
}

export interface SignTokenOptions {
  sub?: string;
  /** Default: the first client's id. */
  aud?: string | string[];
  /** Seconds from now until `exp`; negative makes an expired token. Default 3600. */
  expiresIn?: number;
  /** Default: this provider's issuer. */
  iss?: string;
  claims?: Record<string, unknown>;
}

export interface TestOidcProvider {
  /** `http://127.0.0.1:PORT` (no trailing slash): the `iss` of its tokens. */
  issuer: string;
  /** The discovery document's URL (MinIO's `config_url`). */
  configUrl: string;
  jwksUrl: string;
  port: number;
  claimName: string;
  users: OidcTestUser[];
  clients: OidcTestClient[];
  /** Replaces a client's redirect URIs (e.g. once the console's address is known). */
  setRedirectUris(clientId: string, redirectUris: string[]): void;
  /** Changes token lifetimes for tokens issued from now on. */
  setTokenTtl(ttl: OidcTokenTtl): void;
  /** A token signed with the provider's key (RS256, its `kid`): for expired / wrong-audience cases. */
  signToken(options?: SignTokenOptions): Promise<string>;
  /** A client-credentials grant at the token endpoint → the JWT access token. */
  clientCredentialsToken(clientId?: string): Promise<string>;
  /** `identity_openid` settings for this provider and one client (config KV keys). */
  identityOpenIdConfig(clientId?: string): Record<string, string>;
  close(): Promise<void>;
}

/** A token with one payload character changed, so its signature no longer matches. */
export function tamper(token: string): string {
  const [header = '', payload = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  claims.tampered = true;
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** The policy claim as the provider issues it. */
function policyClaim(claimName: string, policy: string | string[] | undefined): Record<string, unknown> {
  return policy === undefined ? {} : { [claimName]: policy };
}

const RESOURCE = 'urn:coffer:sts';

export async function startOidcProvider(options: StartOidcOptions = {}): Promise<TestOidcProvider> {
  const claimName = options.claimName ?? 'policy';
  const users = [...(options.users ?? [])];
  const clients = [...(options.clients ?? [])];
  const ttl = { idToken: 3600, accessToken: 3600, ...options.ttl };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://127.0.0.1:${port}`;
  const findUser = (name: string): OidcTestUser | undefined => users.find((u) => u.username === name);
  const findClient = (id: string): OidcTestClient | undefined => clients.find((c) => c.clientId === id);

  const storage = memoryAdapter();
  const clientMetadata = (c: OidcTestClient): AdapterPayload => ({
    client_id: c.clientId,
    ...(c.clientSecret !== undefined
      ? { client_secret: c.clientSecret, token_endpoint_auth_method: 'client_secret_basic' as const }
      : { token_endpoint_auth_method: 'none' as const }),
    redirect_uris: c.redirectUris,
    grant_types:
      c.clientSecret !== undefined
        ? ['authorization_code', 'refresh_token', 'client_credentials']
        : ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  });
  for (const client of clients) storage.putClient(client.clientId, clientMetadata(client));
  const configuration: Configuration = {
    adapter: storage.Adapter,
    jwks: { keys: [privateJwk as never] },
    findAccount: (_ctx, sub) => {
      const user = findUser(sub);
      if (user === undefined) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          preferred_username: sub,
          ...user.claims,
          ...policyClaim(claimName, user.policy),
        }),
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
      [claimName]: [claimName],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups', claimName],
    // Scope claims go into the ID token itself: MinIO reads the policy claim from it.
    conformIdTokenClaims: false,
    pkce: { methods: ['S256'], required: () => true },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, _resource, client) => ({
          scope: `openid ${claimName}`,
          audience: client.clientId,
          accessTokenFormat: 'jwt',
          accessTokenTTL: ttl.accessToken,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    extraTokenClaims: (_ctx: KoaContextWithOIDC, token) => {
      if (token.kind === 'ClientCredentials') {
        const client = findClient(token.clientId ?? '');
        return { sub: token.clientId, ...policyClaim(claimName, client?.policy) };
      }
      const user = token.accountId !== undefined ? findUser(token.accountId) : undefined;
      return policyClaim(claimName, user?.policy);
    },
    ttl: {
      IdToken: () => ttl.idToken,
      AccessToken: () => ttl.accessToken,
      ClientCredentials: () => ttl.accessToken,
      AuthorizationCode: 120,
      Interaction: 900,
      Session: 3600,
      Grant: 3600,
      RefreshToken: 3600,
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error), String(out.error_description ?? ''));
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/interaction/')) {
      handleInteraction(provider, req, res, (name, password) => {
        const user = findUser(name);
        return user !== undefined && user.password === password;
      }).catch((err: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      return;
    }
    void callback(req, res);
  });

  const signingKey = await importJWK(privateJwk, 'RS256');
  return {
    issuer,
    configUrl: `${issuer}/.well-known/openid-configuration`,
    jwksUrl: `${issuer}/jwks`,
    port,
    claimName,
    users,
    clients,
    setRedirectUris(clientId, redirectUris) {
      const client = findClient(clientId);
      if (client === undefined) throw new Error(`no client ${clientId}`);
      client.redirectUris = [...redirectUris];
      storage.putClient(clientId, clientMetadata(client));
    },
    setTokenTtl(next) {
      Object.assign(ttl, next);
    },
    async signToken(opts = {}) {
      const now = Math.floor(Date.now() / 1000);
      const jwt = new SignJWT({ ...opts.claims })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(opts.iss ?? issuer)
        .setAudience(opts.aud ?? clients[0]?.clientId ?? 'coffer')
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (opts.expiresIn ?? 3600));
      if (opts.sub !== undefined) jwt.setSubject(opts.sub);
      return jwt.sign(signingKey);
    },
    async clientCredentialsToken(clientId) {
      const client = clientId === undefined ? clients[0] : findClient(clientId);
      if (client?.clientSecret === undefined) throw new Error(`no confidential client ${clientId ?? ''}`);
      const basic = Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64');
      const reply = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: claimName, resource: RESOURCE }),
      });
      const body = (await reply.json()) as { access_token?: string; error_description?: string };
      if (body.access_token === undefined) throw new Error(`token endpoint: ${JSON.stringify(body)}`);
      return body.access_token;
    },
    identityOpenIdConfig(clientId) {
      const client = clientId === undefined ? clients[0] : findClient(clientId);
      return {
        enable: 'on',
        config_url: `${issuer}/.well-known/openid-configuration`,
        client_id: client?.clientId ?? '',
        ...(client?.clientSecret !== undefined ? { client_secret: client.clientSecret } : {}),
        claim_name: claimName,
        scopes: `openid,${claimName}`,
        ...(client?.redirectUris[0] !== undefined ? { redirect_uri: client.redirectUris[0] } : {}),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
