/**
 * 'Update Credentials - {type} / {name}' (spec 3 §2, §5, §8): s3 (and MinIO) and azure need both
 * values, gcs needs a new credentials file; without a tier name the modal says 'There was an error
 * retrieving tier information'. The refusal shows inside the modal.
 */
import { Alert, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import type { TierItem } from '../../../shared/api/types.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useUpdateTierCredentials } from '../api/tiers.js';
import { CredentialsFileInput } from './tier-creds-file.js';
import { tierFields } from './tiers-panel.js';

const ids = SETTINGS_TEST_IDS.tiers;

export function TierCredentialsModal({ tier, onClose }: { tier: TierItem | null; onClose: () => void }) {
  const { t } = useTranslation(['settings']);
  const name = tier === null ? '' : tierFields(tier).name;
  return (
    <FormModal
      opened={tier !== null}
      onClose={onClose}
      title={t('tiers.credentialsTitle', { type: tier?.type ?? '', name })}
      testId={ids.credentialsModal}
    >
      {() => tier !== null && <CredentialsForm tier={tier} onClose={onClose} />}
    </FormModal>
  );
}

function CredentialsForm({ tier, onClose }: { tier: TierItem; onClose: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const name = tierFields(tier).name;
  const change = useModalChange(useUpdateTierCredentials(), onClose, () =>
    t('tiers.credentialsSaved', { name }),
  );
  const [access, setAccess] = useState('');
  const [secret, setSecret] = useState('');
  const [creds, setCreds] = useState('');
  const gcs = tier.type === 'gcs';
  const valid = name !== '' && (gcs ? creds !== '' : access !== '' && secret !== '');
  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() =>
        change.submit({
          type: tier.type,
          name,
          body: gcs ? { creds } : { access_key: access, secret_key: secret },
        })
      }
      label={t('common:actions.save')}
      ids={{ error: ids.credentialsError, confirm: ids.credentialsSave }}
    >
      {name === '' && (
        <Alert color="red" role="alert">
          {t('tiers.noTierInfo')}
        </Alert>
      )}
      {gcs ? (
        <CredentialsFileInput
          value={creds}
          onChange={setCreds}
          disabled={change.saving}
          testId={ids.field('creds')}
        />
      ) : (
        <>
          <TextInput
            label={tier.type === 'azure' ? t('tiers.accountName') : t('tiers.accessKey')}
            withAsterisk
            value={access}
            onChange={(e) => setAccess(e.currentTarget.value)}
            disabled={change.saving}
            autoComplete="off"
            data-testid={ids.field('access')}
          />
          <PasswordInput
            label={tier.type === 'azure' ? t('tiers.accountKey') : t('tiers.secretKey')}
            withAsterisk
            value={secret}
            onChange={(e) => setSecret(e.currentTarget.value)}
            disabled={change.saving}
            autoComplete="new-password"
            data-testid={ids.field('secret')}
          />
        </>
      )}
    </ModalChangeForm>
  );
}
