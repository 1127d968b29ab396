/**
 * Edit YAML (spec 3 §2): the editor 'Tenant Specification' holding the tenant's YAML, and Save —
 * disabled while the editor is empty (spec 3 §5). A refused save shows the server's message in red
 * inside the dialog (spec 3 §8); a saved one closes it and reloads the tenant.
 */
import { Button, Group, Loader, Modal, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OPERATOR_TEST_IDS } from '../../../operator-selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSaveTenantYaml, useTenantYaml } from '../api/tenants.js';
import type { TenantRef } from '../api/types.js';

const ids = OPERATOR_TEST_IDS.editYaml;

export function EditYamlModal({
  tenant,
  opened,
  onClose,
}: {
  tenant: TenantRef;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tenants', 'common']);
  const yaml = useTenantYaml(tenant, opened);
  return (
    <Modal opened={opened} onClose={onClose} title={t('yaml.title')} size="xl" data-testid={ids.modal}>
      {yaml.data === undefined ? (
        <Loader size="sm" aria-label={t('common:loading')} />
      ) : (
        <YamlEditor tenant={tenant} initial={yaml.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function YamlEditor({
  tenant,
  initial,
  onClose,
}: {
  tenant: TenantRef;
  initial: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['tenants', 'common']);
  const [text, setText] = useState(initial);
  const save = useSaveTenantYaml(tenant);
  const notify = useNotify();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        save.mutate(text, {
          onSuccess: () => {
            notify.success(t('yaml.saved'));
            onClose();
          },
        });
      }}
    >
      <Stack>
        <ModalError error={save.error} testId={ids.error} />
        <Textarea
          label={t('yaml.title')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autosize
          minRows={12}
          maxRows={18}
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          data-testid={ids.editor}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" disabled={text.trim() === ''} loading={save.isPending} data-testid={ids.save}>
            {t('yaml.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
