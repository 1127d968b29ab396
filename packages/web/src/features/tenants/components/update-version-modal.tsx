/**
 * Update MinIO Version (spec 3 §2 Summary: clicking the image; §4): the MinIO and console images,
 * and an optional custom registry. Save is disabled while an image is malformed, while the custom
 * registry is on with an empty endpoint, username or password, and while saving.
 */
import { Button, Group, Modal, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useUpdateTenant } from '../api/tenants.js';
import type { TenantDetail, TenantRef } from '../api/types.js';
import { isImageOrEmpty } from './image-format.js';

const ids = OPERATOR_TEST_IDS.updateVersion;

export interface UpdateVersionModalProps {
  tenant: TenantRef;
  detail: TenantDetail;
  opened: boolean;
  onClose: () => void;
}

export function UpdateVersionModal(props: UpdateVersionModalProps) {
  const { t } = useTranslation('tenants');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('updateVersion.title')}
      data-testid={ids.modal}
    >
      {props.opened && <UpdateVersionForm {...props} />}
    </Modal>
  );
}

function UpdateVersionForm({ tenant, detail, onClose }: UpdateVersionModalProps) {
  const { t } = useTranslation(['tenants', 'common']);
  const [image, setImage] = useState(detail.image ?? '');
  const [consoleImage, setConsoleImage] = useState(detail.console_image ?? '');
  const [customRegistry, setCustomRegistry] = useState(false);
  const [registry, setRegistry] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const update = useUpdateTenant(tenant);
  const notify = useNotify();
  const imageOk = isImageOrEmpty(image);
  const consoleOk = isImageOrEmpty(consoleImage);
  const registryOk = !customRegistry || (registry !== '' && username !== '' && password !== '');
  const canSave = imageOk && consoleOk && registryOk && !update.isPending;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSave) return;
        update.mutate(
          {
            image,
            console_image: consoleImage,
            ...(customRegistry ? { image_registry: { registry, username, password } } : {}),
          },
          {
            onSuccess: () => {
              notify.success(t('updateVersion.saved'));
              onClose();
            },
          },
        );
      }}
    >
      <Stack>
        <ModalError error={update.error} testId={ids.error} />
        <TextInput
          label={t('updateVersion.image')}
          value={image}
          onChange={(e) => setImage(e.currentTarget.value)}
          error={imageOk ? undefined : t('updateVersion.imageFormat')}
          data-testid={ids.image}
        />
        <TextInput
          label={t('updateVersion.consoleImage')}
          value={consoleImage}
          onChange={(e) => setConsoleImage(e.currentTarget.value)}
          error={consoleOk ? undefined : t('updateVersion.consoleImageFormat')}
          data-testid={ids.consoleImage}
        />
        <Switch
          label={t('updateVersion.customRegistry')}
          checked={customRegistry}
          onChange={(e) => setCustomRegistry(e.currentTarget.checked)}
          data-testid={ids.customRegistry}
        />
        {customRegistry && (
          <>
            <TextInput
              label={t('updateVersion.registry')}
              value={registry}
              onChange={(e) => setRegistry(e.currentTarget.value)}
              required
              data-testid={ids.registry}
            />
            <TextInput
              label={t('updateVersion.username')}
              value={username}
              onChange={(e) => setUsername(e.currentTarget.value)}
              required
              data-testid={ids.username}
            />
            <PasswordInput
              label={t('updateVersion.password')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
              data-testid={ids.password}
            />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={!canSave} loading={update.isPending} data-testid={ids.save}>
            {t('updateVersion.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
