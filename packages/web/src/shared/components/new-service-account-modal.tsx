/**
 * 'New Service Account Created' (spec 2 §2, §4): the new access key and secret key, shown this
 * once — the server never returns the secret again — with copy buttons and a download of the
 * credentials file, then closed. Used by the account page and by a user's Service Accounts tab.
 */
import {
  ActionIcon,
  Alert,
  Button,
  CopyButton,
  Group,
  Modal,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SERVICE_ACCOUNT_TEST_IDS } from './service-account-test-ids.js';
import { downloadCredentials } from './service-account-credentials.js';
import type { Credentials } from './service-account-credentials.js';

const ids = SERVICE_ACCOUNT_TEST_IDS.newServiceAccount;

function CopyField({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      data-testid={testId}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      rightSection={
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('actions.copied') : t('actions.copy')}>
              <ActionIcon
                variant="subtle"
                onClick={copy}
                aria-label={t('serviceAccount.copyField', { label })}
              >
                {copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

export interface NewServiceAccountModalProps {
  credentials: Credentials | null;
  onClose: () => void;
}

export function NewServiceAccountModal({ credentials, onClose }: NewServiceAccountModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={credentials !== null}
      onClose={onClose}
      title={t('serviceAccount.createdTitle')}
      size="lg"
      data-testid={ids.modal}
    >
      {credentials !== null && (
        <Stack>
          <Alert color="yellow">{t('serviceAccount.shownOnce')}</Alert>
          <CopyField
            label={t('serviceAccount.accessKey')}
            value={credentials.accessKey}
            testId={ids.accessKey}
          />
          <CopyField
            label={t('serviceAccount.secretKey')}
            value={credentials.secretKey}
            testId={ids.secretKey}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
              onClick={() => downloadCredentials(credentials)}
              data-testid={ids.download}
            >
              {t('actions.download')}
            </Button>
            <Button onClick={onClose} data-testid={ids.close}>
              {t('actions.done')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
