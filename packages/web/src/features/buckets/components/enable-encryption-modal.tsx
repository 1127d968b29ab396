/**
 * Enable Bucket Encryption (spec 1 §2 modals, §4): the type — Disabled, SSE-S3 or SSE-KMS — and,
 * for SSE-KMS, the KMS key ID (empty: the KMS's default key). It starts from the bucket's current
 * encryption; Disabled calls the disable endpoint. The server's refusal (e.g. a KMS key it does
 * not know) shows inside the modal (spec 1 §8); success says so in the snackbar and closes.
 */
import { NativeSelect, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketEncryptionInfo } from '../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useSetBucketEncryption } from '../api/set-bucket-encryption.js';
import {
  ENCRYPTION_CHOICES,
  encryptionChoiceOf,
  initialEncryptionForm,
  toEncryptionChange,
  type EncryptionChoice,
} from './encryption-form.js';

const ids = BUCKETS_TEST_IDS.encryption;

export interface EnableEncryptionModalProps {
  bucket: string;
  opened: boolean;
  /** The bucket's encryption as last read (null: none), if known. */
  current: BucketEncryptionInfo | null | undefined;
  onClose: () => void;
}

export function EnableEncryptionModal({ bucket, opened, current, onClose }: EnableEncryptionModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('encryption.title')} testId={ids.modal}>
      {/* Mounted per opening, so the form starts from the bucket's current encryption each time. */}
      {() => <EncryptionFormBody bucket={bucket} current={current} onClose={onClose} />}
    </FormModal>
  );
}

function EncryptionFormBody({ bucket, current, onClose }: Omit<EnableEncryptionModalProps, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const change = useModalChange(useSetBucketEncryption(bucket), onClose, (info) =>
    t('encryption.changed', { name: bucket, type: t(`encryption.${encryptionChoiceOf(info)}`) }),
  );
  const [form, setForm] = useState(() => initialEncryptionForm(current));
  const saving = change.saving;

  return (
    <ModalChangeForm
      change={change}
      valid
      send={() => change.submit(toEncryptionChange(form))}
      label={t('common:actions.save')}
      ids={{ error: ids.error, cancel: ids.cancel, confirm: ids.save }}
    >
      <NativeSelect
        label={t('encryption.type')}
        value={form.type}
        onChange={(event) => {
          const type = event.currentTarget.value as EncryptionChoice;
          setForm((f) => ({ ...f, type }));
        }}
        data={ENCRYPTION_CHOICES.map((choice) => ({ value: choice, label: t(`encryption.${choice}`) }))}
        disabled={saving}
        data-testid={ids.type}
      />
      {form.type === 'disabled' && (
        <Text size="sm" c="dimmed">
          {t('encryption.disabledHint')}
        </Text>
      )}
      {form.type === 'sse-kms' && (
        <TextInput
          label={t('encryption.kmsKeyId')}
          description={t('encryption.kmsKeyIdHint')}
          value={form.kmsKeyId}
          onChange={(event) => {
            const kmsKeyId = event.currentTarget.value;
            setForm((f) => ({ ...f, kmsKeyId }));
          }}
          disabled={saving}
          autoComplete="off"
          spellCheck={false}
          data-testid={ids.kmsKeyId}
        />
      )}
    </ModalChangeForm>
  );
}
