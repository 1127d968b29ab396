/**
 * The delete confirmation that needs the resource's name typed (spec 3 §2 Delete Tenant, Pods
 * delete; §4: enabled only when the typed text equals the name; §5: 'Tenant name is incorrect'
 * while it differs). The server's refusal shows inside the modal (spec 3 §8).
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error.js';
import { ModalError } from '../../../shared/components/modal-error.js';

export interface TypedNameDeleteModalProps {
  /** The name to type; null: closed. */
  name: string | null;
  title: string;
  question: ReactNode;
  inputLabel: string;
  pending: boolean;
  error: ApiError | null;
  onConfirm: () => void;
  onClose: () => void;
  testIds: { modal: string; input: string; mismatch: string; confirm: string; error: string };
}

export function TypedNameDeleteModal(props: TypedNameDeleteModalProps) {
  // A fresh text field for every name the modal opens with.
  return <TypedNameDeleteBody key={props.name ?? ''} {...props} />;
}

function TypedNameDeleteBody({
  name,
  title,
  question,
  inputLabel,
  pending,
  error,
  onConfirm,
  onClose,
  testIds,
}: TypedNameDeleteModalProps) {
  const { t } = useTranslation(['tenants', 'common']);
  const [typed, setTyped] = useState('');
  const matches = name !== null && typed === name;
  return (
    <Modal opened={name !== null} onClose={onClose} title={title} data-testid={testIds.modal}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !pending) onConfirm();
        }}
      >
        <Stack>
          <ModalError error={error} testId={testIds.error} />
          <Text style={{ overflowWrap: 'anywhere' }}>{question}</Text>
          <TextInput
            label={inputLabel}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={
              typed !== '' && !matches ? (
                <span data-testid={testIds.mismatch}>{t('delete.mismatch')}</span>
              ) : undefined
            }
            autoComplete="off"
            data-autofocus
            data-testid={testIds.input}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="submit"
              color="red.9"
              disabled={!matches}
              loading={pending}
              data-testid={testIds.confirm}
            >
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
