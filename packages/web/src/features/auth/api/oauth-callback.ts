/**
 * POST /login/oauth2/auth with the code and state the identity provider sent back.
 */
import { ENDPOINTS } from '@coffer/contract/client';
import type { ApiClient } from '../../../lib/api-client.js';

import type { OAuth2AuthResponse } from '../../../shared/api/types.js';

export function completeOAuthLogin(
  client: ApiClient,
  code: string,
  state: string,
): Promise<OAuth2AuthResponse> {
  return client.call(ENDPOINTS.loginOAuth2, { body: { code, state } });
}
