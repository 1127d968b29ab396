/**
 * Edit Lifecycle Configuration (spec 1 §2 modals, §3 "Lifecycle update payload", §4): a rule's
 * status, Enabled or Disabled (sent as `disable`), and its tags (key=value pairs joined with &).
 */
import { Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import type { LifecycleRule } from '../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useUpdateLifecycleRule } from '../api/bucket-lifecycle.js';

const ids = BUCKETS_TEST_IDS.lifecycle;

export function EditLifecycleModal({
  bucket,
  rule,
  onClose,
}: {
  bucket: string;
  rule: LifecycleRule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal
      opened={rule !== null}
      onClose={onClose}
      title={t('lifecycle.editTitle')}
      testId={ids.editModal}
    >
      {() => rule !== null && <EditForm bucket={bucket} rule={rule} onClose={onClose} />}
    </FormModal>
  );
}

function EditForm({ bucket, rule, onClose }: { bucket: string; rule: LifecycleRule; onClose: () => void }) {
  const { t } = useTranslation(['buckets', 'common']);
  const change = useModalChange(useUpdateLifecycleRule(bucket, rule.id), onClose, () =>
    t('lifecycle.updated', { id: rule.id }),
  );
  const [enabled, setEnabled] = useState(rule.status === 'Enabled');
  const [tags, setTags] = useState(rule.tags.map((tag) => `${tag.key}=${tag.value}`).join('&'));
  return (
    <ModalChangeForm
      change={change}
      valid
      send={() => change.submit({ disable: !enabled, tags: tags.trim() })}
      label={t('common:actions.save')}
      ids={{ error: ids.editError, cancel: ids.editCancel, confirm: ids.editSave }}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {t('lifecycle.ruleId', { id: rule.id })}
      </Text>
      <Switch
        label={enabled ? t('common:status.enabled') : t('common:status.disabled')}
        checked={enabled}
        onChange={(e) => setEnabled(e.currentTarget.checked)}
        disabled={change.saving}
        data-testid={ids.editStatus}
      />
      <TextInput
        label={t('lifecycle.tags')}
        placeholder={t('replicationTab.tagsPlaceholder')}
        value={tags}
        onChange={(e) => setTags(e.currentTarget.value)}
        disabled={change.saving}
        data-testid={ids.editTags}
      />
    </ModalChangeForm>
  );
}
