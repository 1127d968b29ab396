/**
 * POST /api/v1/login/oauth2/auth with the code and state the identity provider sent back.
 */
import type { ApiClient } from '../../../lib/api-client.js';

export interface OAuthCallbackAnswer {
  sessionId?: string;
}

export function completeOAuthLogin(
  client: ApiClient,
  code: string,
  state: string,
): Promise<OAuthCallbackAnswer> {
  return client.request<OAuthCallbackAnswer>('POST', '/login/oauth2/auth', { body: { code, state } });
}
