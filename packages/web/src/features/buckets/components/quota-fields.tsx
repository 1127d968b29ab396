/**
 * The quota fields of Create Bucket and Enable Bucket Quota: type (hard or fifo), size and unit
 * (B to YiB, spec 1 §9). The form's rules are bucket-settings-form.ts's; these are the widgets.
 */
import { Group, NativeSelect, Radio, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SIZE_UNITS } from '../../../lib/units.js';
import type { SizeUnit } from '../../../lib/units.js';
import type { QuotaType } from '../../../shared/api/types.js';
import type { QuotaForm } from './bucket-settings-form.js';

export type QuotaValues = Pick<QuotaForm, 'quotaType' | 'quotaSize' | 'quotaUnit'>;

export interface QuotaFieldsProps {
  value: QuotaValues;
  onChange: (change: Partial<QuotaValues>) => void;
  disabled: boolean;
  /** Test ids of the type group, the size input and the unit select (and the size's problem). */
  ids: { type: string; size: string; unit: string; problem?: string };
  /** What is wrong with the size, shown under it. */
  sizeProblem?: string | undefined;
}

export function QuotaFields({ value, onChange, disabled, ids, sizeProblem }: QuotaFieldsProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <>
      <Radio.Group
        label={t('create.quotaType')}
        value={value.quotaType}
        onChange={(quotaType) => onChange({ quotaType: quotaType as QuotaType })}
        data-testid={ids.type}
      >
        <Group mt={4}>
          <Radio value="hard" label={t('create.hard')} disabled={disabled} />
          <Radio value="fifo" label={t('create.fifo')} disabled={disabled} />
        </Group>
      </Radio.Group>
      <Group align="flex-end" gap="xs">
        <TextInput
          label={t('create.quota')}
          type="number"
          min={1}
          value={value.quotaSize}
          onChange={(e) => onChange({ quotaSize: e.currentTarget.value })}
          disabled={disabled}
          error={sizeProblem}
          errorProps={{ 'data-testid': ids.problem, role: 'alert' }}
          data-testid={ids.size}
          w={160}
        />
        <NativeSelect
          label={t('create.unit')}
          data={[...SIZE_UNITS]}
          value={value.quotaUnit}
          onChange={(e) => onChange({ quotaUnit: e.currentTarget.value as SizeUnit })}
          disabled={disabled}
          data-testid={ids.unit}
          w={100}
        />
      </Group>
    </>
  );
}
