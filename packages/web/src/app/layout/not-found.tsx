/** The not-found screen (spec 1 §2). */
import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHELL_TEST_IDS } from '../../shared/test-ids.js';

export function NotFound() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="60vh" data-testid={SHELL_TEST_IDS.layout.notFound}>
      <Stack align="center" gap="xs">
        <Title order={1}>{t('notFoundTitle')}</Title>
        <Text c="dimmed">{t('notFoundText')}</Text>
      </Stack>
    </Center>
  );
}
