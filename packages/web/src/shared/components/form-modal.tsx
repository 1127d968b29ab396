/**
 * What the console's form modals share (the Summary's setting modals, the object details'
 * modals): the frame, whose body is mounted per opening so it starts from the current value each
 * time; the change, whose refusal stays inside the modal (spec 1 §8) and whose success is said in
 * the snackbar before the modal closes; and the form around the fields, with the refusal on top
 * and Cancel / confirm at the foot.
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ModalProps } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-error.js';
import { ModalError } from './modal-error.js';
import { useNotify } from './notify.js';

export function FormModal({
  opened,
  onClose,
  title,
  testId,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  size?: ModalProps['size'];
  /** The body, rendered only while the modal is open. */
  children: () => ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} data-testid={testId}>
      {opened && children()}
    </Modal>
  );
}

/** A modal change's state as `ModalChangeForm` and `ConfirmDeleteModal` users need it. */
export interface ModalChange<B> {
  /** Sends `body`; ignored while a change is under way. */
  submit: (body: B) => void;
  /** Closes the modal and forgets a refusal. */
  close: () => void;
  saving: boolean;
  error: ApiError | null;
}

/**
 * Sends a change from a modal: `submit(body)` (ignored while one is under way); on success the
 * snackbar says `success(answer)` and the modal closes; `close` also forgets a refusal.
 */
export function useModalChange<B, A>(
  mutation: UseMutationResult<A, ApiError, B>,
  onClose: () => void,
  success: (answer: A) => string,
): ModalChange<B> {
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const submit = (body: B) => {
    if (mutation.isPending) return;
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notify.success(success(answer));
        close();
      },
    });
  };
  return { submit, close, saving: mutation.isPending, error: mutation.error };
}

/**
 * The form of a modal: the refusal on top, the fields, then Cancel and the confirming submit
 * button (`label`), which sends only when `valid` — also on Enter.
 */
export function ModalChangeForm({
  change,
  valid,
  send,
  label,
  ids,
  children,
}: {
  change: { close: () => void; saving: boolean; error: ApiError | null };
  valid: boolean;
  send: () => void;
  label: string;
  /** Test ids of the refusal, the buttons (Cancel's is optional). */
  ids: { error: string; cancel?: string; confirm: string };
  children: ReactNode;
}) {
  const { t } = useTranslation(['common']);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) send();
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={change.error} testId={ids.error} />
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={change.close} disabled={change.saving} data-testid={ids.cancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={change.saving} data-testid={ids.confirm}>
            {label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
