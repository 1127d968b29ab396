/**
 * The frame of the object details' modals that change one version (Add New Tag, Set Legal Hold,
 * Set Retention Policy): open while a version is given, its form mounted per opening so it starts
 * from that version's values each time.
 */
import type { ComponentType } from 'react';
import type { BucketObject } from '../../../../shared/api/types.js';
import { FormModal } from '../../../../shared/components/form-modal.js';

export interface VersionModalProps {
  bucket: string;
  /** The version to change; null when the modal is closed. */
  version: BucketObject | null;
  onClose: () => void;
}

/** What a version modal's form gets: the bucket, the (open) version, and how to close. */
export interface VersionFormProps {
  bucket: string;
  version: BucketObject;
  onClose: () => void;
}

export function VersionFormModal({
  bucket,
  version,
  onClose,
  title,
  testId,
  form: Form,
}: VersionModalProps & { title: string; testId: string; form: ComponentType<VersionFormProps> }) {
  return (
    <FormModal opened={version !== null} onClose={onClose} title={title} testId={testId}>
      {() => version !== null && <Form bucket={bucket} version={version} onClose={onClose} />}
    </FormModal>
  );
}
