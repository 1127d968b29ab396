/**
 * Edit Versioning (spec 1 §2 modals, §4 "versioning toggles on confirmation"): asks to enable
 * versioning of a bucket that is not versioned (or suspended), or to suspend it on a versioned
 * one, and does so on confirmation. The server's refusal — a bucket with object locking cannot
 * be suspended — shows inside the modal (spec 1 §8); success says so and closes.
 */
import { Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { useSetBucketVersioning } from '../api/bucket-settings.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import type { SettingModalProps } from './setting-modal.js';

const ids = BUCKETS_TEST_IDS.bucketSettings;

/** `current`: true to offer enabling versioning, false to offer suspending it. */
type Props = SettingModalProps<boolean>;

export function EditVersioningModal({ opened, onClose, ...body }: Props) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal opened={opened} onClose={onClose} title={t('versioning.title')} testId={ids.versioningModal}>
      {/* Mounted per opening: the question follows the state the bucket has when it is opened. */}
      {() => <VersioningConfirmation {...body} onClose={onClose} />}
    </FormModal>
  );
}

function VersioningConfirmation({ bucket, current: enable, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation(['buckets']);
  const change = useModalChange(useSetBucketVersioning(bucket), onClose, (state) =>
    t('versioning.changed', { name: bucket, status: t(`versioning.${state.status}`) }),
  );
  return (
    <ModalChangeForm
      change={change}
      valid
      send={() => change.submit({ versioning: enable })}
      label={enable ? t('versioning.enable') : t('versioning.suspend')}
      ids={{ error: ids.versioningError, cancel: ids.versioningCancel, confirm: ids.versioningConfirm }}
    >
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
    </ModalChangeForm>
  );
}
