/**
 * The 'Create Bucket' button with its modal, shown only when the server allows s3:CreateBucket
 * (spec 1 §6). Used on /buckets and, handed in by the app, on the object browser's bucket list.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUCKETS_TEST_IDS } from '../test-ids.js';
import { usePermission } from '../../../shared/api/has-permission.js';
import { CreateBucketModal } from './create-bucket-modal.js';

export function CreateBucketButton() {
  const { t } = useTranslation('buckets');
  const allowed = usePermission('s3:CreateBucket');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button
        leftSection={<IconPlus size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid={BUCKETS_TEST_IDS.buckets.createBucket}
      >
        {t('createBucket')}
      </Button>
      <CreateBucketModal opened={open} onClose={() => setOpen(false)} />
    </>
  );
}
