/**
 * The body of the IAM dialogs that choose names from a list — Set Groups, Set Policies, Add Users to
 * Group: the error area, an optional line naming who is changed, the name picker, Cancel and Save.
 * The dialog owns the selection and the request; this form only lays them out and guards Save
 * while a request is in flight.
 */
import { Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error.js';
import { FormAlert } from '../../../shared/components/form-alert.js';
import type { Problem } from '../../../shared/validation/problem.js';
import { NamePicker } from './name-picker.js';
import type { NamePickerProps } from './name-picker.js';

export interface NameChoiceFormProps {
  picker: Omit<NamePickerProps, 'columnTitle' | 'disabled'>;
  /** A local validation message, shown before the server's refusal. */
  problem?: Problem | null;
  error: ApiError | null;
  pending: boolean;
  onSave: () => void;
  onCancel: () => void;
  errorTestId: string;
  saveTestId: string;
  /** Shown above the picker, e.g. the entity being changed. */
  children?: ReactNode;
}

export function NameChoiceForm({
  picker,
  problem = null,
  error,
  pending,
  onSave,
  onCancel,
  errorTestId,
  saveTestId,
  children,
}: NameChoiceFormProps) {
  const { t } = useTranslation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    onSave();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormAlert problem={problem} error={error} testId={errorTestId} />
        {children}
        <NamePicker {...picker} columnTitle={t('table.name')} disabled={pending} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid={saveTestId}>
            {t('actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
