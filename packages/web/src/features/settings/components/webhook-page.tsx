/**
 * The logger and audit webhook screens /webhook/logger and /webhook/audit (spec 3 §2): a filter,
 * 'Add Webhook Configuration', and the subsystem's targets (GET /configs/{subsystem}/targets) with
 * edit and delete each. Add and edit are modals with the target's name (fixed once created) and the
 * contract's fields (endpoint and auth token, both required); their refusals show inside the modal
 * (spec 1 §8); a change that needs a restart raises the restart banner.
 */
import { Anchor, Button, Group, TextInput } from '@mantine/core';
import { CONFIG_FIELDS, type ConfigSection } from '@coffer/contract/client';
import { IconArrowLeft, IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SETTINGS_TEST_IDS } from '../test-ids.js';
import type { Configuration } from '../../../shared/api/types.js';
import { ConfirmDeleteModal } from '../../../shared/components/confirm-delete-modal.js';
import { FormModal, ModalChangeForm, useModalChange } from '../../../shared/components/form-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { ResourceListPage } from '../../../shared/components/resource-list-page.js';
import { useConfigTargets, useResetConfig, useSetConfig } from '../api/configs.js';
import { initialFormState, missingRequired, toKeyValues } from './config-form-model.js';
import { ConfigFields, withValue } from './config-fields.js';
import { FieldTip } from './config-field-input.js';

const ids = SETTINGS_TEST_IDS.webhooks;
export type WebhookKind = 'logger' | 'audit';
/** A target's own name: letters, digits, dashes and underscores, as the server's target names. */
const TARGET_NAME = /^[A-Za-z0-9_-]+$/;

const sectionOf = (kind: WebhookKind): ConfigSection => `${kind}_webhook`;
const valueOf = (target: Configuration, key: string) =>
  target.key_values.find((kv) => kv.key === key)?.value ?? '';

export function WebhookPage({ kind }: { kind: WebhookKind }) {
  const { t } = useTranslation(['settings', 'common']);
  const section = sectionOf(kind);
  const targets = useConfigTargets(section);
  const [editing, setEditing] = useState<Configuration | 'new' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <>
      <Anchor component={Link} to="/settings" data-testid={SETTINGS_TEST_IDS.settings.backToConfigurations}>
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden="true" />
          {t('backToConfigurations')}
        </Group>
      </Anchor>
      <ResourceListPage
        title={t(`webhook.${kind}`)}
        headerActions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setEditing('new')}
            data-testid={ids.add}
          >
            {t('webhook.add')}
          </Button>
        }
        searchPlaceholder={t('webhook.filter')}
        emptyText={t('webhook.empty')}
        testIds={{
          screen: ids.screen(kind),
          search: ids.search,
          table: ids.table,
          empty: ids.empty,
          row: ids.row,
        }}
        items={targets.data?.targets ?? []}
        loaded={targets.isSuccess}
        keyOf={(target) => target.name}
        columns={[
          { header: t('webhook.name'), cell: (target) => target.name, breakAnywhere: true },
          {
            header: t('webhook.endpoint'),
            cell: (target) => valueOf(target, 'endpoint'),
            breakAnywhere: true,
          },
        ]}
        actionsWidth={90}
        rowActions={(target) => [
          {
            tooltip: t('webhook.edit'),
            label: t('webhook.editLabel', { name: target.name }),
            icon: IconEdit,
            onClick: () => setEditing(target),
            testId: ids.edit(target.name),
          },
          {
            tooltip: t('common:actions.delete'),
            label: t('webhook.deleteLabel', { name: target.name }),
            icon: IconTrash,
            danger: true,
            onClick: () => setDeleting(target.name),
            testId: ids.delete(target.name),
          },
        ]}
      >
        <FormModal
          opened={editing !== null}
          onClose={() => setEditing(null)}
          title={editing === 'new' ? t('webhook.add') : t('webhook.edit')}
          testId={ids.modal}
          size="lg"
        >
          {() => (
            <WebhookForm
              kind={kind}
              target={editing === 'new' ? null : editing}
              onClose={() => setEditing(null)}
            />
          )}
        </FormModal>
        <DeleteWebhookModal name={deleting} onClose={() => setDeleting(null)} />
      </ResourceListPage>
    </>
  );
}

function WebhookForm({
  kind,
  target,
  onClose,
}: {
  kind: WebhookKind;
  target: Configuration | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const section = sectionOf(kind);
  const fields = CONFIG_FIELDS[section];
  const [name, setName] = useState('');
  const [state, setState] = useState(() => initialFormState(fields, target?.key_values));
  const fullName = target?.name ?? `${section}:${name.trim()}`;
  const change = useModalChange(useSetConfig({ silent: true }), onClose, () =>
    t('saved', { name: fullName }),
  );
  const nameOk = target !== null || TARGET_NAME.test(name.trim());
  const valid = nameOk && missingRequired(fields, state).length === 0;
  return (
    <ModalChangeForm
      change={change}
      valid={valid}
      send={() => change.submit({ name: fullName, keyValues: toKeyValues(fields, state) })}
      label={t('common:actions.save')}
      ids={{ error: ids.modalError, cancel: ids.modalCancel, confirm: ids.modalSave }}
    >
      <Group gap={4} align="flex-end" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          label={t('webhook.name')}
          withAsterisk={target === null}
          disabled={target !== null || change.saving}
          value={target?.name ?? name}
          error={target === null && name.trim() !== '' && !nameOk ? t('webhook.nameProblem') : undefined}
          onChange={(e) => setName(e.currentTarget.value)}
          data-testid={ids.name}
        />
        <FieldTip name="webhook-name" tip={t('webhook.nameTooltip')} />
      </Group>
      <ConfigFields
        fields={fields}
        state={state}
        onChange={(key, value) => setState((s) => withValue(s, key, value))}
        disabled={change.saving}
      />
    </ModalChangeForm>
  );
}

function DeleteWebhookModal({ name, onClose }: { name: string | null; onClose: () => void }) {
  const { t } = useTranslation(['settings']);
  const mutation = useResetConfig();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  return (
    <ConfirmDeleteModal
      opened={name !== null}
      title={t('webhook.deleteTitle')}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={() => {
        if (name === null) return;
        mutation.mutate(name, {
          onSuccess: () => {
            notify.success(t('webhook.deleted', { name }));
            close();
          },
        });
      }}
      onClose={close}
      testIds={{ modal: ids.deleteModal, confirm: ids.deleteConfirm, error: ids.deleteError }}
    >
      <Trans
        t={t}
        i18nKey="webhook.deleteText"
        values={{ name: name ?? '' }}
        components={{ strong: <strong /> }}
      />
    </ConfirmDeleteModal>
  );
}
