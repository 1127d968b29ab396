/**
 * The result of a created tenant (spec 3 §2): a dialog with the generated console credentials
 * (access key and secret key) — shown once, copyable. Closing it goes back to the refreshed list.
 */
import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { CreateTenantResponse } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { TENANT_CREATE_IDS } from '../test-ids.js';

const ids = TENANT_CREATE_IDS;

function Secret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy}>
              {copied ? t('actions.copied') : t('actions.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

export function CredentialsModal({
  result,
  onClose,
}: {
  result: CreateTenantResponse | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tenantCreate');
  const credentials = result?.console ?? [];
  return (
    <Modal
      opened={result !== null}
      onClose={onClose}
      title={t('credentials.title')}
      closeOnClickOutside={false}
      data-testid={ids.credentialsModal}
    >
      <Stack gap="md">
        {credentials.length === 0 ? (
          <Text size="sm">{t('credentials.none')}</Text>
        ) : (
          <>
            <Text size="sm">{t('credentials.note')}</Text>
            {credentials.map((pair, index) => (
              <Stack key={pair.access_key} gap="xs">
                <Secret
                  label={t('credentials.accessKey')}
                  value={pair.access_key}
                  testId={index === 0 ? ids.credentialsAccessKey : `${ids.credentialsAccessKey}-${index}`}
                />
                <Secret
                  label={t('credentials.secretKey')}
                  value={pair.secret_key}
                  testId={index === 0 ? ids.credentialsSecretKey : `${ids.credentialsSecretKey}-${index}`}
                />
              </Stack>
            ))}
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid={ids.credentialsDone}>
            {t('credentials.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
