/**
 * The Delete Bucket confirmation (spec 1 §4): it says a bucket can only be deleted if it is empty;
 * the server's refusal is shown inside the modal.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { TEST_IDS } from '../../../selectors.js';
import { ModalError } from '../../../shared/components/modal-error.js';
import { useNotify } from '../../../shared/components/notify.js';
import { useDeleteBucket } from '../api/delete-bucket.js';

export interface DeleteBucketModalProps {
  bucket: string | null;
  onClose: () => void;
  onDeleted?: (bucket: string) => void;
}

export function DeleteBucketModal({ bucket, onClose, onDeleted }: DeleteBucketModalProps) {
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
        notify.success(`Bucket '${bucket}' deleted successfully.`);
        onDeleted?.(bucket);
        close();
      },
    });
  };
  return (
    <Modal
      opened={bucket !== null}
      onClose={close}
      title="Delete Bucket"
      data-testid={TEST_IDS.deleteBucket.modal}
    >
      <Stack>
        <ModalError error={mutation.error} testId={TEST_IDS.deleteBucket.error} />
        <Text>
          Are you sure you want to delete bucket <strong>{bucket}</strong>?
        </Text>
        <Text size="sm" c="dimmed">
          A bucket can only be deleted if it is empty.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            color="red.9"
            onClick={handleDelete}
            loading={mutation.isPending}
            data-testid={TEST_IDS.deleteBucket.confirm}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
