/**
 * The restart banner of the main layout (spec 3 §2, §4): when the storage server waits for a
 * restart — the console server says so, or a save here answered `restart: true` — 'The instance
 * needs to be restarted for configuration changes to take effect.' with a Restart button; while
 * restarting, 'The server is restarting.' with a progress bar. Success clears the flag; a failure
 * is only logged and the banner stays (spec 3 §8). Asked only where the session may open Settings.
 */
import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { useSession } from '../../../shared/session/session-context.js';
import { useRestartService, useRestartState } from '../api/restart.js';

const ids = SETTINGS_TEST_IDS.restartBanner;

export function RestartBanner() {
  const { t } = useTranslation(['settings']);
  const session = useSession();
  const state = useRestartState(session.pages.includes('/settings'));
  const restart = useRestartService();
  if (restart.isPending)
    return (
      <Alert color="yellow" mb="md" data-testid={ids.restarting} role="status">
        <Stack gap="xs">
          <Text size="sm">{t('restart.restarting')}</Text>
          <Progress value={100} animated striped aria-label={t('restart.restarting')} />
        </Stack>
      </Alert>
    );
  if (state.data?.restart_required !== true) return null;
  return (
    <Alert color="yellow" mb="md" data-testid={ids.banner} role="status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">{t('restart.needed')}</Text>
        <Button size="xs" variant="default" onClick={() => restart.mutate()} data-testid={ids.restart}>
          {t('restart.button')}
        </Button>
      </Group>
    </Alert>
  );
}
