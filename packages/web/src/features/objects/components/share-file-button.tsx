/**
 * The Share action of a file (spec 2 §2): a button that opens the Share File modal for the object
 * (or one of its versions). Disabled for delete markers, which have nothing to share.
 */
import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TEST_IDS } from '../../../selectors.js';
import { displayName } from '../api/object-paths.js';
import { ShareFileModal } from './share-file-modal.js';

export interface ShareFileButtonProps {
  bucket: string;
  objectKey: string;
  versionId?: string | null;
  disabled?: boolean;
}

export function ShareFileButton({ bucket, objectKey, versionId, disabled }: ShareFileButtonProps) {
  const { t } = useTranslation('objects');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShare size={16} aria-hidden="true" />}
        disabled={disabled}
        onClick={() => setOpen(true)}
        aria-label={t('share.openFor', { name: displayName(objectKey) })}
        data-testid={TEST_IDS.share.open}
      >
        {t('share.open')}
      </Button>
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
