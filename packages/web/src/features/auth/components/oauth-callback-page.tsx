/**
 * /oauth_callback (spec 1 §2): with an `error` in the query it shows 'IDP Error:' and the error with
 * its description; otherwise it posts code and state, then goes to '/'. On failure it goes to
 * /login, which shows why in its banner (spec 1 §8 "Login failure shows its message in the top
 * banner") — never a silent return (user need 14, SSO loops).
 */
import { Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AUTH_TEST_IDS } from '../test-ids.js';
import { ApiError } from '../../../lib/api-error.js';
import { useApiClient } from '../../../shared/api/api-client-context.js';
import { completeOAuthLogin } from '../api/oauth-callback.js';
import { storeSignedInUser } from '../../../shared/session/signed-in-user.js';
import { setLoggedInFlag } from '../api/logged-in-flag.js';
import { LoginScreenFrame } from './login-screen-frame.js';

export function OAuthCallbackPage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const error = params.get('error');
  const description = params.get('error_description') ?? '';
  // Post once per page load, even when React runs the effect twice in development.
  const posted = useRef(false);

  useEffect(() => {
    if (error !== null || posted.current) return;
    posted.current = true;
    completeOAuthLogin(client, code, state).then(
      () => {
        setLoggedInFlag(window.localStorage, true);
        // No access key with this sign-in: no name to remember (spec 2 §2).
        storeSignedInUser(window.localStorage, null);
        queryClient.clear();
        void navigate('/', { replace: true });
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        const detail = err instanceof ApiError ? (err.detailedMessage ?? '') : '';
        const loginError =
          detail !== '' && detail !== message ? t('ssoFailed', { message, detail }) : message;
        void navigate('/login', { replace: true, state: { loginError } });
      },
    );
  }, [client, code, state, error, navigate, queryClient, t]);

  return (
    <LoginScreenFrame testId={AUTH_TEST_IDS.oauthCallback.screen}>
      <Title order={1} size="h3">
        {t('singleSignOn')}
      </Title>
      {error !== null ? (
        <Text role="alert" data-testid={AUTH_TEST_IDS.oauthCallback.idpError}>
          {t('idpError', { error, description })}
        </Text>
      ) : (
        <Stack align="center">
          <Loader aria-label={t('signingIn')} />
        </Stack>
      )}
    </LoginScreenFrame>
  );
}
