/**
 * Set Bucket Replication (spec 1 §2 modals, §3 "Replication request", §4, §9): Add Replication Rule
 * of one bucket — the remote's fields, the destination bucket, a prefix and tags (key=value pairs
 * joined with &), and whether delete markers, deletes and metadata are replicated (all on by
 * default). Sent as a buckets-replication request for this bucket alone; its per-bucket error, or
 * 'No changes applied' when no state came back, shows inside the modal.
 */
import { Alert, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { FormModal, ModalChangeForm } from '../../../shared/components/form-modal.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useSetMultiBucketReplication } from '../api/bucket-replication.js';
import {
  REMOTE_DEFAULTS,
  ReplicationRemoteFields,
  remoteRequest,
  type RemoteForm,
} from './replication-remote-fields.js';

const ids = BUCKETS_TEST_IDS.replicationTab;

export function AddReplicationRuleModal({
  bucket,
  opened,
  onClose,
}: {
  bucket: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation(['buckets']);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('replicationTab.addTitle')}
      testId={ids.addModal}
      size="lg"
    >
      {() => <AddRuleForm bucket={bucket} onClose={onClose} />}
    </FormModal>
  );
}

function AddRuleForm({ bucket, onClose }: { bucket: string; onClose: () => void }) {
  const { t } = useTranslation(['buckets', 'common']);
  const notify = useNotify();
  const mutation = useSetMultiBucketReplication();
  const [remote, setRemote] = useState<RemoteForm>(REMOTE_DEFAULTS);
  const [target, setTarget] = useState('');
  const [prefix, setPrefix] = useState('');
  const [tags, setTags] = useState('');
  const [deleteMarkers, setDeleteMarkers] = useState(true);
  const [deletes, setDeletes] = useState(true);
  const [metadata, setMetadata] = useState(true);
  const [problem, setProblem] = useState('');
  const saving = mutation.isPending;
  const close = () => {
    mutation.reset();
    onClose();
  };
  const send = () => {
    setProblem('');
    mutation.mutate(
      {
        ...remoteRequest(remote),
        bucketsRelation: [{ originBucket: bucket, destinationBucket: target.trim() }],
        prefix: prefix.trim(),
        tags: tags.trim(),
        replicateDeleteMarkers: deleteMarkers,
        replicateDeletes: deletes,
        replicateMetadata: metadata,
      },
      {
        onSuccess: (answer) => {
          const state = answer.replicationState[0];
          if (state === undefined) setProblem(t('replication.noChanges'));
          else if (state.errorString !== '') setProblem(state.errorString);
          else {
            notify.success(t('replicationTab.added'));
            close();
          }
        },
      },
    );
  };
  return (
    <ModalChangeForm
      change={{ close, saving, error: mutation.error }}
      // Spec 1 §5: no required-field checks on the replication form; the server's answer (its
      // errorString for an empty or unknown target) is what the user sees.
      valid
      send={send}
      label={t('common:actions.save')}
      ids={{ error: ids.addError, cancel: ids.addCancel, confirm: ids.addSave }}
    >
      {problem !== '' && (
        <Alert color="red" role="alert" data-testid={ids.addProblem}>
          {problem}
        </Alert>
      )}
      <ReplicationRemoteFields form={remote} onChange={setRemote} disabled={saving} />
      <TextInput
        label={t('replicationTab.targetBucket')}
        value={target}
        onChange={(e) => setTarget(e.currentTarget.value)}
        disabled={saving}
        data-testid={ids.targetBucket}
      />
      <Group grow align="flex-start">
        <TextInput
          label={t('replicationTab.prefix')}
          value={prefix}
          onChange={(e) => setPrefix(e.currentTarget.value)}
          disabled={saving}
          data-testid={ids.prefix}
        />
        <TextInput
          label={t('replicationTab.tags')}
          placeholder={t('replicationTab.tagsPlaceholder')}
          value={tags}
          onChange={(e) => setTags(e.currentTarget.value)}
          disabled={saving}
          data-testid={ids.tags}
        />
      </Group>
      <Stack gap={6}>
        <Checkbox
          label={t('replicationTab.replicateDeleteMarkers')}
          checked={deleteMarkers}
          onChange={(e) => setDeleteMarkers(e.currentTarget.checked)}
          disabled={saving}
        />
        <Checkbox
          label={t('replicationTab.replicateDeletes')}
          checked={deletes}
          onChange={(e) => setDeletes(e.currentTarget.checked)}
          disabled={saving}
        />
        <Checkbox
          label={t('replicationTab.replicateMetadata')}
          checked={metadata}
          onChange={(e) => setMetadata(e.currentTarget.checked)}
          disabled={saving}
        />
      </Stack>
    </ModalChangeForm>
  );
}
