/**
 * The login screen (spec 1 §2, §4, §5) in each of its states: loading while the strategy is
 * unknown, the form ('Console Login'), SSO redirect ('Welcome'), and backend unreachable with
 * Retry, and operator mode's service-account login ('Operator Login', one JWT field). Submitting
 * disables the fields and the button; a failed login shows its message in the top banner; success goes to '/'.
 */
import { Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AUTH_TEST_IDS } from '../test-ids.js';
import { useLoginStrategy } from '../api/get-login-strategy.js';
import { useLogin } from '../api/login.js';
import { LoginScreenFrame } from './login-screen-frame.js';
import { OperatorLogin } from './operator-login.js';

function FormLogin({ onBanner }: { onBanner: (message: string | null) => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const mutation = useLogin(() => void navigate('/', { replace: true }));
  const submitting = mutation.isPending;
  const canSubmit = accessKey !== '' && secretKey !== '' && !submitting;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    onBanner(null);
    mutation.mutate({ accessKey, secretKey }, { onError: (error) => onBanner(error.message) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('consoleLogin')}
        </Title>
        <TextInput
          label={t('username')}
          autoComplete="username"
          value={accessKey}
          onChange={(e) => setAccessKey(e.currentTarget.value)}
          disabled={submitting}
          data-testid={AUTH_TEST_IDS.login.accessKey}
          autoFocus
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          value={secretKey}
          onChange={(e) => setSecretKey(e.currentTarget.value)}
          disabled={submitting}
          data-testid={AUTH_TEST_IDS.login.secretKey}
        />
        <Button
          type="submit"
          disabled={!canSubmit}
          loading={submitting}
          data-testid={AUTH_TEST_IDS.login.submit}
        >
          {t('login')}
        </Button>
      </Stack>
    </form>
  );
}

function loginErrorOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as { loginError?: unknown }).loginError;
  return typeof value === 'string' && value !== '' ? value : null;
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const strategy = useLoginStrategy();
  // A failed single sign-on arrives from /oauth_callback with its reason (router state).
  const location = useLocation();
  const [banner, setBanner] = useState<string | null>(loginErrorOf(location.state));

  let body;
  if (strategy.isError) {
    body = (
      <Stack gap="sm" data-testid={AUTH_TEST_IDS.login.unreachable}>
        <Title order={1} size="h3">
          {t('consoleLogin')}
        </Title>
        <Text role="alert">{t('backendUnreachable')}</Text>
        <Button
          variant="outline"
          onClick={() => void strategy.refetch()}
          loading={strategy.isFetching}
          data-testid={AUTH_TEST_IDS.login.retry}
        >
          {t('common:actions.retry')}
        </Button>
      </Stack>
    );
  } else if (strategy.data === undefined || strategy.data.loginStrategy === 'unknown') {
    body = (
      <Stack align="center" py="lg" data-testid={AUTH_TEST_IDS.login.loading}>
        <Title order={1} size="h3" className="visually-hidden">
          {t('consoleLogin')}
        </Title>
        <Loader aria-label={t('common:loading')} />
      </Stack>
    );
  } else if (strategy.data.loginStrategy === 'redirect') {
    body = (
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('welcome')}
        </Title>
        <Anchor href={strategy.data.redirect ?? '#'} data-testid={AUTH_TEST_IDS.login.ssoLink}>
          {t('loginWithSso')}
        </Anchor>
      </Stack>
    );
  } else if (strategy.data.loginStrategy === 'service-account') {
    body = <OperatorLogin onBanner={setBanner} />;
  } else {
    body = <FormLogin onBanner={setBanner} />;
  }

  return (
    <LoginScreenFrame banner={banner} testId={AUTH_TEST_IDS.login.screen}>
      {body}
    </LoginScreenFrame>
  );
}
