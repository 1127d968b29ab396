/**
 * The summary's Access Policy card: the bucket's access (Private, Public or Custom, from
 * `GET /buckets/{bucket}`) and a button opening Change Access Policy. While the access is being
 * read it shows '…'; when it cannot be read (no permission to read the bucket policy) 'Unknown'
 * with the server's reason, and the access cannot be changed from here.
 */
import { ActionIcon, Card, Group, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import { useBucketInfo } from '../api/get-bucket-info.js';
import { ChangeAccessPolicyModal } from './change-access-policy-modal.js';

const ids = TEST_IDS.accessPolicy;

export function AccessPolicyCard({ bucket }: { bucket: string }) {
  const { t } = useTranslation(['buckets']);
  const info = useBucketInfo(bucket);
  const [editing, setEditing] = useState(false);
  const value = info.data
    ? t(`accessPolicy.${info.data.access}`)
    : info.isError
      ? t('accessPolicy.unknown')
      : '…';
  const editLabel = t('accessPolicy.edit', { name: bucket });

  return (
    <Card withBorder data-testid={ids.card}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text size="sm" c="dimmed" component="h2" m={0} fw={600}>
            {t('detail.accessPolicy')}
          </Text>
          <Text size="lg" mt={4} data-testid={ids.value}>
            {value}
          </Text>
          {info.error && (
            <Text size="xs" c="dimmed" data-testid={ids.readError}>
              {info.error.message}
            </Text>
          )}
        </div>
        <Tooltip label={t('accessPolicy.title')}>
          <ActionIcon
            variant="subtle"
            aria-label={editLabel}
            onClick={() => setEditing(true)}
            disabled={!info.data}
            data-testid={ids.edit}
          >
            <IconPencil size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
      <ChangeAccessPolicyModal
        bucket={bucket}
        opened={editing}
        current={info.data}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
