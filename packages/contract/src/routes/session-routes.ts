/**
 * Session: the sign-in strategy, login (form and single sign-on), the session, logout and has-permission (spec 1 §3, §7).
 * Entries of the console's route table (composed in `../routes.ts`): method, path, schemas.
 */
import {
  HasPermissionRequestSchema,
  HasPermissionResponseSchema,
  LoginRequestSchema,
  LoginStrategyResponseSchema,
  OAuth2AuthRequestSchema,
  OperatorLoginRequestSchema,
  OAuth2AuthResponseSchema,
  SessionResponseSchema,
} from '../session.js';
import { API_PREFIX, errors, noContent, type RouteContract } from '../route-contract.js';

export const SESSION_ROUTES = {
  getLoginStrategy: {
    method: 'GET',
    path: `${API_PREFIX}/login`,
    summary:
      "How to sign in: the login form, a redirect to the identity provider, or operator mode's service-account token",
    tags: ['session'],
    public: true,
    response: { 200: LoginStrategyResponseSchema, ...errors },
  },
  login: {
    method: 'POST',
    path: `${API_PREFIX}/login`,
    summary: 'Sign in with an access key and secret key; sets the session cookie `token`',
    tags: ['session'],
    public: true,
    body: LoginRequestSchema,
    response: { 204: noContent, ...errors },
  },
  loginOperator: {
    method: 'POST',
    path: `${API_PREFIX}/login/operator`,
    summary: 'Operator mode: sign in with a Kubernetes service-account token; sets the session cookie',
    description:
      'The token is checked against the Kubernetes API server (TokenReview, else an authorised call) and kept on the server only. Errors: invalid_operator_token (401), operator_mode_off (501), kubernetes_unreachable (503).',
    tags: ['session'],
    public: true,
    body: OperatorLoginRequestSchema,
    response: { 204: noContent, ...errors },
  },
  loginOAuth2: {
    method: 'POST',
    path: `${API_PREFIX}/login/oauth2/auth`,
    summary: "Complete single sign-on with the identity provider's code and state",
    description:
      'Exchanges the code at the provider (PKCE, the flow this browser started: its `sso_flow` cookie) and the ID token at the storage server (AssumeRoleWithWebIdentity); sets the session cookie. Errors: sso_failed (401), idp_unreachable (502), sso_not_configured (501).',
    tags: ['session'],
    public: true,
    body: OAuth2AuthRequestSchema,
    response: { 200: OAuth2AuthResponseSchema, ...errors },
  },
  getSession: {
    method: 'GET',
    path: `${API_PREFIX}/session`,
    summary: "The signed-in account's session: allowed pages, features, mode",
    tags: ['session'],
    session: 'any',
    response: { 200: SessionResponseSchema, ...errors },
  },
  logout: {
    method: 'POST',
    path: `${API_PREFIX}/logout`,
    summary: 'Sign out: the session is revoked on the server and the cookie cleared',
    tags: ['session'],
    response: { 204: noContent, ...errors },
  },
  hasPermission: {
    method: 'POST',
    path: `${API_PREFIX}/has-permission`,
    summary: "Evaluate IAM actions against the account's effective policy",
    tags: ['session'],
    body: HasPermissionRequestSchema,
    response: { 200: HasPermissionResponseSchema, ...errors },
  },
} as const satisfies Record<string, RouteContract>;
