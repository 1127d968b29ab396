/** The not-found screen (spec 1 §2). */
import { Center, Stack, Text, Title } from '@mantine/core';
import { TEST_IDS } from '../../selectors.js';

export function NotFound() {
  return (
    <Center mih="60vh" data-testid={TEST_IDS.layout.notFound}>
      <Stack align="center" gap="xs">
        <Title order={1}>404 Not Found</Title>
        <Text c="dimmed">This page does not exist or is not available to your account.</Text>
      </Stack>
    </Center>
  );
}
