/**
 * Security (advanced; spec 3 §3 "tls", §4 "Security step validity"): TLS on or off, automatic
 * certificates, and custom certificates — MinIO pairs and CAs, the console's pair and CAs.
 */
import { Alert, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import type { SecurityForm } from '../model/form.js';
import { problemText } from '../model/problem-text.js';
import type { StepProblems } from '../model/rules.js';
import { CaCertificateList, CertificatePairInput, CertificatePairList } from './certificate-lists.js';

const ids = TENANT_CREATE_IDS;
const TOGGLES = ['enableTLS', 'enableAutoCert', 'enableCustomCerts'] as const;

export function SecurityStep({
  value,
  onChange,
  problems,
}: {
  value: SecurityForm;
  onChange: (patch: Partial<SecurityForm>) => void;
  problems: StepProblems;
}) {
  const { t } = useTranslation('tenantCreate');
  const toggle = (field: (typeof TOGGLES)[number]) => ({
    label: t(`security.${field}`),
    checked: value[field],
    onChange: (e: { currentTarget: { checked: boolean } }) => onChange({ [field]: e.currentTarget.checked }),
    'data-testid': ids.field(field),
  });
  const [tls, autoCert, customCerts] = TOGGLES.map(toggle);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('security.intro')}</Text>
      <Switch {...tls} />
      {value.enableTLS && (
        <>
          <Switch {...autoCert} />
          <Switch {...customCerts} />
          {problems.enableTLS !== undefined && (
            <Alert color="red" role="alert" title={problemText(t, problems.enableTLS)} />
          )}
          {value.enableCustomCerts && (
            <Stack gap="md">
              <CertificatePairList
                title={t('security.minioCertificates')}
                pairs={value.minioCertificates}
                onChange={(minioCertificates) => onChange({ minioCertificates })}
                testId="minio-certs"
              />
              <CaCertificateList
                title={t('security.minioCaCertificates')}
                cas={value.caCertificates}
                onChange={(caCertificates) => onChange({ caCertificates })}
                testId="minio-cas"
              />
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  {t('security.consoleCertificates')}
                </Text>
                <CertificatePairInput
                  pair={value.consoleCertificate}
                  onChange={(consoleCertificate) => onChange({ consoleCertificate })}
                  testId="console-cert"
                />
              </Stack>
              <CaCertificateList
                title={t('security.consoleCaCertificates')}
                cas={value.consoleCaCertificates}
                onChange={(consoleCaCertificates) => onChange({ consoleCaCertificates })}
                testId="console-cas"
              />
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
