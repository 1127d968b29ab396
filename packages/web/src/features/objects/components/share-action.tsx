/**
 * The share icon of the object details header and of each Versions row (spec 2 §2: disabled for
 * delete markers): an icon button that opens the Share File modal for the object or one version.
 * Mount: `<ShareAction bucket={…} objectKey={…} versionId={…} disabled={isDeleteMarker} />`.
 */
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OBJECTS_TEST_IDS } from '../test-ids.js';
import { displayName } from '../api/object-paths.js';
import { ShareFileModal } from './share-file-modal.js';

export interface ShareActionProps {
  bucket: string;
  objectKey: string;
  versionId?: string | null;
  disabled?: boolean;
  /** Mantine ActionIcon size: 'lg' in the header, default in table rows. */
  size?: 'md' | 'lg';
  testId?: string;
}

export function ShareAction({ bucket, objectKey, versionId, disabled, size, testId }: ShareActionProps) {
  const { t } = useTranslation('objects');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={t('share.open')}>
        <ActionIcon
          variant={size === 'lg' ? 'default' : 'subtle'}
          size={size ?? 'md'}
          disabled={disabled}
          onClick={() => setOpen(true)}
          aria-label={t('share.openFor', { name: displayName(objectKey) })}
          data-testid={testId ?? OBJECTS_TEST_IDS.share.open}
        >
          <IconShare size={size === 'lg' ? 18 : 16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      <ShareFileModal
        opened={open}
        bucket={bucket}
        objectKey={objectKey}
        versionId={versionId ?? null}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
