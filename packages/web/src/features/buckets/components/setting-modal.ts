/**
 * The props of the Summary's setting modals (Edit Versioning, Enable Bucket Quota, Set Retention
 * Configuration): form modals (`shared/components/form-modal.tsx`) that start from a bucket's
 * setting as last read.
 */

/** The props of a setting's modal: the bucket, whether it is open, the setting as last read. */
export interface SettingModalProps<C> {
  bucket: string;
  opened: boolean;
  current: C;
  onClose: () => void;
}
