/**
 * The form of one configuration section (spec 3 §2 Configurations): 'Back To Configurations', the
 * section's fields generated from the contract, loaded with GET /configs/{section}, and Save (PUT
 * with the non-empty values). Save is enabled once the required fields hold a value. A failed read
 * or save shows the server's message in the error toast (spec 3 §8); a save that needs a restart
 * raises the restart banner. etcd and cache say plainly that the embedded engine stores them but
 * does not use them.
 */
import { Alert, Anchor, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { CONFIG_FIELDS, type ConfigSection } from '@coffer/contract/client';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useConfig, useSetConfig } from '../api/configs.js';
import { initialFormState, missingRequired, toKeyValues, type ConfigFormState } from './config-form-model.js';
import { ConfigFields, withValue } from './config-fields.js';

const ids = SETTINGS_TEST_IDS.settings;
/** The sections the embedded single-node engine accepts and stores but does not use (issue 10 §1). */
const NOT_USED = { etcd: 'notUsed.etcd', cache: 'notUsed.cache' } as const;

export function BackLink({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  return (
    <Anchor component="button" type="button" onClick={onClick} data-testid={testId}>
      <Group gap={4}>
        <IconArrowLeft size={16} aria-hidden="true" />
        {label}
      </Group>
    </Anchor>
  );
}

export function ConfigSectionForm({ section, onBack }: { section: ConfigSection; onBack: () => void }) {
  const { t } = useTranslation(['settings', 'common']);
  const config = useConfig(section);
  return (
    <Stack gap="md" data-testid={ids.configForm(section)}>
      <div>
        <BackLink label={t('backToConfigurations')} onClick={onBack} testId={ids.backToConfigurations} />
      </div>
      <Title order={2} size="h3">
        {t(`sections.${section}`)}
      </Title>
      {section in NOT_USED && (
        <Alert color="gray" role="note" data-testid={ids.notUsedNote}>
          {t(NOT_USED[section as keyof typeof NOT_USED])}
        </Alert>
      )}
      {config.data === undefined ? (
        config.isPending && <Loader size="sm" aria-label={t('common:loading')} />
      ) : (
        <SectionFields
          section={section}
          initial={initialFormState(CONFIG_FIELDS[section], config.data.key_values)}
        />
      )}
    </Stack>
  );
}

function SectionFields({ section, initial }: { section: ConfigSection; initial: ConfigFormState }) {
  const { t } = useTranslation(['settings', 'common']);
  const notify = useNotify();
  const save = useSetConfig();
  const [state, setState] = useState(initial);
  const fields = CONFIG_FIELDS[section];
  const valid = missingRequired(fields, state).length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || save.isPending) return;
    save.mutate(
      { name: section, keyValues: toKeyValues(fields, state) },
      { onSuccess: () => notify.success(t('saved', { name: t(`sections.${section}`) })) },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={640}>
        <ConfigFields
          fields={fields}
          state={state}
          onChange={(name, value) => setState((s) => withValue(s, name, value))}
          disabled={save.isPending}
        />
        <Group justify="flex-end">
          <Button type="submit" disabled={!valid} loading={save.isPending} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
