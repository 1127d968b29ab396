/** The not-found screen (spec 1 §2). */
import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../selectors.js';

export function NotFound() {
  const { t } = useTranslation('layout');
  return (
    <Center mih="60vh" data-testid={TEST_IDS.layout.notFound}>
      <Stack align="center" gap="xs">
        <Title order={1}>{t('notFoundTitle')}</Title>
        <Text c="dimmed">{t('notFoundText')}</Text>
      </Stack>
    </Center>
  );
}
