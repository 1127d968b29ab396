/**
 * The summary's Encryption card: the bucket's default encryption — Disabled, SSE-S3, or SSE-KMS
 * with its key (`GET /buckets/{bucket}/encryption/info`; "not configured" is Disabled, spec 1 §8)
 * — and a button opening Enable Bucket Encryption. While it is being read the card shows '…';
 * when it cannot be read (no permission) 'Unknown' with the server's reason, and it cannot be
 * changed from here.
 */
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { useBucketEncryption } from '../api/get-bucket-encryption.js';
import { EnableEncryptionModal } from './enable-encryption-modal.js';
import { encryptionChoiceOf } from './encryption-form.js';
import { SummaryCard } from './summary-card.js';

const ids = BUCKETS_TEST_IDS.encryption;

export function EncryptionCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const info = useBucketEncryption(bucket);
  const [editing, setEditing] = useState(false);
  const known = info.data !== undefined;
  const choice = known ? encryptionChoiceOf(info.data) : undefined;
  const value =
    choice !== undefined ? t(`encryption.${choice}`) : info.isError ? t('encryption.unknown') : '…';
  const key = info.data?.kmsMasterKeyID;

  return (
    <SummaryCard
      setting={ids}
      title={t('encryption.card')}
      value={value}
      notes={
        <>
          {choice === 'sse-kms' && (
            <Text size="xs" c="dimmed" data-testid={ids.keyId}>
              {key !== undefined ? t('encryption.keyId', { key }) : t('encryption.defaultKey')}
            </Text>
          )}
          {info.error && (
            <Text size="xs" c="dimmed" data-testid={ids.readError}>
              {info.error.message}
            </Text>
          )}
        </>
      }
      edit={{
        tooltip: t('encryption.title'),
        label: t('encryption.edit', { name: bucket }),
        disabled: !known,
        onClick: () => setEditing(true),
      }}
    >
      <EnableEncryptionModal
        bucket={bucket}
        opened={editing}
        current={info.data}
        onClose={() => setEditing(false)}
      />
    </SummaryCard>
  );
}
