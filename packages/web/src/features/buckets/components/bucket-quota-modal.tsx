/**
 * Enable Bucket Quota (spec 1 §2 modals): the quota switch, then type (hard or fifo), size and
 * unit (B to YiB) as in Create Bucket, prefilled from the bucket's quota (spec 1 §4; defaults
 * hard, 1 TiB, spec 1 §9). Save is enabled only with a size of at least 1 (spec 1 §5); switched
 * off, Save removes the quota. The server's refusal shows inside the modal (spec 1 §8).
 */
import { Button, Group, Modal, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import type { BucketQuota } from '../../../shared/api/types.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSetBucketQuota } from '../api/bucket-settings.js';
import {
  initialQuotaForm,
  isQuotaFormValid,
  isValidQuotaSize,
  toSetBucketQuotaRequest,
} from './bucket-settings-form.js';
import { QuotaFields } from './quota-fields.js';

const ids = TEST_IDS.bucketSettings;
const FIELD_IDS = {
  type: ids.quotaType,
  size: ids.quotaSize,
  unit: ids.quotaUnit,
  problem: ids.quotaProblem,
};

export interface BucketQuotaModalProps {
  bucket: string;
  opened: boolean;
  /** The bucket's quota as last read, if known. */
  current: BucketQuota | undefined;
  onClose: () => void;
}

export function BucketQuotaModal({ bucket, opened, current, onClose }: BucketQuotaModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('quota.title')} data-testid={ids.quotaModal}>
      {/* Mounted per opening, so the form starts from the bucket's current quota each time. */}
      {opened && <QuotaFormBody bucket={bucket} current={current} onClose={onClose} />}
    </Modal>
  );
}

function QuotaFormBody({ bucket, current, onClose }: Omit<BucketQuotaModalProps, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const mutation = useSetBucketQuota(bucket);
  const notify = useNotify();
  const [form, setForm] = useState(() => initialQuotaForm(current));
  const saving = mutation.isPending;
  const valid = isQuotaFormValid(form);
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    mutation.mutate(toSetBucketQuotaRequest(form), {
      onSuccess: () => {
        notify.success(t('quota.saved', { name: bucket }));
        close();
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.quotaError} />
        <Switch
          label={t('quota.enabled')}
          checked={form.enabled}
          disabled={saving}
          onChange={(e) => {
            const enabled = e.currentTarget.checked;
            setForm((f) => ({ ...f, enabled }));
          }}
          data-testid={ids.quotaEnabled}
        />
        {form.enabled && (
          <QuotaFields
            value={form}
            onChange={(change) => setForm((f) => ({ ...f, ...change }))}
            disabled={saving}
            ids={FIELD_IDS}
            sizeProblem={
              isValidQuotaSize(form.quotaSize, form.quotaUnit) ? undefined : t('quota.sizeProblem')
            }
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving} data-testid={ids.quotaCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={saving} data-testid={ids.quotaSave}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
