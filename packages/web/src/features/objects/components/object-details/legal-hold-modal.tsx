/**
 * Set Legal Hold (spec 2 §2 object modals, §4): one switch, starting from the version's legal
 * hold; Save turns it on (enabled) or off (disabled).
 */
import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../../selectors.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../../shared/components/form-modal.js';
import { useSetObjectLegalHold } from '../../api/object-details.js';

const ids = TEST_IDS.legalHoldModal;

export interface LegalHoldModalProps {
  bucket: string;
  version: BucketObject | null;
  onClose: () => void;
}

export function LegalHoldModal({ bucket, version, onClose }: LegalHoldModalProps) {
  const { t } = useTranslation(['objects']);
  return (
    <FormModal
      opened={version !== null}
      onClose={onClose}
      title={t('objectDetails.legalHoldModal.title')}
      testId={ids.modal}
    >
      {() => version !== null && <LegalHoldFormBody bucket={bucket} version={version} onClose={onClose} />}
    </FormModal>
  );
}

function LegalHoldFormBody({
  bucket,
  version,
  onClose,
}: {
  bucket: string;
  version: BucketObject;
  onClose: () => void;
}) {
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
