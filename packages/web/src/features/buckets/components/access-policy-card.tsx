/**
 * The summary's Access Policy card: the bucket's access (Private, Public or Custom, from
 * `GET /buckets/{bucket}`) and a button opening Change Access Policy. While the access is being
 * read it shows '…'; when it cannot be read (no permission to read the bucket policy) 'Unknown'
 * with the server's reason, and the access cannot be changed from here.
 */
import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { useBucketInfo } from '../api/get-bucket-info.js';
import { ChangeAccessPolicyModal } from './change-access-policy-modal.js';
import { SummaryCard } from './summary-card.js';

const ids = BUCKETS_TEST_IDS.accessPolicy;

export function AccessPolicyCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const info = useBucketInfo(bucket);
  const [editing, setEditing] = useState(false);
  const value = info.data
    ? t(`accessPolicy.${info.data.access}`)
    : info.isError
      ? t('accessPolicy.unknown')
      : '…';
  return (
    <SummaryCard
      setting={ids}
      title={t('detail.accessPolicy')}
      value={value}
      notes={
        info.error && (
          <Text size="xs" c="dimmed" data-testid={ids.readError}>
            {info.error.message}
          </Text>
        )
      }
      edit={{
        tooltip: t('accessPolicy.title'),
        label: t('accessPolicy.edit', { name: bucket }),
        disabled: !info.data,
        onClick: () => setEditing(true),
      }}
    >
      <ChangeAccessPolicyModal
        bucket={bucket}
        opened={editing}
        current={info.data}
        onClose={() => setEditing(false)}
      />
    </SummaryCard>
  );
}
