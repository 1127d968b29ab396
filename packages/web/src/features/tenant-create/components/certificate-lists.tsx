/**
 * Certificate entries of the Security and Encryption steps: key/cert pairs and CA certificates,
 * each uploaded as a file. Lists can grow and shrink, but at least one entry remains (spec 3 §4).
 */
import { ActionIcon, Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';
import { emptyCa, emptyPair, type CaCertificate, type CertificatePair } from '../model/form.js';
import { CertificateFileInput } from './certificate-file-input.js';

const ids = TENANT_CREATE_IDS;

/** One key/cert pair. */
export function CertificatePairInput({
  pair,
  onChange,
  testId,
  errors = {},
}: {
  pair: CertificatePair;
  onChange: (pair: CertificatePair) => void;
  testId: string;
  errors?: { key?: string; cert?: string };
}) {
  const { t } = useTranslation('tenantCreate');
  return (
    <Group grow align="flex-start" style={{ flex: 1 }}>
      <CertificateFileInput
        label={t('security.cert')}
        kind="cert"
        fileName={pair.cert}
        onLoad={(cert, encoded_cert) => onChange({ ...pair, cert, encoded_cert })}
        error={errors.cert}
        testId={ids.field(`${testId}.cert`)}
      />
      <CertificateFileInput
        label={t('security.key')}
        kind="key"
        fileName={pair.key}
        onLoad={(key, encoded_key) => onChange({ ...pair, key, encoded_key })}
        error={errors.key}
        testId={ids.field(`${testId}.key`)}
      />
    </Group>
  );
}

function RemoveButton({
  disabled,
  onClick,
  index,
  testId,
}: {
  disabled: boolean;
  onClick: () => void;
  index: number;
  testId: string;
}) {
  const { t } = useTranslation('tenantCreate');
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      mt={25}
      disabled={disabled}
      onClick={onClick}
      aria-label={t('security.removeCertificate', { index: index + 1 })}
      data-testid={ids.removeRow(testId, index)}
    >
      <IconTrash size={18} />
    </ActionIcon>
  );
}

function AddButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation('tenantCreate');
  return (
    <Group>
      <Button variant="subtle" size="compact-sm" onClick={onClick} data-testid={ids.addRow(testId)}>
        {t('security.addCertificate')}
      </Button>
    </Group>
  );
}

/** A list of key/cert pairs. */
export function CertificatePairList({
  title,
  pairs,
  onChange,
  testId,
}: {
  title: string;
  pairs: CertificatePair[];
  onChange: (pairs: CertificatePair[]) => void;
  testId: string;
}) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {pairs.map((pair, index) => (
        <Group key={pair.id} align="flex-start" wrap="nowrap" gap="xs">
          <CertificatePairInput
            pair={pair}
            onChange={(next) => onChange(pairs.map((p, i) => (i === index ? next : p)))}
            testId={`${testId}.${index}`}
          />
          <RemoveButton
            disabled={pairs.length <= 1}
            onClick={() => onChange(pairs.filter((_, i) => i !== index))}
            index={index}
            testId={testId}
          />
        </Group>
      ))}
      <AddButton onClick={() => onChange([...pairs, emptyPair()])} testId={testId} />
    </Stack>
  );
}

/** A list of CA certificates. */
export function CaCertificateList({
  title,
  cas,
  onChange,
  testId,
}: {
  title: string;
  cas: CaCertificate[];
  onChange: (cas: CaCertificate[]) => void;
  testId: string;
}) {
  const { t } = useTranslation('tenantCreate');
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      {cas.map((ca, index) => (
        <Group key={ca.id} align="flex-start" wrap="nowrap" gap="xs">
          <div style={{ flex: 1 }}>
            <CertificateFileInput
              label={t('security.caCertificate')}
              kind="cert"
              fileName={ca.cert}
              onLoad={(cert, encoded_cert) =>
                onChange(cas.map((c, i) => (i === index ? { ...c, cert, encoded_cert } : c)))
              }
              testId={ids.field(`${testId}.${index}`)}
            />
          </div>
          <RemoveButton
            disabled={cas.length <= 1}
            onClick={() => onChange(cas.filter((_, i) => i !== index))}
            index={index}
            testId={testId}
          />
        </Group>
      ))}
      <AddButton onClick={() => onChange([...cas, emptyCa()])} testId={testId} />
    </Stack>
  );
}
