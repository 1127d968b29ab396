/**
 * The frame of the public screens (login, OAuth callback): a centred card under the product name,
 * with an optional error banner across the top of the page (spec 1 §4: login errors appear in a
 * banner at the top), and the language picker and theme controls in the top corner, so the screen
 * can be read in the user's language before signing in.
 */
import { Alert, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_TEST_IDS } from '../test-ids.js';
import { ColorSchemeControls } from '../../../shared/components/color-scheme-controls.js';
import { LanguagePicker } from '../../../shared/components/language-picker.js';

export interface LoginScreenFrameProps {
  banner?: string | null;
  testId: string;
  children: ReactNode;
}

export function LoginScreenFrame({ banner, testId, children }: LoginScreenFrameProps) {
  const { t } = useTranslation();
  const title = t('consoleTitle');
  // The signed-in app names itself through the session gate; the public screens do it here.
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box
      mih="100vh"
      bg="light-dark(var(--mantine-color-gray-1), var(--mantine-color-dark-8))"
      data-testid={testId}
    >
      {banner !== undefined && banner !== null && (
        <Alert color="red" radius={0} role="alert" data-testid={AUTH_TEST_IDS.login.errorBanner}>
          {banner}
        </Alert>
      )}
      <Group justify="flex-end" gap="xs" p="md">
        <LanguagePicker />
        <ColorSchemeControls />
      </Group>
      <Center component="main" mih="80vh" p="md">
        <Paper withBorder shadow="sm" p="xl" radius="md" w={400} maw="100%">
          <Stack gap="md">
            <Text
              fw={700}
              size="xl"
              c="light-dark(var(--mantine-color-indigo-8), var(--mantine-color-indigo-3))"
              aria-hidden="true"
            >
              {t('productName')}
            </Text>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
