/**
 * The Configurations tab (spec 3 §2): the 8 sections, each entry labelled 'Edit … Configuration';
 * choosing one slides to its form, and 'Back To Configurations' returns. The logger and audit
 * webhooks have their own screens (/webhook/logger, /webhook/audit) for their several targets.
 */
import { Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { CONFIG_SECTIONS, type ConfigSection } from '@coffer/contract/client';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { ConfigSectionForm } from './config-section-form.js';

const WEBHOOK_SCREENS: Partial<Record<ConfigSection, string>> = {
  logger_webhook: '/webhook/logger',
  audit_webhook: '/webhook/audit',
};

function EntryBody({ section }: { section: ConfigSection }) {
  const { t } = useTranslation(['settings']);
  const name = t(`sections.${section}`);
  return (
    <Group justify="space-between" wrap="nowrap">
      <div>
        <Text fw={600}>{name}</Text>
        <Text size="sm" c="dimmed">
          {t('editConfiguration', { name })}
        </Text>
      </div>
      <IconChevronRight size={18} aria-hidden="true" />
    </Group>
  );
}

export function ConfigurationsPanel({
  selected,
  onSelect,
}: {
  selected: ConfigSection | null;
  onSelect: (section: ConfigSection | null) => void;
}) {
  if (selected !== null) return <ConfigSectionForm section={selected} onBack={() => onSelect(null)} />;
  return (
    <Stack gap="xs" maw={640}>
      {CONFIG_SECTIONS.map((section) => {
        const screen = WEBHOOK_SCREENS[section];
        const testId = SETTINGS_TEST_IDS.settings.configEntry(section);
        return (
          <Paper key={section} withBorder p="sm">
            {screen === undefined ? (
              <UnstyledButton w="100%" onClick={() => onSelect(section)} data-testid={testId}>
                <EntryBody section={section} />
              </UnstyledButton>
            ) : (
              <UnstyledButton component={Link} to={screen} w="100%" display="block" data-testid={testId}>
                <EntryBody section={section} />
              </UnstyledButton>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
