/**
 * The theme controls: a light/dark toggle, and — once the user has picked one — a button that goes
 * back to following the operating system. The pick is Mantine's colour scheme, stored in local
 * storage; until there is one, the scheme is 'auto' and the system's preference decides.
 */
import { ActionIcon, Group, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SHELL_TEST_IDS } from '../test-ids.js';
import { DeferredTooltip } from './deferred-tooltip.js';

export function ColorSchemeControls() {
  const { t } = useTranslation();
  const { colorScheme, setColorScheme, clearColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const dark = computed === 'dark';
  return (
    <Group gap="xs" wrap="nowrap">
      <DeferredTooltip label={dark ? t('preferences.lightTheme') : t('preferences.darkTheme')}>
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => setColorScheme(dark ? 'light' : 'dark')}
          aria-label={dark ? t('preferences.toLight') : t('preferences.toDark')}
          data-testid={SHELL_TEST_IDS.preferences.colorScheme}
        >
          {dark ? <IconSun size={18} aria-hidden="true" /> : <IconMoon size={18} aria-hidden="true" />}
        </ActionIcon>
      </DeferredTooltip>
      {colorScheme !== 'auto' && (
        <DeferredTooltip label={t('preferences.systemTheme')}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={clearColorScheme}
            aria-label={t('preferences.systemTheme')}
            data-testid={SHELL_TEST_IDS.preferences.systemScheme}
          >
            <IconDeviceDesktop size={18} aria-hidden="true" />
          </ActionIcon>
        </DeferredTooltip>
      )}
    </Group>
  );
}
