/**
 * 'Set Replication' for the selected buckets. The two-step Set Multiple Bucket Replication wizard
 * (spec 1 §2, §4) arrives with bucket replication; until then the modal names the selection and
 * says that remote replication cannot be configured from this version.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';

export interface SetReplicationModalProps {
  buckets: readonly string[];
  opened: boolean;
  onClose: () => void;
}

export function SetReplicationModal({ buckets, opened, onClose }: SetReplicationModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Set Multiple Bucket Replication">
      <Stack>
        <Text size="sm">Selected buckets:</Text>
        <List size="sm">
          {buckets.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
        <Text size="sm" c="dimmed">
          Remote replication cannot be configured from this version of the console yet.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
