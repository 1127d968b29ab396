/**
 * Set Retention Configuration (spec 1 §2 modals): mode (compliance or governance), validity and
 * unit (days or years), as in Create Bucket, prefilled from the bucket's default retention (spec 1
 * §4; defaults compliance, 1 day, spec 1 §9). Set is enabled only with a whole validity of at
 * least 1 (spec 1 §5). The server's refusal shows inside the modal (spec 1 §8).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { BucketRetentionResponse } from '../../../shared/api/types.js';
import { useSetBucketRetention } from '../api/bucket-settings.js';
import { initialRetentionForm, isValidRetentionValidity, toBucketRetention } from './bucket-settings-form.js';
import { RetentionFields } from './retention-fields.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import type { SettingModalProps } from './setting-modal.js';

const ids = BUCKETS_TEST_IDS.bucketSettings;
const FIELD_IDS = {
  mode: ids.retentionMode,
  validity: ids.retentionValidity,
  unit: ids.retentionUnit,
  problem: ids.retentionProblem,
};

/** `current`: the bucket's default retention as last read, if it could be read. */
type Props = SettingModalProps<BucketRetentionResponse | undefined>;

export function RetentionModal({ opened, onClose, ...body }: Props) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('retention.title')} testId={ids.retentionModal}>
      {() => <RetentionFormBody {...body} onClose={onClose} />}
    </FormModal>
  );
}

function RetentionFormBody({ bucket, current, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['buckets']);
  const change = useModalChange(useSetBucketRetention(bucket), onClose, () =>
    t('retention.saved', { name: bucket }),
  );
  const [form, setForm] = useState(() => initialRetentionForm(current));
  const valid = isValidRetentionValidity(form.retentionValidity);
  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() => change.submit(toBucketRetention(form))}
      label={t('retention.set')}
      ids={{ error: ids.retentionError, cancel: ids.retentionCancel, confirm: ids.retentionSave }}
    >
      <RetentionFields
        value={form}
        onChange={(fields) => setForm((f) => ({ ...f, ...fields }))}
        disabled={change.saving}
        ids={FIELD_IDS}
        validityProblem={valid ? undefined : t('retention.validityProblem')}
      />
    </ModalChangeForm>
  );
}
