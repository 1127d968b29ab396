/**
 * Create Service Account (spec 2 §2, §4): a service account inherits its parent's policies and can
 * be restricted with an optional JSON policy, fixed at creation. The switch reveals the policy
 * editor; Create stays disabled while that policy cannot be a JSON object. The caller owns the
 * call (the account's own, or another user's) and shows the new keys once it succeeds.
 */
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import { SERVICE_ACCOUNT_TEST_IDS } from './service-account-test-ids.js';
import { EMPTY_POLICY_TEMPLATE, policyJsonProblem } from '../validation/policy-json.js';
import { ModalError } from './modal-error.js';
import { PolicyJsonInput } from './policy-json-input.js';

const ids = SERVICE_ACCOUNT_TEST_IDS.createServiceAccount;

export interface CreateServiceAccountModalProps {
  opened: boolean;
  /** Whose account it is, when not the signed-in one (shown in the modal). */
  forUser?: string;
  pending: boolean;
  error: ApiError | null;
  /** `policy` is the restricting document, or undefined for the parent's policies unchanged. */
  onCreate: (policy: string | undefined) => void;
  onClose: () => void;
}

export function CreateServiceAccountModal({
  opened,
  forUser,
  pending,
  error,
  onCreate,
  onClose,
}: CreateServiceAccountModalProps) {
  const { t } = useTranslation();
  const [restrict, setRestrict] = useState(false);
  const [policy, setPolicy] = useState(EMPTY_POLICY_TEMPLATE);
  const problem = restrict ? policyJsonProblem(policy) : null;

  const close = () => {
    setRestrict(false);
    setPolicy(EMPTY_POLICY_TEMPLATE);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem !== null || pending) return;
    onCreate(restrict ? policy : undefined);
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('serviceAccount.createTitle')}
      size="lg"
      data-testid={ids.modal}
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack>
          <ModalError error={error} testId={ids.error} />
          <Text size="sm">
            {forUser === undefined
              ? t('serviceAccount.inheritsOwn')
              : t('serviceAccount.inheritsUser', { user: forUser })}{' '}
            {t('serviceAccount.restrictNote')}
          </Text>
          <Switch
            label={t('serviceAccount.restrict')}
            checked={restrict}
            onChange={(e) => setRestrict(e.currentTarget.checked)}
            disabled={pending}
            data-testid={ids.restrict}
          />
          {restrict && (
            <PolicyJsonInput
              label={t('serviceAccount.policy')}
              value={policy}
              onChange={setPolicy}
              problem={problem}
              disabled={pending}
              testId={ids.policy}
              problemTestId={ids.policyProblem}
            />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={problem !== null} loading={pending} data-testid={ids.save}>
              {t('actions.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
