/**
 * Edit Versioning (spec 1 §2 modals, §4 "versioning toggles on confirmation"): asks to enable
 * versioning of a bucket that is not versioned (or suspended), or to suspend it on a versioned
 * one, and does so on confirmation. The server's refusal — a bucket with object locking cannot
 * be suspended — shows inside the modal (spec 1 §8); success says so and closes.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSetBucketVersioning } from '../api/bucket-settings.js';

const ids = TEST_IDS.bucketSettings;

export interface EditVersioningModalProps {
  bucket: string;
  opened: boolean;
  /** True to offer enabling, false to offer suspending. */
  enable: boolean;
  onClose: () => void;
}

export function EditVersioningModal({ bucket, opened, enable, onClose }: EditVersioningModalProps) {
  const { t } = useTranslation(['buckets']);
  return (
    <Modal opened={opened} onClose={onClose} title={t('versioning.title')} data-testid={ids.versioningModal}>
      {/* Mounted per opening: the question follows the state the bucket has when it is opened. */}
      {opened && <VersioningConfirmation bucket={bucket} enable={enable} onClose={onClose} />}
    </Modal>
  );
}

function VersioningConfirmation({ bucket, enable, onClose }: Omit<EditVersioningModalProps, 'opened'>) {
  const { t } = useTranslation(['buckets', 'common']);
  const mutation = useSetBucketVersioning(bucket);
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = () =>
    mutation.mutate(
      { versioning: enable },
      {
        onSuccess: (state) => {
          notify.success(t('versioning.changed', { name: bucket, status: t(`versioning.${state.status}`) }));
          close();
        },
      },
    );
  return (
    <Stack>
      <ModalError error={mutation.error} testId={ids.versioningError} />
      <Text>
        <Trans
          t={t}
          i18nKey={enable ? 'versioning.confirmEnable' : 'versioning.confirmSuspend'}
          values={{ name: bucket }}
          components={{ strong: <strong /> }}
        />
      </Text>
      {!enable && (
        <Text size="sm" c="dimmed">
          {t('versioning.suspendHint')}
        </Text>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={close}
          disabled={mutation.isPending}
          data-testid={ids.versioningCancel}
        >
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={confirm} loading={mutation.isPending} data-testid={ids.versioningConfirm}>
          {enable ? t('versioning.enable') : t('versioning.suspend')}
        </Button>
      </Group>
    </Stack>
  );
}
