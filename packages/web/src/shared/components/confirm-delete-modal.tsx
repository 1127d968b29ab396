/**
 * The confirmation every IAM delete uses (Delete User, Delete Group, Delete Policy, Delete
 * ServiceAccount — spec 2 §2 — and the bucket and Settings lists): a question, the server's refusal
 * inside the modal (spec 1 §8), Cancel and Delete. `ConfirmDeleteModal` leaves the mutation to the
 * caller; `DeleteItemModal` runs one for a listed item.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import { ModalError } from './modal-error.js';
import { useNotify } from './notify.js';

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

export interface DeleteItemModalProps<T, V> {
  /** The item to delete; the modal is open while there is one. */
  item: T | null;
  mutation: UseMutationResult<unknown, ApiError, V>;
  variables: (item: T) => V;
  /** The notification once the item is gone. */
  deleted: (item: T) => string;
  /** After the notification and the close. */
  onDeleted?: (item: T) => void;
  title: string;
  children: ReactNode;
  onClose: () => void;
  testIds: ConfirmDeleteModalProps['testIds'];
}

/**
 * The confirmation for deleting one listed item with one mutation: Delete sends it, success says
 * so and closes, a refusal stays inside; closing forgets the last refusal.
 */
export function DeleteItemModal<T, V>({
  item,
  mutation,
  variables,
  deleted,
  onDeleted,
  onClose,
  ...rest
}: DeleteItemModalProps<T, V>) {
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () => {
    if (item === null) return;
    mutation.mutate(variables(item), {
      onSuccess: () => {
        notify.success(deleted(item));
        close();
        onDeleted?.(item);
      },
    });
  };
  return (
    <ConfirmDeleteModal
      {...rest}
      opened={item !== null}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
