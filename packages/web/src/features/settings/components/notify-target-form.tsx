/**
 * The form of a new notification target (spec 3 §2 Lambda Notifications): titled '{service} - Add
 * Lambda Notification Target', with 'Back To Lambda Notifications' and 'Back To Supported
 * Services'; the service's fields from the contract (Postgres and MySQL with their connection
 * builders); Save sends PUT /configs/notify_<service>, which adds a new target (spec 3 §7). The
 * server's refusal shows in the error toast (spec 3 §8); success returns to the list.
 */
import { Button, Group, Stack, Title } from '@mantine/core';
import {
  NOTIFY_FIELDS,
  NOTIFY_SERVICE_NAMES,
  notifySubsystem,
  type ConfigField,
  type NotifyServiceId,
} from '@coffer/contract/client';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSetConfig } from '../api/configs.js';
import { initialFormState, missingRequired, toKeyValues } from './config-form-model.js';
import { ConfigFieldInput } from './config-field-input.js';
import { withValue } from './config-fields.js';
import { BackLink } from './config-section-form.js';
import { ConnectionBuilder } from './connection-builder.js';

const ids = SETTINGS_TEST_IDS.lambda;
/** The field a builder fills, per service that has one. */
const BUILT: Partial<Record<NotifyServiceId, 'connection_string' | 'dsn_string'>> = {
  postgres: 'connection_string',
  mysql: 'dsn_string',
};

export function NotifyTargetForm({
  service,
  onBackToList,
  onBackToServices,
}: {
  service: NotifyServiceId;
  onBackToList: () => void;
  onBackToServices: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const notify = useNotify();
  const save = useSetConfig();
  const fields = NOTIFY_FIELDS[service];
  const [state, setState] = useState(() => initialFormState(fields));
  const valid = missingRequired(fields, state).length === 0;
  const built = BUILT[service];
  const input = (field: ConfigField) => (
    <ConfigFieldInput
      key={field.name}
      field={field}
      value={state.values[field.name] ?? ''}
      onChange={(value) => setState((s) => withValue(s, field.name, value))}
      env={false}
      stored={false}
      disabled={save.isPending}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || save.isPending) return;
    save.mutate(
      { name: notifySubsystem(service), keyValues: toKeyValues(fields, state) },
      {
        onSuccess: (answer) => {
          notify.success(t('lambda.saved', { name: answer.name ?? notifySubsystem(service) }));
          onBackToList();
        },
      },
    );
  };
  return (
    <Stack gap="md" data-testid={ids.form(service)}>
      <Group gap="lg">
        <BackLink label={t('lambda.backToList')} onClick={onBackToList} testId={ids.backToList} />
        <BackLink label={t('lambda.backToServices')} onClick={onBackToServices} testId={ids.backToServices} />
      </Group>
      <Title order={2} size="h3">
        {t('lambda.formTitle', { service: NOTIFY_SERVICE_NAMES[service] })}
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" maw={640}>
          {fields.map((field) =>
            field.name === built ? (
              <ConnectionBuilder
                key={field.name}
                kind={service === 'postgres' ? 'postgres' : 'mysql'}
                manualInput={input(field)}
                onChange={(value) => setState((s) => withValue(s, field.name, value))}
                disabled={save.isPending}
              />
            ) : (
              input(field)
            ),
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              disabled={!valid}
              loading={save.isPending}
              data-testid={SETTINGS_TEST_IDS.settings.save}
            >
              {t('common:actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
