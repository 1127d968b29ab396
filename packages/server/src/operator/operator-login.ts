/**
 * Operator login (spec 1 §2 "service-account" strategy; reference §2 "Auth / connection"): the
 * user pastes a Kubernetes service-account JWT, which the API server must accept before a session
 * is made. With a token of its own the console asks TokenReview (authentication.k8s.io/v1) who
 * the pasted token is; without one, or when its account may not create TokenReviews, it makes an
 * authorised call with the pasted token (`GET /api`, as the 2021 console did) — an unknown or
 * expired token is answered 401 there, never let through as anonymous. The token is then kept
 * only in the server-side session (encrypted at rest) and never logged.
 */
import { CoreApi } from '@kubernetes/client-node';
import { ConsoleError } from '../errors.js';
import { isK8sStatus, k8s } from './k8s-errors.js';
import { k8sApis, kubeConfigFor } from './k8s-client.js';
import type { OperatorSettings } from './k8s-settings.js';

export interface OperatorIdentity {
  /** `system:serviceaccount:<ns>:<name>` (or the token's subject). */
  username: string;
  /** When the token stops working (ms since epoch), if it says. */
  expiresAt?: number;
}

const invalidToken = (detail: string): ConsoleError =>
  new ConsoleError('invalid_operator_token', 'The service account token was not accepted', detail);

/** The JWT's claims, unverified: only for the display name and expiry the API server vouched for. */
function claimsOf(jwt: string): { sub?: string; exp?: number } {
  const body = jwt.split('.')[1];
  if (body === undefined) return {};
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return typeof claims === 'object' && claims !== null ? (claims as { sub?: string; exp?: number }) : {};
  } catch {
    return {};
  }
}

async function tokenReview(settings: OperatorSettings, consoleToken: string, jwt: string) {
  const { auth } = k8sApis(settings.cluster, consoleToken);
  const review = await auth.createTokenReview({
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: jwt } },
  });
  return review.status;
}

/** The identity behind `jwt`, or invalid_operator_token / kubernetes_unreachable. */
export async function verifyOperatorToken(
  settings: OperatorSettings,
  jwt: string,
): Promise<OperatorIdentity> {
  const claims = claimsOf(jwt);
  const expiresAt = typeof claims.exp === 'number' ? claims.exp * 1000 : undefined;
  const withExpiry = (username: string): OperatorIdentity => ({
    username,
    ...(expiresAt !== undefined ? { expiresAt } : {}),
  });
  if (settings.consoleToken !== undefined) {
    try {
      const status = await k8s('Operator login', () =>
        tokenReview(settings, settings.consoleToken ?? '', jwt),
      );
      if (status?.authenticated !== true)
        throw invalidToken(status?.error ?? 'TokenReview: not authenticated');
      return withExpiry(status.user?.username ?? claims.sub ?? 'service account');
    } catch (err) {
      // The console's own account may not review tokens: fall back to the authorised call.
      if (!isK8sStatus(err, 403)) throw err;
    }
  }
  try {
    await k8s('Operator login', () =>
      kubeConfigFor(settings.cluster, jwt).makeApiClient(CoreApi).getAPIVersions(),
    );
  } catch (err) {
    if (err instanceof ConsoleError && err.code === 'not_authenticated')
      throw invalidToken(err.detailedMessage);
    throw err;
  }
  return withExpiry(claims.sub ?? 'service account');
}
