/**
 * The service-account strategy of the login screen (spec 1 §2, §4, §5): heading 'Operator Login',
 * one JWT field and Login — disabled while the JWT is empty and while submitting; a refusal goes
 * to the top banner, success to '/'.
 */
import { Button, PasswordInput, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AUTH_TEST_IDS } from '../test-ids.js';
import { useOperatorLogin } from '../api/login-operator.js';

export function OperatorLogin({ onBanner }: { onBanner: (message: string | null) => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [jwt, setJwt] = useState('');
  const mutation = useOperatorLogin(() => void navigate('/', { replace: true }));
  const submitting = mutation.isPending;
  const canSubmit = jwt.trim() !== '' && !submitting;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    onBanner(null);
    mutation.mutate(jwt.trim(), { onError: (error) => onBanner(error.message) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('operatorLogin')}
        </Title>
        {/* A token is a secret: masked like a password, never offered to autofill. */}
        <PasswordInput
          label={t('jwt')}
          autoComplete="off"
          value={jwt}
          onChange={(e) => setJwt(e.currentTarget.value)}
          disabled={submitting}
          data-testid={AUTH_TEST_IDS.login.jwt}
          autoFocus
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
