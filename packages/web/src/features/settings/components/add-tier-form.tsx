/**
 * 'Add Tier Configuration' (spec 3 §2, §3 "Tier", §5 "Tier"): the chosen type's form. Every tier
 * has name, endpoint, bucket, prefix and region; S3 and MinIO add access and secret key (S3 also
 * a storage class), GCS the credentials file, Azure the account name and key. The name is forced
 * to uppercase and must contain only A-Z, 0-9, dash and underscore (the spec's message otherwise);
 * Save needs every required field. MinIO is sent as s3. The refusal shows above the form.
 */
import { Alert, Button, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { TIER_CHOICES, TIER_NAME_PATTERN, type TierChoiceId } from '@coffer/contract/client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import type { AddTierRequest } from '../../../shared/api/types.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useAddTier } from '../api/tiers.js';
import { BackLink } from './config-section-form.js';
import { CredentialsFileInput } from './tier-creds-file.js';

const ids = SETTINGS_TEST_IDS.tiers;

/** Spec 3 §3: default endpoints — the provider's host for GCS (with its slash), S3 and Azure; none for MinIO. */
const DEFAULT_ENDPOINTS: Record<TierChoiceId, string> = {
  gcs: 'https://storage.googleapis.com/',
  s3: 'https://s3.amazonaws.com',
  azure: 'https://blob.core.windows.net',
  minio: '',
};

type Field =
  | 'name'
  | 'endpoint'
  | 'bucket'
  | 'prefix'
  | 'region'
  | 'accesskey'
  | 'secretkey'
  | 'storageclass'
  | 'creds'
  | 'accountname'
  | 'accountkey';
type Values = Record<Field, string>;

const REQUIRED: Record<TierChoiceId, readonly Field[]> = {
  minio: ['accesskey', 'secretkey'],
  s3: ['accesskey', 'secretkey'],
  gcs: ['creds'],
  azure: ['accountname', 'accountkey'],
};
const COMMON: readonly Field[] = ['name', 'endpoint', 'bucket', 'prefix', 'region'];

function requestOf(choice: TierChoiceId, v: Values): AddTierRequest {
  const base = {
    name: v.name,
    endpoint: v.endpoint.trim(),
    bucket: v.bucket.trim(),
    prefix: v.prefix.trim(),
    region: v.region.trim(),
  };
  switch (choice) {
    case 'gcs':
      return { type: 'gcs', gcs: { ...base, creds: v.creds } };
    case 'azure':
      return {
        type: 'azure',
        azure: { ...base, accountname: v.accountname.trim(), accountkey: v.accountkey },
      };
    default:
      return {
        type: 's3',
        s3: {
          ...base,
          accesskey: v.accesskey.trim(),
          secretkey: v.secretkey,
          storageclass: v.storageclass.trim(),
        },
      };
  }
}

export function AddTierForm({
  choice,
  onBackToList,
  onBackToTypes,
}: {
  choice: TierChoiceId;
  onBackToList: () => void;
  onBackToTypes: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const notify = useNotify();
  const mutation = useAddTier();
  const label = TIER_CHOICES.find((c) => c.id === choice)?.label ?? choice;
  const [values, setValues] = useState<Values>({
    name: '',
    endpoint: DEFAULT_ENDPOINTS[choice],
    bucket: '',
    prefix: '',
    region: '',
    accesskey: '',
    secretkey: '',
    storageclass: '',
    creds: '',
    accountname: '',
    accountkey: '',
  });
  const set = (field: Field, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const nameProblem = values.name !== '' && !TIER_NAME_PATTERN.test(values.name);
  const valid =
    !nameProblem && [...COMMON, ...REQUIRED[choice]].every((field) => values[field].trim() !== '');
  const saving = mutation.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || saving) return;
    mutation.mutate(requestOf(choice, values), {
      onSuccess: () => {
        notify.success(t('tiers.added', { name: values.name }));
        onBackToList();
      },
    });
  };

  const input = { values, set, saving };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={720} data-testid={ids.form}>
        <Group gap="lg">
          <BackLink label={t('tiers.backToList')} onClick={onBackToList} testId={ids.backToList} />
          <BackLink label={t('tiers.backToTypes')} onClick={onBackToTypes} testId={ids.backToTypes} />
        </Group>
        <Title order={2} size="h3">
          {t('tiers.addTitle')} — {label}
        </Title>
        <ModalError error={mutation.error} testId={ids.formError} />
        <TextInput
          label={t('tiers.name')}
          withAsterisk
          value={values.name}
          // Spec 3 §5: the name is forced to uppercase as it is typed.
          onChange={(e) => set('name', e.currentTarget.value.toUpperCase())}
          error={nameProblem ? <span data-testid={ids.nameError}>{t('tiers.nameProblem')}</span> : undefined}
          disabled={saving}
          data-testid={ids.field('name')}
        />
        <TierInput {...input} field="endpoint" label={t('tiers.endpoint')} />
        {(choice === 's3' || choice === 'minio') && (
          <Group grow align="flex-start">
            <TierInput {...input} field="accesskey" label={t('tiers.accessKey')} />
            <TierInput {...input} field="secretkey" label={t('tiers.secretKey')} secret />
          </Group>
        )}
        {choice === 'gcs' && (
          <CredentialsFileInput
            value={values.creds}
            onChange={(v) => set('creds', v)}
            disabled={saving}
            testId={ids.field('creds')}
          />
        )}
        {choice === 'azure' && (
          <Group grow align="flex-start">
            <TierInput {...input} field="accountname" label={t('tiers.accountName')} />
            <TierInput {...input} field="accountkey" label={t('tiers.accountKey')} secret />
          </Group>
        )}
        <Group grow align="flex-start">
          <TierInput {...input} field="bucket" label={t('tiers.bucket')} />
          <TierInput {...input} field="prefix" label={t('tiers.prefix')} />
        </Group>
        <Group grow align="flex-start">
          <TierInput {...input} field="region" label={t('tiers.region')} />
          {choice === 's3' ? (
            <TierInput {...input} field="storageclass" label={t('tiers.storageClass')} />
          ) : (
            <div />
          )}
        </Group>
        {!valid && !nameProblem && (
          <Alert color="gray" variant="light">
            {t('tiers.required')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={!valid} loading={saving} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One text field of the form (a password field for secrets); the storage class is optional. */
function TierInput({
  field,
  label,
  secret = false,
  values,
  set,
  saving,
}: {
  field: Field;
  label: string;
  secret?: boolean;
  values: Values;
  set: (field: Field, value: string) => void;
  saving: boolean;
}) {
  const Input = secret ? PasswordInput : TextInput;
  return (
    <Input
      label={label}
      withAsterisk={field !== 'storageclass'}
      value={values[field]}
      onChange={(e) => set(field, e.currentTarget.value)}
      disabled={saving}
      autoComplete={secret ? 'new-password' : 'off'}
      data-testid={ids.field(field)}
    />
  );
}
