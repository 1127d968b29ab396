/**
 * Set Retention Configuration (spec 1 §2 modals): mode (compliance or governance), validity and
 * unit (days or years), as in Create Bucket, prefilled from the bucket's default retention (spec 1
 * §4; defaults compliance, 1 day, spec 1 §9). Set is enabled only with a whole validity of at
 * least 1 (spec 1 §5). The server's refusal shows inside the modal (spec 1 §8).
 */
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import type { BucketRetentionResponse } from '../../../shared/api/types.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSetBucketRetention } from '../api/bucket-settings.js';
import { initialRetentionForm, isValidRetentionValidity, toBucketRetention } from './bucket-settings-form.js';
import { RetentionFields } from './retention-fields.js';

const ids = TEST_IDS.bucketSettings;
const FIELD_IDS = {
  mode: ids.retentionMode,
  validity: ids.retentionValidity,
  unit: ids.retentionUnit,
  problem: ids.retentionProblem,
};

export interface RetentionModalProps {
  bucket: string;
  opened: boolean;
  /** The bucket's default retention as last read, if known. */
  current: BucketRetentionResponse | undefined;
  onClose: () => void;
}

export function RetentionModal({ bucket, opened, current, onClose }: RetentionModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('retention.title')} data-testid={ids.retentionModal}>
      {/* Mounted per opening, so the form starts from the bucket's current retention each time. */}
      {opened && <RetentionFormBody bucket={bucket} current={current} onClose={onClose} />}
    </Modal>
  );
}

function RetentionFormBody({ bucket, current, onClose }: Omit<RetentionModalProps, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const mutation = useSetBucketRetention(bucket);
  const notify = useNotify();
  const [form, setForm] = useState(() => initialRetentionForm(current));
  const saving = mutation.isPending;
  const valid = isValidRetentionValidity(form.retentionValidity);
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    mutation.mutate(toBucketRetention(form), {
      onSuccess: () => {
        notify.success(t('retention.saved', { name: bucket }));
        close();
      },
    });
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.retentionError} />
        <RetentionFields
          value={form}
          onChange={(change) => setForm((f) => ({ ...f, ...change }))}
          disabled={saving}
          ids={FIELD_IDS}
          validityProblem={valid ? undefined : t('retention.validityProblem')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving} data-testid={ids.retentionCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!valid} loading={saving} data-testid={ids.retentionSave}>
            {t('retention.set')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
