/**
 * Set Legal Hold (spec 2 §2 object modals, §4): one switch, starting from the version's legal
 * hold; Save turns it on (enabled) or off (disabled).
 */
import { Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../../selectors.js';
import type { BucketObject } from '../../../../shared/api/types.js';
import { ModalError } from '../../../../shared/components/modal-error.js';
import { useNotify } from '../../../../shared/components/notify.js';
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
    <Modal
      opened={version !== null}
      onClose={onClose}
      title={t('objectDetails.legalHoldModal.title')}
      data-testid={ids.modal}
    >
      {version !== null && <LegalHoldFormBody bucket={bucket} version={version} onClose={onClose} />}
    </Modal>
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
  const mutation = useSetObjectLegalHold(bucket);
  const notify = useNotify();
  const [on, setOn] = useState(version.legal_hold_status === 'ON');
  const saving = mutation.isPending;
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    mutation.mutate(
      { key: version.name, versionId: version.version_id, status: on ? 'enabled' : 'disabled' },
      {
        onSuccess: () => {
          notify.success(t('objectDetails.legalHoldModal.saved'));
          close();
        },
      },
    );
  };
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.error} />
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
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={saving}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
