/**
 * Change Access Policy (spec 1 §2 modals): Private, Public or Custom. Public warns what it means
 * (anyone may read, write and delete); Custom opens the policy JSON editor, prefilled with the
 * bucket's stored policy, which validates as you type and keeps Set disabled until the text can be
 * a policy. The server's refusal (a document the storage server rejects, with its reason) shows
 * inside the modal (spec 1 §8); success says so in the snackbar, closes, and the card follows.
 */
import { Alert, Group, Radio, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketAccess, BucketDetails } from '../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { PolicyJsonInput } from '../../../shared/components/policy-json-input.js';
import { policyJsonProblem } from '../../../shared/validation/policy-json.js';
import { useSetBucketPolicy } from '../api/set-bucket-policy.js';
import {
  ACCESS_CHOICES,
  initialAccessPolicyForm,
  isAccessPolicyFormValid,
  toSetBucketPolicyRequest,
} from './access-policy-form.js';

const ids = BUCKETS_TEST_IDS.accessPolicy;

export interface ChangeAccessPolicyModalProps {
  bucket: string;
  opened: boolean;
  /** The bucket's details as last read (its access and stored policy), if known. */
  current: BucketDetails | undefined;
  onClose: () => void;
}

export function ChangeAccessPolicyModal({ bucket, opened, current, onClose }: ChangeAccessPolicyModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('accessPolicy.title')} size="xl" testId={ids.modal}>
      {/* Mounted per opening, so the form starts from the bucket's current access each time. */}
      {() => <AccessPolicyFormBody bucket={bucket} current={current} onClose={onClose} />}
    </FormModal>
  );
}

function AccessPolicyFormBody({ bucket, current, onClose }: Omit<ChangeAccessPolicyModalProps, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const change = useModalChange(useSetBucketPolicy(bucket), onClose, (details) =>
    t('accessPolicy.changed', { name: bucket, access: t(`accessPolicy.${details.access}`) }),
  );
  const [form, setForm] = useState(() => initialAccessPolicyForm(current));
  const saving = change.saving;

  return (
    <ModalChangeForm
      change={change}
      valid={isAccessPolicyFormValid(form)}
      send={() => change.submit(toSetBucketPolicyRequest(form))}
      label={t('accessPolicy.set')}
      ids={{ error: ids.error, cancel: ids.cancel, confirm: ids.save }}
    >
      <Radio.Group
        label={t('accessPolicy.access')}
        value={form.access}
        onChange={(value) => setForm((f) => ({ ...f, access: value as BucketAccess }))}
      >
        <Group mt="xs">
          {ACCESS_CHOICES.map((access) => (
            <Radio
              key={access}
              value={access}
              label={t(`accessPolicy.${access}`)}
              disabled={saving}
              data-testid={ids.option(access)}
            />
          ))}
        </Group>
      </Radio.Group>
      {form.access === 'PRIVATE' && (
        <Text size="sm" c="dimmed">
          {t('accessPolicy.privateHint')}
        </Text>
      )}
      {form.access === 'PUBLIC' && (
        <Alert color="orange" variant="light" data-testid={ids.publicWarning}>
          {t('accessPolicy.publicWarning')}
        </Alert>
      )}
      {form.access === 'CUSTOM' && (
        <>
          <Text size="sm" c="dimmed">
            {t('accessPolicy.customHint')}
          </Text>
          <PolicyJsonInput
            label={t('accessPolicy.document')}
            value={form.definition}
            onChange={(definition) => setForm((f) => ({ ...f, definition }))}
            problem={policyJsonProblem(form.definition)}
            disabled={saving}
            testId={ids.document}
            problemTestId={ids.documentProblem}
          />
        </>
      )}
    </ModalChangeForm>
  );
}
