/**
 * The Delete Bucket confirmation (spec 1 §4): it says a bucket can only be deleted if it is empty;
 * the server's refusal is shown inside the modal.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteBucket } from '../api/delete-bucket.js';

export interface DeleteBucketModalProps {
  bucket: string | null;
  onClose: () => void;
  onDeleted?: (bucket: string) => void;
}

export function DeleteBucketModal({ bucket, onClose, onDeleted }: DeleteBucketModalProps) {
  const { t } = useTranslation(['buckets', 'common']);
  const mutation = useDeleteBucket();
  const notify = useNotify();
  const close = () => {
    mutation.reset();
    onClose();
  };
  const handleDelete = () => {
    if (bucket === null) return;
    mutation.mutate(bucket, {
      onSuccess: () => {
        notify.success(t('delete.deleted', { name: bucket }));
        onDeleted?.(bucket);
        close();
      },
    });
  };
  return (
    <Modal
      opened={bucket !== null}
      onClose={close}
      title={t('delete.title')}
      data-testid={BUCKETS_TEST_IDS.deleteBucket.modal}
    >
      <Stack>
        <ModalError error={mutation.error} testId={BUCKETS_TEST_IDS.deleteBucket.error} />
        <Text>
          <Trans
            t={t}
            i18nKey="delete.question"
            values={{ name: bucket ?? '' }}
            components={{ strong: <strong /> }}
          />
        </Text>
        <Text size="sm" c="dimmed">
          {t('delete.onlyEmpty')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="red.9"
            onClick={handleDelete}
            loading={mutation.isPending}
            data-testid={BUCKETS_TEST_IDS.deleteBucket.confirm}
          >
            {t('common:actions.delete')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
