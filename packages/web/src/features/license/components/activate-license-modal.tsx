/**
 * 'Activate SUBNET License' (spec 2 §2, §5, §8): activate by license key (verified offline by the
 * console) or by signing in with email and password (MinIO's online service). Activate is disabled
 * while the key — or the email or password — is blank, and while submitting; a refusal shows in
 * the modal's error notice and clears the form's fields.
 */
import {
  Button,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LICENSE_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useValidateSubscription } from '../api/subscription.js';

const ids = LICENSE_TEST_IDS.license;

function ActivateForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['license', 'common']);
  const notify = useNotify();
  const mutation = useValidateSubscription();
  const [mode, setMode] = useState<'key' | 'signIn'>('key');
  const [key, setKey] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const busy = mutation.isPending;
  const valid = mode === 'key' ? key.trim() !== '' : email.trim() !== '' && password !== '';

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || busy) return;
    const body = mode === 'key' ? { license: key.trim() } : { email: email.trim(), password };
    mutation.mutate(body, {
      onSuccess: () => {
        notify.success(t('activated'));
        onClose();
      },
      // Spec 2 §8: activation errors clear the form fields.
      onError: () => {
        setKey('');
        setEmail('');
        setPassword('');
      },
    });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.activateError} />
        <SegmentedControl
          value={mode}
          onChange={(v) => setMode(v === 'signIn' ? 'signIn' : 'key')}
          data={[
            { value: 'key', label: t('byKey') },
            { value: 'signIn', label: t('bySignIn') },
          ]}
          disabled={busy}
        />
        {mode === 'key' ? (
          <Textarea
            label={t('licenseKey')}
            value={key}
            onChange={(e) => setKey(e.currentTarget.value)}
            autosize
            minRows={4}
            disabled={busy}
            data-testid={ids.key}
          />
        ) : (
          <>
            <TextInput
              label={t('email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              disabled={busy}
              data-testid={ids.email}
            />
            <PasswordInput
              label={t('password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              disabled={busy}
              data-testid={ids.password}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!valid || busy} loading={busy} data-testid={ids.activateSubmit}>
            {t('activate')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function ActivateLicenseModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('license');
  return (
    <Modal opened={opened} onClose={onClose} title={t('activateTitle')} data-testid={ids.activateModal}>
      {opened && <ActivateForm onClose={onClose} />}
    </Modal>
  );
}
