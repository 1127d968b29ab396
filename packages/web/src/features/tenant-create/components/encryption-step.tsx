/**
 * Encryption (advanced; spec 3 §3 "Encryption variants", §4 "Encryption", §5 "Encryption"): server
 * side encryption through KES with Vault, AWS, GCP or Gemalto. It can be switched on only with TLS
 * on and auto certificates or an uploaded MinIO pair; the encryption service's own certificates
 * are forced on when auto cert is off. Retry and ping are seconds, 0 or greater.
 */
import {
  Alert,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import type {
  AwsForm,
  EncryptionForm,
  EncryptionType,
  GcpForm,
  GemaltoForm,
  SecurityForm,
  VaultForm,
} from '../model/form.js';
import { problemText } from '../model/problem-text.js';
import { canEnableEncryption, kesCustomCertsOn, type StepProblems } from '../model/rules.js';
import { CertificatePairInput } from './certificate-lists.js';
import { CertificateFileInput } from './certificate-file-input.js';
import { useFieldErrors } from './use-field-errors.js';

const ids = TENANT_CREATE_IDS;

type Kms = 'vault' | 'aws' | 'gcp' | 'gemalto';
type FieldOf<K extends Kms> = keyof EncryptionForm[K] & string;

/** Each KMS's fields in order: name, label key, required, multi-line. */
const FIELDS: { [K in Kms]: readonly (readonly [FieldOf<K>, string, boolean])[] } = {
  vault: [
    ['endpoint', 'endpoint', true],
    ['engine', 'vaultEngine', false],
    ['namespace', 'vaultNamespace', false],
    ['prefix', 'vaultPrefix', false],
    ['approleEngine', 'approleEngine', false],
    ['approleId', 'approleId', true],
    ['approleSecret', 'approleSecret', true],
    ['approleRetry', 'retry', false],
    ['statusPing', 'ping', false],
  ] satisfies readonly (readonly [keyof VaultForm, string, boolean])[],
  aws: [
    ['endpoint', 'endpoint', true],
    ['region', 'region', true],
    ['kmskey', 'kmskey', false],
    ['accesskey', 'accesskey', true],
    ['secretkey', 'secretkey', true],
    ['token', 'token', false],
  ] satisfies readonly (readonly [keyof AwsForm, string, boolean])[],
  gcp: [
    ['project_id', 'projectId', true],
    ['endpoint', 'endpoint', false],
    ['client_email', 'clientEmail', false],
    ['client_id', 'clientId', false],
    ['private_key_id', 'privateKeyId', false],
    ['private_key', 'privateKey', false],
  ] satisfies readonly (readonly [keyof GcpForm, string, boolean])[],
  gemalto: [
    ['endpoint', 'endpoint', true],
    ['token', 'token', true],
    ['domain', 'domain', true],
    ['retry', 'retry', false],
  ] satisfies readonly (readonly [keyof GemaltoForm, string, boolean])[],
};

export function EncryptionStep({
  value,
  security,
  onChange,
  problems,
}: {
  value: EncryptionForm;
  security: SecurityForm;
  onChange: (patch: Partial<EncryptionForm>) => void;
  problems: StepProblems;
}) {
  const { t } = useTranslation('tenantCreate');
  const { error, touch } = useFieldErrors(problems);
  // File inputs have no typing to wait for: their problems show at once.
  const always = (name: string) => problemText(t, problems[name]);
  const allowed = canEnableEncryption(security);
  const forced = !security.enableAutoCert;
  const customCerts = kesCustomCertsOn(value, security);
  // Leaving the conditions (TLS switched off since) switches encryption off too.
  const switchedOnWithoutTls = value.enableEncryption && !allowed;
  useEffect(() => {
    if (switchedOnWithoutTls) onChange({ enableEncryption: false });
  }, [switchedOnWithoutTls, onChange]);

  const kms = value.encryptionType;
  const fields = FIELDS[kms] as readonly (readonly [string, string, boolean])[];
  const kmsValues = value[kms] as unknown as Record<string, string>;
  const setKms = (field: string, text: string) => onChange({ [kms]: { ...value[kms], [field]: text } });

  return (
    <Stack gap="sm">
      <Text size="sm">{t('encryption.intro')}</Text>
      <Switch
        label={t('encryption.enableEncryption')}
        checked={value.enableEncryption}
        disabled={!allowed}
        onChange={(e) => onChange({ enableEncryption: e.currentTarget.checked })}
        data-testid={ids.field('enableEncryption')}
      />
      {!allowed && (
        <Alert color="gray" title={t('encryption.needsTls')} data-testid={ids.encryptionNeedsTls} />
      )}
      {value.enableEncryption && (
        <>
          <SegmentedControl
            aria-label={t('encryption.type')}
            value={kms}
            onChange={(type) => onChange({ encryptionType: type as EncryptionType })}
            data={(['vault', 'aws', 'gcp', 'gemalto'] as const).map((type) => ({
              value: type,
              label: t(`encryption.${type}`),
            }))}
            data-testid={ids.field('encryptionType')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fields.map(([field, label, required]) => {
              const name = `${kms}.${field}`;
              const props = {
                label: t(`encryption.${label}` as 'encryption.endpoint'),
                required,
                value: kmsValues[field] ?? '',
                onChange: (e: { currentTarget: { value: string } }) => {
                  touch(name);
                  setKms(field, e.currentTarget.value);
                },
                onBlur: () => touch(name),
                error: error(name),
                'data-testid': ids.field(name),
              };
              return field === 'private_key' ? (
                <Textarea key={name} autosize minRows={2} {...props} />
              ) : (
                <TextInput key={name} {...props} />
              );
            })}
          </SimpleGrid>
          {kms === 'vault' && (
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('encryption.vaultTls')}
              </Title>
              <CertificatePairInput
                pair={value.vaultCertificate}
                onChange={(vaultCertificate) => onChange({ vaultCertificate })}
                testId="vault-tls"
              />
              <CertificateFileInput
                label={t('encryption.caCertificate')}
                kind="cert"
                fileName={value.vaultCA.cert}
                onLoad={(cert, encoded_cert) =>
                  onChange({ vaultCA: { ...value.vaultCA, cert, encoded_cert } })
                }
                testId={ids.field('vault-ca')}
              />
            </Stack>
          )}
          {kms === 'gemalto' && (
            <CertificateFileInput
              label={t('encryption.caCertificate')}
              kind="cert"
              fileName={value.gemaltoCA.cert}
              onLoad={(cert, encoded_cert) =>
                onChange({ gemaltoCA: { ...value.gemaltoCA, cert, encoded_cert } })
              }
              testId={ids.field('gemalto-ca')}
            />
          )}
          <Switch
            label={t('encryption.customCerts')}
            checked={customCerts}
            disabled={forced}
            onChange={(e) => onChange({ enableCustomCertsForKES: e.currentTarget.checked })}
            data-testid={ids.field('enableCustomCertsForKES')}
          />
          {customCerts && (
            <Stack gap="xs">
              <Title order={3} size="h6">
                {t('encryption.serverCertificate')}
              </Title>
              <CertificatePairInput
                pair={value.serverCertificate}
                onChange={(serverCertificate) => onChange({ serverCertificate })}
                testId="kes-server"
                errors={{ key: always('serverCertificate.key'), cert: always('serverCertificate.cert') }}
              />
              <Title order={3} size="h6">
                {t('encryption.clientCertificate')}
              </Title>
              <CertificatePairInput
                pair={value.clientCertificate}
                onChange={(clientCertificate) => onChange({ clientCertificate })}
                testId="kes-client"
                errors={{ key: always('clientCertificate.key'), cert: always('clientCertificate.cert') }}
              />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
