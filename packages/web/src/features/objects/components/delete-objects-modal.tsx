/**
 * Confirmation for deleting one object or folder, or the current selection. Folders are deleted
 * with everything under them; the outcome the server reports is shown (spec 2 §8 messages on
 * success, the server's error inside the modal otherwise). A folder or a selection is deleted by
 * the server in batches with its progress streamed (issue 9 §6): the modal shows the running
 * counts, and stays open on a partial failure with the exact counts and the reasons.
 */
import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteObject } from '../api/delete-object.js';
import { useDeleteWithProgress } from '../api/delete-progress.js';
import { displayName, isFolder } from '../api/object-paths.js';
import { DeleteOutcomeView, DeleteRunning } from './delete-outcome.js';

export interface DeleteObjectsModalProps {
  bucket: string;
  /** The keys to delete; null when the modal is closed. */
  keys: readonly string[] | null;
  onClose: () => void;
  onDeleted: (keys: readonly string[]) => void;
}

export function DeleteObjectsModal({ bucket, keys, onClose, onDeleted }: DeleteObjectsModalProps) {
  const { t } = useTranslation(['objects', 'common']);
  const single = useDeleteObject(bucket);
  const multiple = useDeleteWithProgress(bucket);
  const notify = useNotify();
  const pending = single.isPending || multiple.isPending;
  const error = single.error ?? multiple.error;
  // A delete that ended with failures: the counts and reasons stay on screen until closed.
  const partial =
    multiple.data !== undefined &&
    (multiple.data.failed > 0 || multiple.data.errors.length > 0 || multiple.data.stopped === true);
  const close = () => {
    if (partial && keys !== null) onDeleted(keys);
    single.reset();
    multiple.reset();
    onClose();
  };
  const handleDelete = () => {
    if (keys === null || keys.length === 0) return;
    const done = () => {
      onDeleted(keys);
      close();
    };
    const [only] = keys;
    if (keys.length === 1 && only !== undefined && !isFolder(only)) {
      single.mutate(only, {
        onSuccess: () => {
          notify.success(t('delete.deletedOne', { name: displayName(only) }));
          done();
        },
      });
    } else {
      multiple.mutate(keys, {
        onSuccess: (outcome) => {
          if (outcome.failed > 0 || outcome.errors.length > 0 || outcome.stopped === true) return;
          const message =
            keys.length === 1
              ? t('delete.deletedOne', { name: displayName(only ?? '') })
              : t('delete.deletedMany');
          // The spec's message, then the exact count the server reported.
          notify.success(
            `${message} ${t('bulk.outcome', { deleted: outcome.deleted, failed: outcome.failed })}`,
          );
          done();
        },
      });
    }
  };
  const folders = (keys ?? []).filter(isFolder).length;
  return (
    <Modal
      opened={keys !== null}
      onClose={close}
      title={t('delete.title')}
      data-testid={OBJECTS_TEST_IDS.deleteObjects.modal}
    >
      <Stack>
        <ModalError error={error} testId={OBJECTS_TEST_IDS.deleteObjects.error} />
        {multiple.isPending && multiple.progress !== null && <DeleteRunning progress={multiple.progress} />}
        {partial && <DeleteOutcomeView outcome={multiple.data} />}
        <Text>{t('delete.question')}</Text>
        <List size="sm" style={{ maxHeight: 200, overflow: 'auto', wordBreak: 'break-all' }}>
          {(keys ?? []).map((key) => (
            <List.Item key={key}>{key}</List.Item>
          ))}
        </List>
        {folders > 0 && (
          <Text size="sm" c="dimmed">
            {t('delete.folders')}
          </Text>
        )}
        <Group justify="flex-end">
          {multiple.isPending ? (
            <Button variant="default" onClick={multiple.stop} data-testid={OBJECTS_TEST_IDS.bulk.stop}>
              {t('bulk.stop')}
            </Button>
          ) : (
            <Button variant="default" onClick={close} disabled={pending}>
              {t('common:actions.cancel')}
            </Button>
          )}
          <Button
            color="red.9"
            onClick={handleDelete}
            loading={pending}
            disabled={partial}
            data-testid={OBJECTS_TEST_IDS.deleteObjects.confirm}
          >
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
