/**
 * Enable Bucket Quota (spec 1 §2 modals): the quota switch, then type (hard or fifo), size and
 * unit (B to YiB) as in Create Bucket, prefilled from the bucket's quota (spec 1 §4; defaults
 * hard, 1 TiB, spec 1 §9). Save is enabled only with a size of at least 1 (spec 1 §5); switched
 * off, Save removes the quota. The server's refusal shows inside the modal (spec 1 §8).
 */
import { Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketQuota } from '../../../shared/api/types.js';
import { useSetBucketQuota } from '../api/bucket-settings.js';
import {
  initialQuotaForm,
  isQuotaFormValid,
  isValidQuotaSize,
  toSetBucketQuotaRequest,
} from './bucket-settings-form.js';
import { QuotaFields } from './quota-fields.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import type { SettingModalProps } from './setting-modal.js';

const ids = BUCKETS_TEST_IDS.bucketSettings;
const FIELD_IDS = {
  type: ids.quotaType,
  size: ids.quotaSize,
  unit: ids.quotaUnit,
  problem: ids.quotaProblem,
};

type Props = SettingModalProps<BucketQuota | undefined>;

export function BucketQuotaModal({ opened, onClose, ...body }: Props) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('quota.title')} testId={ids.quotaModal}>
      {() => <QuotaFormBody {...body} onClose={onClose} />}
    </FormModal>
  );
}

function QuotaFormBody({ bucket, current, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const change = useModalChange(useSetBucketQuota(bucket), onClose, () => t('quota.saved', { name: bucket }));
  const [form, setForm] = useState(() => initialQuotaForm(current));
  const valid = isQuotaFormValid(form);
  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() => change.submit(toSetBucketQuotaRequest(form))}
      label={t('common:actions.save')}
      ids={{ error: ids.quotaError, cancel: ids.quotaCancel, confirm: ids.quotaSave }}
    >
      <Switch
        label={t('quota.enabled')}
        checked={form.enabled}
        disabled={change.saving}
        onChange={(e) => {
          const enabled = e.currentTarget.checked;
          setForm((f) => ({ ...f, enabled }));
        }}
        data-testid={ids.quotaEnabled}
      />
      {form.enabled && (
        <QuotaFields
          value={form}
          onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
          disabled={change.saving}
          ids={FIELD_IDS}
          sizeProblem={isValidQuotaSize(form.quotaSize, form.quotaUnit) ? undefined : t('quota.sizeProblem')}
        />
      )}
    </ModalChangeForm>
  );
}
