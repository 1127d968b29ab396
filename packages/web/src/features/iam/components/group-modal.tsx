/**
 * The Create Group / Edit Group modal (spec 2 §2, §5): the group name (read-only when editing), an
 * Enabled/Disabled switch when editing, the members as a multi-select user table under 'Filter
 * Users' ('Assign Users' when creating, 'Edit Members' when editing; 'No Users Available' when
 * there are no users), Clear and Save (enabled when the name is non-blank).
 */
import { Button, Group, Loader, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api-error.js';
import { IAM_TEST_IDS } from '../test-ids.js';
import type { Group as IamGroup } from '../../../shared/api/types.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useCreateGroup } from '../api/create-group.js';
import { useGroup } from '../api/get-group.js';
import { useUsers } from '../api/list-users.js';
import { useUpdateGroup } from '../api/update-group.js';
import { canSaveGroup, toCreateGroupRequest, toUpdateGroupRequest } from './group-form.js';
import type { GroupForm } from './group-form.js';
import { NamePicker } from './name-picker.js';

const ids = IAM_TEST_IDS.groupModal;

function GroupFormBody({ existing, onClose }: { existing: IamGroup | null; onClose: () => void }) {
  const { t } = useTranslation(['iam', 'common']);
  const editing = existing !== null;
  const initial: GroupForm = {
    name: existing?.name ?? '',
    members: new Set(existing?.members ?? []),
    status: existing?.status ?? 'enabled',
  };
  const [form, setForm] = useState<GroupForm>(initial);
  const users = useUsers();
  const create = useCreateGroup();
  const update = useUpdateGroup();
  const mutation = editing ? update : create;
  const notify = useNotify();
  const saving = mutation.isPending;

  const clear = () => {
    setForm((current) => ({ ...current, name: editing ? current.name : '', members: new Set() }));
    mutation.reset();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveGroup(form) || saving) return;
    const done = (message: string) => () => {
      notify.success(message);
      onClose();
    };
    if (editing) {
      update.mutate(
        { name: form.name, ...toUpdateGroupRequest(form) },
        { onSuccess: done(t('group.updated', { name: form.name })) },
      );
    } else {
      const request = toCreateGroupRequest(form);
      create.mutate(request, { onSuccess: done(t('group.created', { name: request.group })) });
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <ModalError error={mutation.error} testId={ids.error} />
        <TextInput
          label={t('group.name')}
          required={!editing}
          value={form.name}
          readOnly={editing}
          disabled={editing || saving}
          onChange={(e) => {
            const name = e.currentTarget.value;
            setForm((current) => ({ ...current, name }));
          }}
          data-testid={ids.name}
          data-autofocus={editing ? undefined : true}
        />
        {editing && (
          <Switch
            label={form.status === 'enabled' ? t('common:status.enabled') : t('common:status.disabled')}
            checked={form.status === 'enabled'}
            disabled={saving}
            onChange={(e) => {
              const status = e.currentTarget.checked ? 'enabled' : 'disabled';
              setForm((current) => ({ ...current, status }));
            }}
            data-testid={ids.status}
          />
        )}
        <NamePicker
          list="group-members"
          title={editing ? t('group.editMembers') : t('group.assignUsers')}
          filterPlaceholder={t('group.filterUsers')}
          columnTitle={t('common:table.accessKey')}
          names={(users.data?.users ?? []).map((u) => u.accessKey)}
          selected={form.members}
          onChange={(members) => setForm((current) => ({ ...current, members }))}
          emptyText={t('group.noUsers')}
          loaded={users.isSuccess}
          disabled={saving}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={clear} disabled={saving} data-testid={ids.clear}>
            {t('common:actions.clear')}
          </Button>
          <Button type="submit" disabled={!canSaveGroup(form)} loading={saving} data-testid={ids.save}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function EditGroupBody({ name, onClose }: { name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const group = useGroup(name);
  if (group.isError) return <ModalError error={toApiError(group.error)} testId={ids.error} />;
  if (group.data === undefined) return <Loader aria-label={t('loading')} />;
  return <GroupFormBody existing={group.data} onClose={onClose} />;
}

export interface GroupModalProps {
  opened: boolean;
  /** The group being edited; null to create one. */
  group: string | null;
  onClose: () => void;
}

export function GroupModal({ opened, group, onClose }: GroupModalProps) {
  const { t } = useTranslation('iam');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group === null ? t('group.createTitle') : t('group.editTitle')}
      size="lg"
      data-testid={ids.modal}
    >
      {opened &&
        (group === null ? (
          <GroupFormBody existing={null} onClose={onClose} />
        ) : (
          <EditGroupBody name={group} onClose={onClose} />
        ))}
    </Modal>
  );
}
