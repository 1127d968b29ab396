/**
 * 'Set Replication' for the selected buckets. The two-step Set Multiple Bucket Replication wizard
 * (spec 1 §2, §4) arrives with bucket replication; until then the modal names the selection and
 * says that remote replication cannot be configured from this version.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface SetReplicationModalProps {
  buckets: readonly string[];
  opened: boolean;
  onClose: () => void;
}

export function SetReplicationModal({ buckets, opened, onClose }: SetReplicationModalProps) {
  const { t } = useTranslation(['buckets', 'common']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('replication.title')}>
      <Stack>
        <Text size="sm">{t('replication.selected')}</Text>
        <List size="sm">
          {buckets.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          {t('replication.notYet')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
