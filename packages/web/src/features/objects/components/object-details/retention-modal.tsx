/**
 * Set Retention Policy (spec 2 §2 object modals, §4, §5): status switch Enabled/Disabled, type
 * Governance/Compliance (locked once the version has a mode), and the date; type and date are
 * disabled while the status is off. Save sends the retention (date + T23:59:59Z) or, with the
 * status off, removes it — the storage server lifts a governance retention and refuses a
 * compliance one, whose message shows inside the modal (spec 2 §8).
 */
import { Group, Radio, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import type { RetentionMode } from '../../../../shared/api/types.js';
import { ModalChangeForm, useModalChange } from '../../../../shared/components/form-modal.js';
import { useSetObjectRetention } from '../../api/object-details.js';
import {
  RETENTION_MODES,
  canSaveRetention,
  initialRetentionForm,
  retentionTypeLocked,
  toRetention,
} from './retention-form.js';
import { VersionFormModal } from './version-form-modal.js';
import type { VersionFormProps, VersionModalProps } from './version-form-modal.js';

const ids = OBJECTS_TEST_IDS.retentionModal;

export type RetentionModalProps = VersionModalProps;

export function RetentionModal(props: RetentionModalProps) {
  const { t } = useTranslation(['objects']);
  return (
    <VersionFormModal
      {...props}
      title={t('objectDetails.retentionModal.title')}
      testId={ids.modal}
      form={RetentionFormBody}
    />
  );
}

function RetentionFormBody({ bucket, version, onClose }: VersionFormProps) {
  const { t } = useTranslation(['objects', 'common']);
  const change = useModalChange(useSetObjectRetention(bucket), onClose, () =>
    t('objectDetails.retentionModal.saved'),
  );
  const [form, setForm] = useState(() => initialRetentionForm(version));
  const locked = retentionTypeLocked(version);
  const saving = change.saving;
  return (
    <ModalChangeForm
      change={change}
      valid={canSaveRetention(form, saving)}
      send={() =>
        change.submit({ key: version.name, versionId: version.version_id, retention: toRetention(form) })
      }
      label={t('common:actions.save')}
      ids={{ error: ids.error, cancel: ids.cancel, confirm: ids.save }}
    >
      <Switch
        label={t('objectDetails.retentionModal.status')}
        description={t(form.enabled ? 'common:status.enabled' : 'common:status.disabled')}
        checked={form.enabled}
        onChange={(event) => {
          const enabled = event.currentTarget.checked;
          setForm((f) => ({ ...f, enabled }));
        }}
        disabled={saving}
        data-testid={ids.status}
      />
      <Radio.Group
        label={t('objectDetails.retentionModal.type')}
        value={form.mode}
        onChange={(value) => setForm((f) => ({ ...f, mode: value as RetentionMode }))}
        data-testid={ids.type}
      >
        <Group mt="xs">
          {RETENTION_MODES.map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={t(`objectDetails.modes.${mode}`)}
              disabled={!form.enabled || locked || saving}
              data-testid={`${ids.type}-${mode}`}
            />
          ))}
        </Group>
      </Radio.Group>
      {locked && (
        <Text size="sm" c="dimmed">
          {t('objectDetails.retentionModal.typeLocked')}
        </Text>
      )}
      <TextInput
        type="date"
        label={t('objectDetails.retentionModal.date')}
        value={form.date}
        onChange={(event) => {
          const date = event.currentTarget.value;
          setForm((f) => ({ ...f, date }));
        }}
        disabled={!form.enabled || saving}
        data-testid={ids.date}
      />
    </ModalChangeForm>
  );
}
