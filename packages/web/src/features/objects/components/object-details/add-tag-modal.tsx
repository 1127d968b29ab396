/**
 * Add New Tag (spec 2 §2 object modals, §5): Tag Key and Tag Label, both required non-blank; a
 * key the version already has is overwritten (the modal says so). The version's whole tag set is
 * sent with the new tag in it.
 */
import { Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import { ModalChangeForm, useModalChange } from '../../../../shared/components/form-modal.js';
import { useSetObjectTags } from '../../api/object-details.js';
import { canSaveTag, overwritesTag, withTag } from './tag-form.js';
import { VersionFormModal } from './version-form-modal.js';
import type { VersionFormProps, VersionModalProps } from './version-form-modal.js';

const ids = OBJECTS_TEST_IDS.tagModal;

export type AddTagModalProps = VersionModalProps;

export function AddTagModal(props: AddTagModalProps) {
  const { t } = useTranslation(['objects']);
  return (
    <VersionFormModal
      {...props}
      title={t('objectDetails.tagModal.title')}
      testId={ids.modal}
      form={TagFormBody}
    />
  );
}

function TagFormBody({ bucket, version, onClose }: VersionFormProps) {
  const { t } = useTranslation(['objects', 'common']);
  const change = useModalChange(useSetObjectTags(bucket), onClose, () => t('objectDetails.tagModal.saved'));
  const [form, setForm] = useState({ key: '', value: '' });
  const tags = version.tags ?? {};
  const saving = change.saving;
  return (
    <ModalChangeForm
      change={change}
      valid={canSaveTag(form, saving)}
      send={() =>
        change.submit({ key: version.name, versionId: version.version_id, tags: withTag(tags, form) })
      }
      label={t('common:actions.save')}
      ids={{ error: ids.error, confirm: ids.save }}
    >
      <TextInput
        label={t('objectDetails.tagModal.key')}
        value={form.key}
        onChange={(event) => {
          const key = event.currentTarget.value;
          setForm((f) => ({ ...f, key }));
        }}
        required
        disabled={saving}
        autoComplete="off"
        data-autofocus
        data-testid={ids.key}
      />
      <TextInput
        label={t('objectDetails.tagModal.value')}
        value={form.value}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setForm((f) => ({ ...f, value }));
        }}
        required
        disabled={saving}
        autoComplete="off"
        data-testid={ids.value}
      />
      {overwritesTag(tags, form) && (
        <Text size="sm" c="dimmed">
          {t('objectDetails.tagModal.overwrites')}
        </Text>
      )}
    </ModalChangeForm>
  );
}
