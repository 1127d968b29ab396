/**
 * Set Legal Hold (spec 2 §2 object modals, §4): one switch, starting from the version's legal
 * hold; Save turns it on (enabled) or off (disabled).
 */
import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../../test-ids.js';
import { ModalChangeForm, useModalChange } from '../../../../shared/components/form-modal.js';
import { useSetObjectLegalHold } from '../../api/object-details.js';
import { VersionFormModal } from './version-form-modal.js';
import type { VersionFormProps, VersionModalProps } from './version-form-modal.js';

const ids = OBJECTS_TEST_IDS.legalHoldModal;

export type LegalHoldModalProps = VersionModalProps;

export function LegalHoldModal(props: LegalHoldModalProps) {
  const { t } = useTranslation(['objects']);
  return (
    <VersionFormModal
      {...props}
      title={t('objectDetails.legalHoldModal.title')}
      testId={ids.modal}
      form={LegalHoldFormBody}
    />
  );
}

function LegalHoldFormBody({ bucket, version, onClose }: VersionFormProps) {
  const { t } = useTranslation(['objects', 'common']);
  const change = useModalChange(useSetObjectLegalHold(bucket), onClose, () =>
    t('objectDetails.legalHoldModal.saved'),
  );
  const [on, setOn] = useState(version.legal_hold_status === 'ON');
  const saving = change.saving;
  return (
    <ModalChangeForm
      change={change}
      valid
      send={() =>
        change.submit({
          key: version.name,
          versionId: version.version_id,
          status: on ? 'enabled' : 'disabled',
        })
      }
      label={t('common:actions.save')}
      ids={{ error: ids.error, confirm: ids.save }}
    >
      <Switch
        label={t('objectDetails.legalHoldModal.status')}
        description={t(on ? 'common:status.enabled' : 'common:status.disabled')}
        checked={on}
        onChange={(event) => setOn(event.currentTarget.checked)}
        disabled={saving}
        data-testid={ids.status}
      />
      <Text size="sm" c="dimmed">
        {t('objectDetails.legalHoldTooltip')}
      </Text>
    </ModalChangeForm>
  );
}
