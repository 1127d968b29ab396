/**
 * The retention fields of Create Bucket and Set Retention Configuration: mode (compliance or
 * governance), validity and unit (days or years). The form's rules are bucket-settings-form.ts's;
 * these are the widgets.
 */
import { Group, NativeSelect, Radio, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RetentionMode, RetentionUnit } from '../../../shared/api/types.js';
import type { RetentionForm } from './bucket-settings-form.js';

export interface RetentionFieldsProps {
  value: RetentionForm;
  onChange: (change: Partial<RetentionForm>) => void;
  disabled: boolean;
  /** Test ids of the mode group, the validity input and the unit select (and the validity's problem). */
  ids: { mode: string; validity: string; unit: string; problem?: string };
  /** What is wrong with the validity, shown under it. */
  validityProblem?: string | undefined;
}

export function RetentionFields({ value, onChange, disabled, ids, validityProblem }: RetentionFieldsProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <>
      <Radio.Group
        label={t('create.mode')}
        value={value.retentionMode}
        onChange={(mode) => onChange({ retentionMode: mode as RetentionMode })}
        data-testid={ids.mode}
      >
        <Group mt={4}>
          <Radio value="compliance" label={t('create.compliance')} disabled={disabled} />
          <Radio value="governance" label={t('create.governance')} disabled={disabled} />
        </Group>
      </Radio.Group>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('create.validity')}
          type="number"
          min={1}
          step={1}
          value={value.retentionValidity}
          onChange={(e) => onChange({ retentionValidity: e.currentTarget.value })}
          disabled={disabled}
          error={validityProblem}
          errorProps={{ 'data-testid': ids.problem, role: 'alert' }}
          data-testid={ids.validity}
          w={160}
        />
        <NativeSelect
          label={t('create.retentionUnit')}
          data={[
            { value: 'days', label: t('create.days') },
            { value: 'years', label: t('create.years') },
          ]}
          value={value.retentionUnit}
          onChange={(e) => onChange({ retentionUnit: e.currentTarget.value as RetentionUnit })}
          disabled={disabled}
          data-testid={ids.unit}
          w={130}
        />
      </Group>
    </>
  );
}
