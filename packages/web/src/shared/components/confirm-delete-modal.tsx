/**
 * The confirmation every IAM delete uses (Delete User, Delete Group, Delete Policy, Delete
 * ServiceAccount — spec 2 §2): a question, the server's refusal inside the modal (spec 1 §8),
 * Cancel and Delete. The caller owns the mutation and says what to do once it succeeds.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import { ModalError } from './modal-error.js';

export interface ConfirmDeleteModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  pending: boolean;
  error: ApiError | null;
  onConfirm: () => void;
  onClose: () => void;
  testIds: { modal: string; confirm: string; error: string };
}

export function ConfirmDeleteModal({
  opened,
  title,
  children,
  pending,
  error,
  onConfirm,
  onClose,
  testIds,
}: ConfirmDeleteModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} data-testid={testIds.modal}>
      <Stack>
        <ModalError error={error} testId={testIds.error} />
        <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button color="red.9" onClick={onConfirm} loading={pending} data-testid={testIds.confirm}>
            {t('actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
