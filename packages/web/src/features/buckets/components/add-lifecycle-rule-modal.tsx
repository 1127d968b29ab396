/**
 * Add Lifecycle Rule (spec 1 §2 modals, §3 "Lifecycle create payload", §4, §5): rule type Expiry or
 * Transition, each by Date or by Days; a transition also names the tier (storage class) from
 * GET /admin/tiers. Optional: prefix, tags (key=value pairs joined with &) and the days after
 * which noncurrent versions expire or move. Save is enabled only when the needed value is there:
 * a real calendar date, or days of at least 1, and for a transition a tier. Dates are sent as the
 * day plus T23:59:59Z (spec 1 §9).
 */
import { Alert, Group, NativeSelect, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import type { AddLifecycleRuleRequest } from '@coffer/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useAddLifecycleRule, useTierNames } from '../api/bucket-lifecycle.js';
import { EMPTY_DATE, LifecycleDateSelect, calendarDate, type DateParts } from './lifecycle-date-select.js';

const ids = BUCKETS_TEST_IDS.lifecycle;
/** Spec 1 §9: the time sent after a chosen date. */
export const EXPIRY_TIME_SUFFIX = 'T23:59:59Z';

type RuleType = 'expiry' | 'transition';
type When = 'date' | 'days';

const days = (value: number | string): number | undefined => {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(n) && n >= 1 ? n : undefined;
};

export function AddLifecycleRuleModal({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('lifecycle.addTitle')}
      testId={ids.addModal}
      size="lg"
    >
      {() => <AddRuleForm bucket={bucket} onClose={onClose} />}
    </FormModal>
  );
}

function AddRuleForm({ bucket, onClose }: { bucket: string; onClose: () => void }) {
  const { t } = useTranslation(['buckets', 'common']);
  const change = useModalChange(useAddLifecycleRule(bucket), onClose, () => t('lifecycle.added'));
  const [type, setType] = useState<RuleType>('expiry');
  const [when, setWhen] = useState<When>('days');
  const [date, setDate] = useState<DateParts>(EMPTY_DATE);
  const [afterDays, setAfterDays] = useState<number | string>('');
  const [noncurrentDays, setNoncurrentDays] = useState<number | string>('');
  const [storageClass, setStorageClass] = useState('');
  const [prefix, setPrefix] = useState('');
  const [tags, setTags] = useState('');
  const tiers = useTierNames(true);
  const tierNames = tiers.data ?? [];
  const day = calendarDate(date);
  const count = days(afterDays);
  const noncurrent = days(noncurrentDays);
  const hasWhen = when === 'date' ? day !== undefined : count !== undefined;
  const valid = hasWhen && (type === 'expiry' || storageClass !== '');

  const request = (): AddLifecycleRuleRequest => {
    const base = { prefix: prefix.trim(), tags: tags.trim() };
    const at = day !== undefined ? `${day}${EXPIRY_TIME_SUFFIX}` : undefined;
    if (type === 'expiry') {
      return when === 'date'
        ? { ...base, ...(at !== undefined ? { expiry_date: at } : {}) }
        : {
            ...base,
            ...(count !== undefined ? { expiry_days: count } : {}),
            ...(noncurrent !== undefined ? { noncurrentversion_expiration_days: noncurrent } : {}),
          };
    }
    return when === 'date'
      ? { ...base, storage_class: storageClass, ...(at !== undefined ? { transition_date: at } : {}) }
      : {
          ...base,
          storage_class: storageClass,
          ...(count !== undefined ? { transition_days: count } : {}),
          ...(noncurrent !== undefined
            ? {
                noncurrentversion_transition_days: noncurrent,
                noncurrentversion_transition_storage_class: storageClass,
              }
            : {}),
        };
  };

  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() => change.submit(request())}
      label={t('common:actions.save')}
      ids={{ error: ids.addError, cancel: ids.addCancel, confirm: ids.addSave }}
    >
      <Radio.Group
        label={t('lifecycle.ruleType')}
        value={type}
        onChange={(value) => setType(value === 'transition' ? 'transition' : 'expiry')}
      >
        <Group mt={6}>
          <Radio
            value="expiry"
            label={t('lifecycle.expiry')}
            disabled={change.saving}
            data-testid={ids.typeExpiry}
          />
          <Radio
            value="transition"
            label={t('lifecycle.transition')}
            disabled={change.saving}
            data-testid={ids.typeTransition}
          />
        </Group>
      </Radio.Group>
      <Radio.Group
        label={type === 'expiry' ? t('lifecycle.expireWhen') : t('lifecycle.transitionWhen')}
        value={when}
        onChange={(value) => setWhen(value === 'date' ? 'date' : 'days')}
      >
        <Group mt={6}>
          <Radio
            value="days"
            label={t('lifecycle.byDays')}
            disabled={change.saving}
            data-testid={ids.byDays}
          />
          <Radio
            value="date"
            label={t('lifecycle.byDate')}
            disabled={change.saving}
            data-testid={ids.byDate}
          />
        </Group>
      </Radio.Group>
      {type === 'transition' && (
        <Stack gap={4}>
          <NativeSelect
            label={t('lifecycle.storageClass')}
            withAsterisk
            data={[{ value: '', label: t('lifecycle.pickTier') }, ...tierNames]}
            value={storageClass}
            onChange={(e) => setStorageClass(e.currentTarget.value)}
            disabled={change.saving}
            data-testid={ids.storageClass}
          />
          {tiers.isSuccess && tierNames.length === 0 && (
            <Alert color="gray" role="status" data-testid={ids.noTiers}>
              {t('lifecycle.noTiers')}
            </Alert>
          )}
        </Stack>
      )}
      {when === 'date' ? (
        <LifecycleDateSelect value={date} onChange={setDate} disabled={change.saving} testId={ids.date} />
      ) : (
        <Group grow align="flex-start">
          <NumberInput
            label={type === 'expiry' ? t('lifecycle.expiryDays') : t('lifecycle.transitionDays')}
            withAsterisk
            min={1}
            allowDecimal={false}
            value={afterDays}
            onChange={setAfterDays}
            disabled={change.saving}
            data-testid={ids.days}
          />
          <NumberInput
            label={
              type === 'expiry'
                ? t('lifecycle.noncurrentExpiryDays')
                : t('lifecycle.noncurrentTransitionDays')
            }
            min={1}
            allowDecimal={false}
            value={noncurrentDays}
            onChange={setNoncurrentDays}
            disabled={change.saving}
            data-testid={ids.noncurrentDays}
          />
        </Group>
      )}
      <Group grow align="flex-start">
        <TextInput
          label={t('lifecycle.prefix')}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          disabled={change.saving}
          data-testid={ids.prefix}
        />
        <TextInput
          label={t('lifecycle.tags')}
          placeholder={t('replicationTab.tagsPlaceholder')}
          value={tags}
          onChange={(e) => setTags(e.currentTarget.value)}
          disabled={change.saving}
          data-testid={ids.tags}
        />
      </Group>
    </ModalChangeForm>
  );
}
