/**
 * Add New Tag (spec 2 §2 object modals, §5): Tag Key and Tag Label, both required non-blank; a
 * key the version already has is overwritten (the modal says so). The version's whole tag set is
 * sent with the new tag in it.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../../selectors.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { ModalError } from '../../../../shared/components/modal-error.js';
import { useNotify } from '../../../../shared/components/notify.js';
import { useSetObjectTags } from '../../api/object-details.js';
import { canSaveTag, overwritesTag, withTag } from './tag-form.js';

const ids = TEST_IDS.tagModal;

export interface AddTagModalProps {
  bucket: string;
  /** The version to tag; null when the modal is closed. */
  version: BucketObject | null;
  onClose: () => void;
}

export function AddTagModal({ bucket, version, onClose }: AddTagModalProps) {
  const { t } = useTranslation(['objects']);
  return (
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={t('objectDetails.tagModal.title')}
      data-testid={ids.modal}
    >
      {version !== null && <TagFormBody bucket={bucket} version={version} onClose={onClose} />}
    </Modal>
  );
}

function TagFormBody({
  bucket,
  version,
  onClose,
}: {
  bucket: string;
  version: BucketObject;
  onClose: () => void;
}) {
  const { t } = useTranslation(['objects', 'common']);
  const mutation = useSetObjectTags(bucket);
  const notify = useNotify();
  const [form, setForm] = useState({ key: '', value: '' });
  const tags = version.tags ?? {};
  const saving = mutation.isPending;
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveTag(form, saving)) return;
    mutation.mutate(
      { key: version.name, versionId: version.version_id, tags: withTag(tags, form) },
      {
        onSuccess: () => {
          notify.success(t('objectDetails.tagModal.saved'));
          close();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.error} />
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
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} disabled={!canSaveTag(form, saving)} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
